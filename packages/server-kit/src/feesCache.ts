/**
 * A short cache of each chain's fee answers (`GET /chains/:chain/fees`, CHAIN_FEES_CACHE_MS): one user's session reads
 * the fees several times in seconds, and a Blockbook fee read is three `estimatefee` calls against a budget of 20
 * requests a minute per host (mainnet-behaviour.md §1). A network answer is kept for the cache's time; a fallback-tier
 * answer (the providers failed) at most FALLBACK_FEES_CACHE_MS, so the network is asked again soon; an error never.
 * Reads that arrive while a read is on its way wait for that one instead of asking upstream again.
 */
import type { ChainFacade } from './facade.js';
import type { FeeInfo } from './types.js';

/** The longest a fallback-tier fee answer is served from the cache (ms). */
export const FALLBACK_FEES_CACHE_MS = 2_000;

interface Entry {
  value: Promise<FeeInfo>;
  /** Until when the answer is served (ms since the epoch); Infinity while it is on its way. */
  until: number;
}

export class FeesCache {
  /** Per facade: a chain's facade is rebuilt when its configuration changes (local profile), and so is its entry. */
  private readonly entries = new WeakMap<ChainFacade, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The chain's fees: the cached answer while it is fresh, else the facade's. */
  fees(f: ChainFacade): Promise<FeeInfo> {
    const hit = this.entries.get(f);
    if (hit && this.now() < hit.until) return hit.value;
    const entry: Entry = { value: f.fees(), until: Infinity };
    this.entries.set(f, entry);
    entry.value.then(
      (v) => {
        const ttl = v.source === 'fallback' ? Math.min(this.ttlMs, FALLBACK_FEES_CACHE_MS) : this.ttlMs;
        entry.until = this.now() + ttl;
      },
      () => {
        if (this.entries.get(f) === entry) this.entries.delete(f);
      },
    );
    return entry.value;
  }
}
