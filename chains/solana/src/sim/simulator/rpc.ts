/**
 * The JSON-RPC surface: each method → its request family, the params it reads (refused as -32602), the test-only
 * control route, and jsonrpc-core's envelope (-32700 parse error, -32600, -32601, -32603 for the unexpected).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { address as toAddress, getBase58Encoder, type Address } from '@solana/kit';
import { accountJson, tokenAccountsByOwner } from './accounts.js';
import { RpcError } from './errors.js';
import { recentPrioritizationFees } from './fees.js';
import { signatureStatuses, signaturesForAddress } from './history.js';
import type { SolanaLedger } from './ledger.js';
import { send } from './send.js';
import { feeForMessage, simulate } from './simulate.js';

/** Path of the test-only control API (advance blocks). */
export const SOLANA_CONTROL_PREFIX = '/_localnet';
const SLOTS_PER_EPOCH = 432_000n;

/** A base58 public key param, refused as agave refuses it. */
function pubkeyOf(v: unknown): Address {
  try {
    if (typeof v !== 'string' || getBase58Encoder().encode(v).length !== 32) throw new Error();
    return toAddress(v);
  } catch {
    throw new RpcError(-32602, 'Invalid param: Invalid');
  }
}

/** getMultipleAccounts' most keys per call (agave `MAX_MULTIPLE_ACCOUNTS`). */
export const MAX_MULTIPLE_ACCOUNTS = 100;

/** One call: the node, its genesis hash, and readers of its params. */
class Call {
  constructor(
    readonly l: SolanaLedger,
    readonly genesisHash: string,
    readonly params: unknown[],
  ) {}

  str(i: number): string {
    const v = this.params[i];
    if (typeof v !== 'string') throw new RpcError(-32602, `Invalid params: expected a string at ${i}`);
    return v;
  }

  pubkey(i: number): Address {
    return pubkeyOf(this.str(i));
  }

  cfg(i: number): Record<string, unknown> {
    const v = this.params[i];
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  }

  /** The base64 transaction of simulateTransaction / sendTransaction and its config (only base64 is read). */
  base64Tx(): { tx: string; c: Record<string, unknown> } {
    const c = this.cfg(1);
    if (c.encoding !== 'base64') throw new RpcError(-32602, 'only base64 encoding is supported here');
    return { tx: this.str(0), c };
  }
}

const METHODS: Readonly<Record<string, (c: Call) => unknown>> = {
  getHealth: () => 'ok',
  getGenesisHash: (c) => c.genesisHash,
  getVersion: () => ({ 'solana-core': '2.2.0 (LiteSVM)', 'feature-set': 0 }),
  getSlot: (c) => Number(c.l.slot),
  getBlockHeight: (c) => c.l.height,
  getEpochInfo: ({ l }) => ({
    absoluteSlot: Number(l.slot),
    blockHeight: l.height,
    epoch: Number(l.slot / SLOTS_PER_EPOCH),
    slotIndex: Number(l.slot % SLOTS_PER_EPOCH),
    slotsInEpoch: Number(SLOTS_PER_EPOCH),
    transactionCount: l.bySignature.size,
  }),
  getBalance: (c) => c.l.ctx(Number(c.l.account(c.pubkey(0))?.lamports ?? 0n)),
  getAccountInfo: (c) => c.l.ctx(accountJson(c.l, c.pubkey(0))),
  getMultipleAccounts: (c) => {
    const keys = c.params[0];
    if (!Array.isArray(keys)) throw new RpcError(-32602, 'Invalid params: expected an array of keys');
    if (keys.length > MAX_MULTIPLE_ACCOUNTS)
      throw new RpcError(-32602, `Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`);
    const list = keys.map(pubkeyOf);
    return c.l.ctx(list.map((k) => accountJson(c.l, k)));
  },
  getMinimumBalanceForRentExemption: (c) => {
    const size = c.params[0];
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 0)
      throw new RpcError(-32602, 'Invalid params');
    return Number(c.l.svm.minimumBalanceForRentExemption(BigInt(size)));
  },
  getLatestBlockhash: ({ l }) =>
    l.ctx({ blockhash: l.latest, lastValidBlockHeight: l.recent.get(l.latest)! }),
  isBlockhashValid: (c) => c.l.ctx(c.l.isBlockhashValid(c.str(0))),
  getRecentPrioritizationFees: (c) => recentPrioritizationFees(c.l, c.params[0]),
  getTokenAccountsByOwner: (c) => {
    const owner = c.pubkey(0);
    const f = c.cfg(1);
    return c.l.ctx(
      tokenAccountsByOwner(c.l, owner, {
        ...(typeof f.programId === 'string' ? { programId: f.programId } : {}),
        ...(typeof f.mint === 'string' ? { mint: f.mint } : {}),
      }),
    );
  },
  getSignaturesForAddress: (c) => signaturesForAddress(c.l, c.pubkey(0), c.cfg(1)),
  getTransaction: (c) => c.l.bySignature.get(c.str(0))?.record ?? null,
  getSignatureStatuses: (c) => c.l.ctx(signatureStatuses(c.l, c.params[0])),
  simulateTransaction: (c) => {
    const { tx, c: cfg } = c.base64Tx();
    return c.l.ctx(simulate(c.l, tx, cfg));
  },
  getFeeForMessage: (c) => c.l.ctx(feeForMessage(c.l, c.str(0))),
  sendTransaction: (c) => {
    const { tx, c: cfg } = c.base64Tx();
    return send(c.l, tx, cfg.skipPreflight === true);
  },
};

/** One JSON-RPC call. */
export function handle(l: SolanaLedger, genesisHash: string, method: string, params: unknown[]): unknown {
  const run = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined;
  if (!run) throw new RpcError(-32601, 'Method not found');
  return run(new Call(l, genesisHash, params));
}

/** One HTTP request: the control route (POST /_localnet/advance {"blocks": n}), else a JSON-RPC call. */
export function onRequest(
  l: SolanaLedger,
  genesisHash: string,
  req: IncomingMessage,
  body: string,
  res: ServerResponse,
): void {
  res.setHeader('content-type', 'application/json');
  if (req.url?.startsWith(SOLANA_CONTROL_PREFIX)) {
    // Test-only control: POST /_localnet/advance {"blocks": n}.
    const n = Math.min(
      10_000,
      Math.max(1, Number((JSON.parse(body || '{}') as { blocks?: unknown }).blocks ?? 1)),
    );
    l.advance(n);
    res.end(JSON.stringify({ slot: Number(l.slot), blockHeight: l.height }));
    return;
  }
  let id: unknown = null;
  let call: { id?: unknown; method?: unknown; params?: unknown };
  try {
    call = JSON.parse(body) as typeof call;
  } catch {
    // jsonrpc-core's answer to a body that is not JSON
    res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }));
    return;
  }
  try {
    id = call.id ?? null;
    if (typeof call.method !== 'string') throw new RpcError(-32600, 'Invalid request');
    const result = handle(l, genesisHash, call.method, Array.isArray(call.params) ? call.params : []);
    res.end(JSON.stringify({ jsonrpc: '2.0', result, id }));
  } catch (e) {
    const err =
      e instanceof RpcError ? e : new RpcError(-32603, e instanceof Error ? e.message : 'Internal error');
    res.end(
      JSON.stringify({
        jsonrpc: '2.0',
        error: {
          code: err.code,
          message: err.message,
          ...(err.data !== undefined ? { data: err.data } : {}),
        },
        id,
      }),
    );
  }
}
