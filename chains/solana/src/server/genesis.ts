/**
 * The Solana chain check (like Blockbook's coin and the EVM chain id): a node's `getGenesisHash` must be the expected
 * cluster's, checked on first use and again after a failure (then every 10 minutes). A devnet or testnet RPC
 * configured for SOL is `wrongChain`: the call moves on to the next node, and the node counts as failing.
 *
 * Expected: mainnet-beta's genesis in the mainnet profile; in the local profile the endpoints file's
 * `solana.genesisHash`, else whatever the first node to answer reports (the nodes of one chain must agree).
 */
import { ProviderError } from '@secux-companion/server-kit/failover';
import type { SolanaProvider } from './backend.js';

/** mainnet-beta's genesis hash (`getGenesisHash` on api.mainnet-beta.solana.com). */
export const SOLANA_MAINNET_GENESIS_HASH = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d';

/** How long a passed check holds before the node is asked again. */
export const GENESIS_RECHECK_MS = 10 * 60_000;

/** The genesis the nodes of one chain must report; `hash` undefined: learned from the first node that answers. */
export interface GenesisExpectation {
  hash?: string;
}

const BASE58_HASH = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** The provider's calls that run behind the check (every call of the node). */
const CHECKED: readonly (keyof SolanaProvider)[] = [
  'getBalance',
  'getSignaturesForAddress',
  'getTransaction',
  'getTokenAccountsByOwner',
  'getAccountInfo',
  'getMinimumBalanceForRentExemption',
  'getRecentPrioritizationFees',
  'getLatestBlockhash',
  'getBlockHeight',
  'isBlockhashValid',
  'getEpoch',
  'simulateTransaction',
  'sendTransaction',
  'getSignatureStatus',
  'raw',
];

/**
 * Puts the genesis check in front of every call of `p` (changing `p` itself, so that copies made from it later, such
 * as the balance calls' provider, share the check). A failure of the node makes the next call check again.
 */
export function withGenesisCheck(p: SolanaProvider, expected: GenesisExpectation): SolanaProvider {
  const raw = p.raw.bind(p);
  let checkedUntil = 0;
  // One check at a time: the calls that arrive meanwhile (an account reads four at once) wait for its answer.
  let pending: Promise<void> | undefined;
  function check(signal: AbortSignal): Promise<void> | undefined {
    if (Date.now() < checkedUntil) return undefined;
    pending ??= ask(signal).finally(() => (pending = undefined));
    return pending;
  }
  async function ask(signal: AbortSignal): Promise<void> {
    const hash = await raw('getGenesisHash', [], signal);
    if (typeof hash !== 'string' || !BASE58_HASH.test(hash))
      throw new ProviderError('malformed', 'getGenesisHash did not answer a hash');
    expected.hash ??= hash;
    if (hash !== expected.hash)
      throw new ProviderError(
        'wrongChain',
        `node serves another cluster (genesis ${hash.slice(0, 12)}…, expected ${expected.hash.slice(0, 12)}…)`,
      );
    checkedUntil = Date.now() + GENESIS_RECHECK_MS;
  }
  const target = p as unknown as Record<string, unknown>;
  for (const k of CHECKED) {
    const fn = target[k];
    if (typeof fn !== 'function') continue;
    target[k] = async (...args: unknown[]) => {
      // Every call's last argument is its signal.
      await check(args[args.length - 1] as AbortSignal);
      return (fn as (...a: unknown[]) => Promise<unknown>).apply(p, args);
    };
  }
  const before = p.onFailure?.bind(p);
  p.onFailure = () => {
    checkedUntil = 0;
    before?.();
  };
  return p;
}
