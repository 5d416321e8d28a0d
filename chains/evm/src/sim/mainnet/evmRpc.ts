/**
 * A public EVM JSON-RPC node as a stand-in's behaviour (mainnet-behaviour.md §3.1, ethereum-jsonrpc-etherscan.md):
 * over its rate the node answers **HTTP 200** with a JSON-RPC error in one of the shapes seen in the wild — `-32005
 * "Limit exceeded"`, `-32016 "over rate limit"`, or `-32000` wrapping an upstream 429 — or plain HTTP 429; and a node
 * may have `eth_getLogs` disabled, as BNB's dataseeds do (answered as geth answers a method it does not serve). A batch
 * gets one error per call, each with its id. Default rate: BNB's 10K requests per 5 minutes.
 */
import type { Behaviour, Canned, StandInRequest } from '@secux-companion/sim-kit';

export type EvmRateLimitShape = 'limitExceeded' | 'overRateLimit' | 'wrapped429' | 'http429';

export interface EvmPublicRpcOptions {
  name?: string;
  /** Requests per window per client (default 10 000 per 5 minutes). */
  perClient?: { max: number; windowMs: number };
  /** How the refusal looks (default -32005 "Limit exceeded" inside a 200). */
  shape?: EvmRateLimitShape;
  /** eth_getLogs refused (BNB's dataseeds); default false. */
  getLogsDisabled?: boolean;
}

export const EVM_RATE_LIMIT_ERRORS: Record<
  Exclude<EvmRateLimitShape, 'http429'>,
  { code: number; message: string }
> = {
  limitExceeded: { code: -32005, message: 'Limit exceeded' },
  overRateLimit: { code: -32016, message: 'over rate limit' },
  wrapped429: {
    code: -32000,
    message: '429 Too Many Requests: {"jsonrpc":"2.0","error":{"code":-32016,"message":"over rate limit"}}',
  },
};
export const EVM_GETLOGS_DISABLED = {
  code: -32601,
  message: 'the method eth_getLogs does not exist/is not available',
};

/** The request's JSON-RPC calls (id per call; one entry for a single call), and whether it was a batch. */
function callsOf(r: StandInRequest): { ids: unknown[]; batch: boolean } {
  try {
    const j = JSON.parse(r.body) as unknown;
    const list = Array.isArray(j) ? j : [j];
    return {
      ids: list.map((c) => (c && typeof c === 'object' && 'id' in c ? (c as { id: unknown }).id : null)),
      batch: Array.isArray(j),
    };
  } catch {
    return { ids: [null], batch: false };
  }
}

/** A JSON-RPC error answer (HTTP 200) for every call of the request. */
export function evmRpcErrorAnswer(r: StandInRequest, error: { code: number; message: string }): Canned {
  const { ids, batch } = callsOf(r);
  const answers = ids.map((id) => ({ jsonrpc: '2.0', id, error }));
  return { status: 200, body: batch ? answers : answers[0] };
}

export function evmPublicRpc(o: EvmPublicRpcOptions = {}): Behaviour {
  const perClient = o.perClient ?? { max: 10_000, windowMs: 300_000 };
  const shape = o.shape ?? 'limitExceeded';
  return {
    name: o.name ?? 'evm-public-rpc',
    limits: [
      {
        ...perClient,
        answer: (r, wait) =>
          shape === 'http429'
            ? { status: 429, headers: { 'retry-after': String(wait) }, body: 'Too Many Requests' }
            : evmRpcErrorAnswer(r, EVM_RATE_LIMIT_ERRORS[shape]),
      },
    ],
    intercept: (r) =>
      o.getLogsDisabled && r.rpcMethods.includes('eth_getLogs')
        ? evmRpcErrorAnswer(r, EVM_GETLOGS_DISABLED)
        : undefined,
  };
}
