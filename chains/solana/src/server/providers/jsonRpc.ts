/**
 * A Solana node over JSON-RPC (HTTP POST `{"jsonrpc":"2.0","id":1,"method","params"}`; reference/apis/
 * solana-jsonrpc.md). Shapes are checked here; values are bounded by the facade (bounds.ts). A JSON-RPC error is
 * the caller's fault for invalid params (-32602) and a sendTransaction preflight failure (-32002: the node's
 * simulation refused it, e.g. BlockhashNotFound), or the signature check (-32003); anything else is this node's
 * failure and the other node is asked.
 */
import { z } from 'zod';
import {
  PER_CALL_LIMIT_TEXT,
  ProviderError,
  RATE_LIMIT_TEXT,
  withBreaker,
  type FetchFn,
} from '@secux-companion/server-kit/failover';
import { UintAmount, getLosslessJson } from '@secux-companion/server-kit/losslessJson';
import type {
  AccountsSimulationRead,
  ParsedAccount,
  SignatureInfo,
  SignatureStatusRead,
  SimulationRead,
  SolanaProvider,
} from '../backend.js';

const Uint = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const Base58 = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,88}$/);

const Envelope = z.object({
  result: z.unknown().optional(),
  error: z
    .object({ code: z.number(), message: z.string(), data: z.unknown().optional() })
    .passthrough()
    .optional(),
});
const SignatureStatus = z
  .object({
    slot: Uint,
    confirmations: Uint.nullable().optional(),
    err: z.unknown().optional(),
    confirmationStatus: z.enum(['processed', 'confirmed', 'finalized']).nullable().optional(),
  })
  .passthrough();
const Ctx = <S extends z.ZodType>(value: S) =>
  z.object({ context: z.object({ slot: Uint }).passthrough(), value });

const Account = z
  .object({
    lamports: UintAmount,
    owner: Base58,
    space: Uint.optional(),
    data: z.union([
      z.array(z.string()),
      z.string(),
      z
        .object({
          program: z.string(),
          space: Uint.optional(),
          parsed: z.union([
            z.object({ type: z.string(), info: z.record(z.string(), z.unknown()) }),
            z.string(),
          ]),
        })
        .passthrough(),
    ]),
  })
  .passthrough();

/** Binary account data kept (base64 characters): a Metaplex metadata account is 679 bytes; larger ones are not read. */
const RAW_DATA_MAX_CHARS = 4096;

function toParsed(a: z.output<typeof Account>): ParsedAccount {
  const d = a.data;
  const isParsed = typeof d === 'object' && !Array.isArray(d);
  const space =
    a.space ?? (isParsed ? (d.space ?? 0) : Array.isArray(d) ? Math.floor(((d[0] ?? '').length * 3) / 4) : 0);
  const b64 = Array.isArray(d) && d[1] === 'base64' ? (d[0] ?? '') : null;
  return {
    lamports: a.lamports,
    owner: a.owner,
    space,
    program: isParsed ? d.program : null,
    parsed: isParsed && typeof d.parsed === 'object' ? d.parsed : null,
    data:
      b64 !== null && b64.length <= RAW_DATA_MAX_CHARS && /^[A-Za-z0-9+/]*={0,2}$/.test(b64)
        ? new Uint8Array(Buffer.from(b64, 'base64'))
        : null,
  };
}

/** getMultipleAccounts' most addresses per call (agave MAX_MULTIPLE_ACCOUNTS). */
export const MULTIPLE_ACCOUNTS_MAX = 100;

const Signatures = z.array(
  z
    .object({ signature: Base58, slot: Uint, err: z.unknown(), blockTime: Uint.nullable().optional() })
    .passthrough(),
);
const Simulation = z.object({ err: z.unknown(), unitsConsumed: Uint.nullable().optional() }).passthrough();

/** JSON-RPC codes that are about the request, answered as they are (no other node asked). */
const CALLER_CODES = new Set([-32602, -32003, -32013, -32015]);

export interface SolanaRpcOptions {
  name: string;
  url: string;
  fetch: FetchFn;
  timeoutMs: number;
}

/** Reads the preflight error of sendTransaction: `data.err` as a short text ('BlockhashNotFound', '{"InstructionError":…}'). */
export function preflightReason(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const err = (data as { err?: unknown }).err;
  if (err === undefined || err === null) return undefined;
  return typeof err === 'string' ? err : JSON.stringify(err).slice(0, 200);
}

export function createSolanaRpc(o: SolanaRpcOptions): SolanaProvider {
  const call = async <S extends z.ZodType>(
    method: string,
    params: unknown[],
    schema: S,
    signal: AbortSignal,
  ) => {
    // Lamports are JSON numbers: read losslessly, a balance above 2^53 keeps every digit (losslessJson.ts).
    const env = await getLosslessJson(o.fetch, o.url, Envelope, method, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal,
    }).catch((e: unknown) => {
      // The public RPC answers 403 to a blocked IP (solana.com clusters page): rate limited, not the caller's fault.
      if (e instanceof ProviderError && e.opts.status === 403)
        throw new ProviderError('rateLimited', `blocked by this node (403): ${e.message}`, e.opts);
      // A 429 of this method only (its "specific RPC call" text): only this method pauses on this node.
      if (e instanceof ProviderError && e.opts.scope === 'call')
        throw new ProviderError(e.kind, `${method}: ${e.message}`, { ...e.opts, call: method });
      throw e;
    });
    if (env.error) {
      const { code, message, data } = env.error;
      // 429 in the JSON-RPC error ("Too many requests for a specific RPC call"): the method's own limit.
      if (code === 429 || RATE_LIMIT_TEXT.test(message))
        throw new ProviderError('rateLimited', `${method}: ${message}`, {
          upstreamCode: code,
          ...(PER_CALL_LIMIT_TEXT.test(message) ? { scope: 'call' as const, call: method } : {}),
        });
      // 410 "The RPC call or parameters have been disabled", -32010 "excluded from account secondary indexes": this
      // node does not serve the call (another may), which says nothing about its health.
      if (code === 410 || code === -32010)
        throw new ProviderError('unsupported', `${method}: ${message}`, { upstreamCode: code });
      if (method === 'sendTransaction' && code === -32002) {
        const reason = preflightReason(data) ?? 'simulation failed';
        throw new ProviderError('rejected', message, { upstreamCode: reason });
      }
      throw new ProviderError(
        CALLER_CODES.has(code) ? (method === 'sendTransaction' ? 'rejected' : 'badRequest') : 'server',
        message,
        {
          upstreamCode: code,
        },
      );
    }
    const r = schema.safeParse(env.result);
    if (!r.success)
      throw new ProviderError('malformed', `unexpected ${method} shape: ${r.error.issues[0]?.message ?? ''}`);
    return r.data as z.output<S>;
  };
  const confirmed = { commitment: 'confirmed' } as const;

  return withBreaker({
    name: o.name,
    timeoutMs: o.timeoutMs,
    async getBalance(address, signal) {
      return (await call('getBalance', [address, confirmed], Ctx(UintAmount), signal)).value;
    },
    async getSignaturesForAddress(address, q, signal): Promise<SignatureInfo[]> {
      const list = await call(
        'getSignaturesForAddress',
        [address, { ...confirmed, limit: q.limit, ...(q.before ? { before: q.before } : {}) }],
        Signatures,
        signal,
      );
      return list.map((s) => ({
        signature: s.signature,
        slot: s.slot,
        err: s.err ?? null,
        blockTime: s.blockTime ?? null,
      }));
    },
    async getTransaction(signature, signal) {
      return call(
        'getTransaction',
        [signature, { ...confirmed, encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }],
        z.unknown(),
        signal,
      );
    },
    async getTokenAccountsByOwner(owner, programId, signal) {
      const r = await call(
        'getTokenAccountsByOwner',
        [owner, { programId }, { ...confirmed, encoding: 'jsonParsed' }],
        Ctx(z.array(z.object({ pubkey: Base58, account: Account }))),
        signal,
      );
      return r.value.map((e) => ({ pubkey: e.pubkey, account: toParsed(e.account) }));
    },
    async getAccountInfo(address, signal) {
      const r = await call(
        'getAccountInfo',
        [address, { ...confirmed, encoding: 'jsonParsed' }],
        Ctx(Account.nullable()),
        signal,
      );
      return r.value ? toParsed(r.value) : null;
    },
    async getMultipleAccounts(addresses, signal) {
      if (addresses.length > MULTIPLE_ACCOUNTS_MAX)
        throw new ProviderError(
          'badRequest',
          `getMultipleAccounts: at most ${MULTIPLE_ACCOUNTS_MAX} addresses`,
        );
      if (!addresses.length) return [];
      const r = await call(
        'getMultipleAccounts',
        [addresses, { ...confirmed, encoding: 'jsonParsed' }],
        Ctx(z.array(Account.nullable()).length(addresses.length)),
        signal,
      );
      return r.value.map((a) => (a ? toParsed(a) : null));
    },
    async getMinimumBalanceForRentExemption(size, signal) {
      return call('getMinimumBalanceForRentExemption', [size, confirmed], UintAmount, signal);
    },
    async getRecentPrioritizationFees(accounts, signal) {
      const list = await call(
        'getRecentPrioritizationFees',
        accounts.length ? [accounts] : [],
        z.array(z.object({ slot: Uint, prioritizationFee: Uint })),
        signal,
      );
      return list.map((f) => f.prioritizationFee);
    },
    async getLatestBlockhash(signal) {
      const r = await call(
        'getLatestBlockhash',
        [{ commitment: 'finalized' }],
        Ctx(z.object({ blockhash: Base58, lastValidBlockHeight: Uint })),
        signal,
      );
      return r.value;
    },
    async getBlockHeight(signal) {
      return call('getBlockHeight', [confirmed], Uint, signal);
    },
    async isBlockhashValid(blockhash, signal) {
      return (await call('isBlockhashValid', [blockhash, confirmed], Ctx(z.boolean()), signal)).value;
    },
    async getEpoch(signal) {
      return (await call('getEpochInfo', [confirmed], z.object({ epoch: Uint }).passthrough(), signal)).epoch;
    },
    async simulateTransaction(base64, signal): Promise<SimulationRead> {
      const r = await call(
        'simulateTransaction',
        [base64, { ...confirmed, encoding: 'base64', sigVerify: false, replaceRecentBlockhash: true }],
        Ctx(Simulation),
        signal,
      );
      return { err: r.value.err ?? null, unitsConsumed: r.value.unitsConsumed ?? null };
    },
    async simulateAccounts(base64, addresses, signal): Promise<AccountsSimulationRead> {
      const r = await call(
        'simulateTransaction',
        [
          base64,
          {
            ...confirmed,
            encoding: 'base64',
            sigVerify: false,
            replaceRecentBlockhash: true,
            accounts: { addresses, encoding: 'jsonParsed' },
          },
        ],
        Ctx(
          Simulation.extend({
            accounts: z.array(Account.nullable()).length(addresses.length).nullable().optional(),
          }),
        ),
        signal,
      );
      const err = r.value.err ?? null;
      // A failed simulation carries no states (agave: null or nulls); a successful one must carry them all.
      if (err === null && !r.value.accounts)
        throw new ProviderError('malformed', 'simulateTransaction: no accounts in the answer');
      return {
        err,
        unitsConsumed: r.value.unitsConsumed ?? null,
        accounts: (r.value.accounts ?? addresses.map(() => null)).map((a) => (a ? toParsed(a) : null)),
      };
    },
    async getFeeForMessage(message, signal) {
      return (await call('getFeeForMessage', [message, confirmed], Ctx(UintAmount.nullable()), signal)).value;
    },
    async sendTransaction(base64, signal) {
      return call(
        'sendTransaction',
        [base64, { encoding: 'base64', preflightCommitment: 'confirmed', maxRetries: 5 }],
        Base58,
        signal,
      );
    },
    async getSignatureStatus(signature, signal): Promise<SignatureStatusRead | null> {
      const r = await call(
        'getSignatureStatuses',
        [[signature], { searchTransactionHistory: true }],
        Ctx(z.array(SignatureStatus.nullable()).length(1)),
        signal,
      );
      const v = r.value[0];
      if (!v) return null;
      return {
        slot: v.slot,
        confirmations: v.confirmations ?? null,
        err: v.err ?? null,
        confirmationStatus: v.confirmationStatus ?? null,
      };
    },
    raw(method, params, signal) {
      return call(method, params, z.unknown(), signal);
    },
  });
}
