/**
 * Solana's public mainnet JSON-RPC (api.mainnet-beta.solana.com) as a stand-in's behaviour (mainnet-behaviour.md §7):
 * per IP 100 requests per 10 s and 40 per 10 s for a single method, refused with HTTP 429 and a JSON-RPC error of
 * code 429 (the per-method and the connection-level wording), a Retry-After; `getProgramAccounts` disabled (HTTP 410,
 * code 410); and `getTokenAccountsByOwner`, which the public endpoint often answers 429 even for a single call
 * (`tokenAccountsByOwner: 'limited'`, the default). Another public node (publicnode) is the same behaviour with
 * `tokenAccountsByOwner: 'served'` and its own limits.
 */
import type { Behaviour, Canned, StandInRequest } from '@secux-companion/sim-kit';

export interface SolanaPublicRpcOptions {
  name?: string;
  /** Requests per window per client (default 100 per 10 s). */
  perClient?: { max: number; windowMs: number };
  /** Requests per window for one method (default 40 per 10 s). */
  perMethod?: { max: number; windowMs: number };
  /** 'limited' (default): every getTokenAccountsByOwner is answered 429; 'served': forwarded. */
  tokenAccountsByOwner?: 'limited' | 'served';
}

export const SOLANA_PER_METHOD_MESSAGE =
  'Too many requests for a specific RPC call, contact your app developer or support@rpcpool.com.';
export const SOLANA_CONNECTION_MESSAGE =
  'Connection rate limits exceeded, contact your app developer or support@rpcpool.com.';
export const SOLANA_DISABLED_MESSAGE = 'The RPC call or parameters have been disabled.';

/** The request's JSON-RPC id (null when there is none), echoed in a refusal as the node does. */
export function jsonRpcId(r: StandInRequest): unknown {
  try {
    const j = JSON.parse(r.body) as unknown;
    const first = Array.isArray(j) ? (j[0] as unknown) : j;
    return first && typeof first === 'object' && 'id' in first ? (first as { id: unknown }).id : null;
  } catch {
    return null;
  }
}

const rpcError = (
  r: StandInRequest,
  status: number,
  code: number,
  message: string,
  retryAfter?: number,
): Canned => ({
  status,
  headers: retryAfter ? { 'retry-after': String(retryAfter) } : {},
  body: { jsonrpc: '2.0', error: { code, message }, id: jsonRpcId(r) },
});

export function solanaPublicRpc(o: SolanaPublicRpcOptions = {}): Behaviour {
  const perClient = o.perClient ?? { max: 100, windowMs: 10_000 };
  const perMethod = o.perMethod ?? { max: 40, windowMs: 10_000 };
  const limitTokens = (o.tokenAccountsByOwner ?? 'limited') === 'limited';
  return {
    name: o.name ?? 'solana-mainnet-beta',
    limits: [
      {
        ...perClient,
        answer: (r, wait) => rpcError(r, 429, 429, SOLANA_CONNECTION_MESSAGE, wait),
      },
      {
        ...perMethod,
        key: (r) => r.rpcMethods[0] ?? '',
        answer: (r, wait) => rpcError(r, 429, 429, SOLANA_PER_METHOD_MESSAGE, wait),
      },
    ],
    intercept(r) {
      if (r.rpcMethods.includes('getProgramAccounts')) return rpcError(r, 410, 410, SOLANA_DISABLED_MESSAGE);
      if (limitTokens && r.rpcMethods.includes('getTokenAccountsByOwner'))
        return rpcError(r, 429, 429, SOLANA_PER_METHOD_MESSAGE, 10);
      return undefined;
    },
  };
}
