/**
 * Etherscan API V2 as a stand-in's behaviour (mainnet-behaviour.md §3.2, ethereum-jsonrpc-etherscan.md), in front of
 * the Etherscan-compatible explorer over a local node (../etherscanExplorer.ts). Every refusal is **HTTP 200** with
 * `status:"0"` and the reason as a string `result`:
 *
 * - every request needs a key: without it (or a wrong one) `Missing/Invalid API Key`;
 * - the free plan's rate, 3 calls a second counted per key: `Max calls per sec rate limit reached (3/sec)`;
 * - the free plan does not cover BNB Smart Chain, Base, OP Mainnet or Avalanche C-Chain: `Free API access is not
 *   supported for this chain…` (the wording seen only in translation; not confirmed).
 */
import type { Behaviour, Canned, StandInRequest } from '@secux-companion/sim-kit';

export const ETHERSCAN_NOT_FREE_CHAINS: readonly number[] = [56, 97, 8453, 10, 43114];
export const ETHERSCAN_RATE_LIMIT = 'Max calls per sec rate limit reached (3/sec)';
export const ETHERSCAN_BAD_KEY = 'Missing/Invalid API Key';
export const ETHERSCAN_NOT_FREE =
  'Free API access is not supported for this chain. Please upgrade your api plan for full chain coverage. https://etherscan.io/apis';

export interface EtherscanV2Options {
  name?: string;
  /** The keys it accepts. */
  keys: readonly string[];
  /** Calls per window per key (default 3 a second). */
  perKey?: { max: number; windowMs: number };
}

const notok = (result: string): Canned => ({ status: 200, body: { status: '0', message: 'NOTOK', result } });

export function etherscanV2(o: EtherscanV2Options): Behaviour {
  const perKey = o.perKey ?? { max: 3, windowMs: 1000 };
  return {
    name: o.name ?? 'etherscan',
    key: {
      present: (r: StandInRequest) => o.keys.includes(r.query.get('apikey') ?? ''),
      answer: () => notok(ETHERSCAN_BAD_KEY),
    },
    limits: [
      { ...perKey, key: (r) => r.query.get('apikey') ?? '', answer: () => notok(ETHERSCAN_RATE_LIMIT) },
    ],
    intercept: (r) =>
      ETHERSCAN_NOT_FREE_CHAINS.includes(Number(r.query.get('chainid')))
        ? notok(ETHERSCAN_NOT_FREE)
        : undefined,
  };
}
