/**
 * A java-tron full node's HTTP API and the TronGrid v1 index API (reference/apis/tron.md). Requests use base58
 * addresses (`visible: true`) so messages come back as text; the node's errors are HTTP 200 `{"Error": …}` (its
 * rate limiter's "lack of computing resources" is this server's failure, anything else about the request is the
 * caller's); an account not activated is `{}`; zero-valued fields are left out and defaulted to 0.
 */
import { z } from 'zod';
import { ProviderError, penaltyOf, withBreaker, type FetchFn } from '@secux-companion/server-kit/failover';
import { getLosslessJson } from '@secux-companion/server-kit/losslessJson';
import type {
  TronAccountRead,
  TronBroadcastRead,
  TronConstantRead,
  TronIndexPage,
  TronIndexProvider,
  TronNodeProvider,
  TronResourceRead,
  Trc10Read,
} from '../backend.js';

/** TronGrid's index answers at most 200 entries a page (spec 02 "limit=200"). */
export const TRON_INDEX_LIMIT = 200;

const Int = z
  .union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^\d{1,20}$/)])
  .transform((v) => BigInt(v));
const opt = Int.optional().transform((v) => v ?? 0n);
const Uint = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

const NodeError = z.object({ Error: z.string() }).passthrough();
const Account = z
  .object({
    address: z.string().optional(),
    balance: opt,
    assetV2: z
      .array(z.object({ key: z.string().regex(/^\d{1,19}$/), value: Int }))
      .max(1000)
      .optional(),
  })
  .passthrough();
const Resource = z
  .object({
    freeNetLimit: opt,
    freeNetUsed: opt,
    NetLimit: opt,
    NetUsed: opt,
    EnergyLimit: opt,
    EnergyUsed: opt,
  })
  .passthrough();
const Block = z.object({
  blockID: z.string().regex(/^[0-9a-f]{64}$/),
  block_header: z.object({ raw_data: z.object({ number: Uint.optional(), timestamp: Uint }) }),
});
const Params = z.object({
  chainParameter: z.array(z.object({ key: z.string().max(100), value: Int.optional() })).max(500),
});
const Constant = z
  .object({
    result: z.object({
      result: z.boolean().optional(),
      code: z.string().optional(),
      message: z.string().optional(),
    }),
    energy_used: opt,
    constant_result: z
      .array(
        z
          .string()
          .regex(/^[0-9a-fA-F]*$/)
          .max(20_000),
      )
      .optional(),
    transaction: z
      .object({ ret: z.array(z.object({ ret: z.string().optional() }).passthrough()).optional() })
      .passthrough()
      .optional(),
  })
  .passthrough();
const Broadcast = z.object({
  result: z.boolean().optional(),
  code: z.string().max(100).optional(),
  message: z.string().max(10_000).optional(),
  txid: z.string().optional(),
});
const Asset = z
  .object({
    id: z
      .string()
      .regex(/^\d{1,19}$/)
      .optional(),
    name: z.string().max(400).optional(),
    abbr: z.string().max(400).optional(),
    precision: z.number().int().min(0).max(18).optional(),
  })
  .passthrough();
const Envelope = z.object({
  success: z.boolean().optional(),
  error: z.string().optional(),
  data: z.array(z.unknown()).max(TRON_INDEX_LIMIT).optional(),
  meta: z
    .object({ fingerprint: z.string().max(2000).optional() })
    .passthrough()
    .optional(),
});
const V1Account = z.object({
  trc20: z
    .array(z.record(z.string(), z.string().regex(/^\d{1,78}$/)))
    .max(1000)
    .optional(),
});

/** The node writes messages as hex of UTF-8 unless `visible`; text stays text. */
export function nodeMessage(m: string | undefined): string {
  if (!m) return '';
  if (/^([0-9a-fA-F]{2})+$/.test(m)) {
    const text = Buffer.from(m, 'hex').toString('utf8');
    if (/^[\x20-\x7e\s]*$/.test(text)) return text.slice(0, 500);
  }
  return m.slice(0, 500);
}

export interface TronGridOptions {
  name: string;
  /** Base URL: the full node's or TronGrid's host (`/wallet/…`, `/v1/…` are appended). */
  url: string;
  fetch: FetchFn;
  timeoutMs: number;
  /** TRON-PRO-API-KEY (never logged, never sent to clients). */
  apiKey?: string;
}

/** TronGrid's suspension when no length is given ("the query server is suspended for 30s"). */
export const TRONGRID_PAUSE_S = 30;

/**
 * TronGrid's rate-limit answer in an otherwise normal body (`{"Error":"The key exceeds the frequency limit(30), and
 * the query server is suspended for 30s"}`, `{"success":false,"error":"…"}`, `request rate exceeded the
 * allowed_rps(10), and the query server is suspended for 5 s`): rate limited for the suspension it names. The same
 * bodies with HTTP 403 / 429 / 503 are classified by failover.ts (rateLimitOf).
 */
function tronRateLimit(text: string): ProviderError | undefined {
  if (!/frequency limit|allowed_rps|request rate exceeded|suspended for|rate limit/i.test(text))
    return undefined;
  return new ProviderError('rateLimited', `rate limited: ${text.slice(0, 200)}`, {
    retryAfter: penaltyOf(text) ?? TRONGRID_PAUSE_S,
  });
}

function headers(o: TronGridOptions): Record<string, string> {
  return { 'content-type': 'application/json', ...(o.apiKey ? { 'TRON-PRO-API-KEY': o.apiKey } : {}) };
}

export function createTronNode(o: TronGridOptions): TronNodeProvider {
  const base = o.url.replace(/\/+$/, '');
  const post = async <S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
    signal: AbortSignal,
    api: 'wallet' | 'walletsolidity' = 'wallet',
  ) => {
    // Sun are JSON numbers: read losslessly, a balance above 2^53 keeps every digit (losslessJson.ts).
    const raw = await getLosslessJson(o.fetch, `${base}/${api}/${path}`, z.unknown(), path, {
      method: 'POST',
      headers: headers(o),
      body: JSON.stringify(body),
      signal,
    });
    const err = NodeError.safeParse(raw);
    if (err.success) {
      const limited = tronRateLimit(err.data.Error);
      if (limited) throw limited;
      const busy = /lack of computing resources/i.test(err.data.Error);
      throw new ProviderError(
        busy ? 'rateLimited' : 'badRequest',
        `${path}: ${err.data.Error.slice(0, 300)}`,
      );
    }
    const r = schema.safeParse(raw);
    if (!r.success)
      throw new ProviderError('malformed', `unexpected ${path} shape: ${r.error.issues[0]?.message ?? ''}`);
    return r.data as z.output<S>;
  };
  return withBreaker({
    name: o.name,
    timeoutMs: o.timeoutMs,
    async getAccount(address, signal): Promise<TronAccountRead> {
      const a = await post('getaccount', { address, visible: true }, Account, signal);
      if (!a.address && a.balance === 0n && !a.assetV2) return { found: false };
      return {
        found: true,
        balance: a.balance,
        assets: (a.assetV2 ?? []).map((x) => ({ id: x.key, balance: x.value })),
      };
    },
    async getAccountResource(address, signal): Promise<TronResourceRead> {
      const r = await post('getaccountresource', { address, visible: true }, Resource, signal);
      return {
        freeNetLimit: r.freeNetLimit,
        freeNetUsed: r.freeNetUsed,
        netLimit: r.NetLimit,
        netUsed: r.NetUsed,
        energyLimit: r.EnergyLimit,
        energyUsed: r.EnergyUsed,
      };
    },
    async getNowBlock(signal) {
      const b = await post('getnowblock', {}, Block, signal);
      const number = b.block_header.raw_data.number ?? parseInt(b.blockID.slice(0, 16), 16);
      return { blockID: b.blockID, blockNumber: number, timestamp: b.block_header.raw_data.timestamp };
    },
    async getChainParameters(signal) {
      const p = await post('getchainparameters', {}, Params, signal);
      return new Map(p.chainParameter.map((x) => [x.key, x.value ?? 0n] as const));
    },
    async triggerConstant(owner, contract, call, signal): Promise<TronConstantRead> {
      const body = {
        owner_address: owner,
        contract_address: contract,
        visible: true,
        ...('data' in call
          ? { data: call.data }
          : { function_selector: call.selector, parameter: call.parameter }),
      };
      const r = await post('triggerconstantcontract', body, Constant, signal);
      const reverted = r.transaction?.ret?.[0]?.ret === 'FAILED';
      return {
        ok: r.result.result === true && !reverted,
        energyUsed: r.energy_used,
        result: r.constant_result?.[0] ?? '',
        message: nodeMessage(r.result.message) || r.result.code || '',
      };
    },
    async getAssetIssueById(id, signal): Promise<Trc10Read | null> {
      const a = await post('getassetissuebyid', { value: id, visible: true }, Asset, signal);
      if (!a.id && !a.name) return null;
      return {
        id: a.id ?? id,
        name: nodeMessage(a.name),
        abbr: nodeMessage(a.abbr),
        precision: a.precision ?? 0,
      };
    },
    async broadcastHex(hex, signal): Promise<TronBroadcastRead> {
      const r = await post('broadcasthex', { transaction: hex }, Broadcast, signal);
      return {
        result: r.result === true,
        code: r.code ?? (r.result ? 'SUCCESS' : 'OTHER_ERROR'),
        message: nodeMessage(r.message),
        txid: (r.txid ?? '').toLowerCase(),
      };
    },
    async getTransactionInfo(id, signal) {
      return post('gettransactioninfobyid', { value: id }, z.record(z.string(), z.unknown()), signal);
    },
    async getSolidTransactionInfo(id, signal) {
      return post(
        'gettransactioninfobyid',
        { value: id },
        z.record(z.string(), z.unknown()),
        signal,
        'walletsolidity',
      );
    },
    async getSolidBlock(signal) {
      const b = await post('getnowblock', {}, Block, signal, 'walletsolidity');
      const number = b.block_header.raw_data.number ?? parseInt(b.blockID.slice(0, 16), 16);
      return { blockID: b.blockID, blockNumber: number, timestamp: b.block_header.raw_data.timestamp };
    },
  });
}

export function createTronIndex(o: TronGridOptions): TronIndexProvider {
  const base = o.url.replace(/\/+$/, '');
  const get = async (path: string, signal: AbortSignal) => {
    // A transfer's `amount` (sun) is a JSON number: read losslessly too.
    const e = await getLosslessJson(o.fetch, `${base}${path}`, Envelope, 'index', {
      headers: headers(o),
      signal,
    });
    if (e.success === false)
      throw (
        tronRateLimit(e.error ?? '') ??
        new ProviderError('server', `index: ${(e.error ?? 'failed').slice(0, 200)}`)
      );
    return e;
  };
  const page = async (
    path: string,
    fingerprint: string | null,
    signal: AbortSignal,
  ): Promise<TronIndexPage> => {
    const q = `limit=${TRON_INDEX_LIMIT}${fingerprint ? `&fingerprint=${encodeURIComponent(fingerprint)}` : ''}`;
    const e = await get(`${path}?${q}`, signal);
    return { data: e.data ?? [], fingerprint: e.meta?.fingerprint ?? null };
  };
  const enc = encodeURIComponent;
  return withBreaker({
    name: o.name,
    timeoutMs: o.timeoutMs,
    async trc20Balances(address, signal) {
      const e = await get(`/v1/accounts/${enc(address)}`, signal);
      const first = e.data?.[0];
      if (first === undefined) return [];
      const a = V1Account.safeParse(first);
      if (!a.success) throw new ProviderError('malformed', 'unexpected v1 account shape');
      return (a.data.trc20 ?? []).flatMap((m) =>
        Object.entries(m).map(([contract, balance]) => ({ contract, balance: BigInt(balance) })),
      );
    },
    transactions(address, fingerprint, signal) {
      return page(`/v1/accounts/${enc(address)}/transactions`, fingerprint, signal);
    },
    trc20Transfers(address, fingerprint, signal) {
      return page(`/v1/accounts/${enc(address)}/transactions/trc20`, fingerprint, signal);
    },
  });
}
