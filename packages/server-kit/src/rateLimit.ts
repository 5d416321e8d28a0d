/**
 * Client-side token buckets, one per provider host, shared by every user of this server (mainnet-behaviour.md §11
 * row 4): the public providers limit per IP, and every user's requests leave from the server's one address, so the
 * server keeps itself under each provider's documented rate instead of getting the address suspended.
 *
 * - One bucket per host (scheme, host and port) of the configured provider URLs, kept across requests: Trezor's
 *   btc1…btc5 are five buckets, TronGrid's node and index calls (one host) one, Etherscan V2 (one key, one host for
 *   every chain) one. A host several chains name takes the strictest rate any of them sets.
 * - The rate: the chain's CHAIN_<SYM>_RATE (`requests/seconds`, `0` = none), else the provider kind's default
 *   ({@link KIND_RATES}) for a public host; a loopback or private host (the operator's own node, localnet) has none.
 * - A request whose bucket is empty waits for its token when it comes within CHAIN_RATE_WAIT_MS, otherwise it is
 *   not sent: the call fails over to the next provider with `rateLimited` (not the provider's health, so its breaker
 *   does not count it), and when every provider is out of tokens the client gets 429 with Retry-After.
 * - One busy client cannot empty a bucket for everyone: each client (its address) has its own share of every bucket
 *   (CHAIN_RATE_CLIENT_SHARE of the rate and burst, default half), so others always find tokens left.
 * - JSON-RPC providers limited per method as well (Solana's public RPC: 40 per 10 s for one method) have a bucket
 *   per method inside the host's.
 */
import { isNonPublicHost } from './rpcGuard.js';
import { currentClient, ProviderError, type FetchFn } from './failover.js';
import { LruMap } from './lru.js';

/** `requests` per `seconds` (burst `requests`); `perMethod` the same for each JSON-RPC method. */
export interface RateSpec {
  requests: number;
  seconds: number;
  perMethod?: { requests: number; seconds: number };
}

/** The provider kinds with a documented (or prudent) public rate. */
export type ProviderKind =
  | 'blockbook'
  | 'mempool'
  | 'bitcoinCore'
  | 'evmRpc'
  | 'bscDataseed'
  | 'etherscan'
  | 'blockscout'
  | 'rippled'
  | 'horizon'
  | 'trongrid'
  | 'trongridKey'
  | 'solana'
  | 'fio'
  | 'bnbArchive';

/**
 * Default rates per provider kind for public hosts (mainnet-behaviour.md; operators change limits without notice, so
 * CHAIN_<SYM>_RATE overrides each). A window shorter than the provider's keeps bursts small with the same total.
 */
export const KIND_RATES: Record<ProviderKind, RateSpec | null> = {
  /** Blockbook REST: 20 a minute per IP, burst 20 (trezor/blockbook rest_rate_limiter.go); per host. */
  blockbook: { requests: 20, seconds: 60 },
  /** mempool.space: limit not published (its sample nginx config allows 200 a minute); fee lookups only. */
  mempool: { requests: 60, seconds: 60 },
  /** An operator's own Bitcoin Core node. */
  bitcoinCore: null,
  /** Public EVM RPCs: limits unpublished or per provider (429 / -32005): 10 a second. */
  evmRpc: { requests: 10, seconds: 1 },
  /** BNB Chain's dataseed nodes: 10K requests per 5 min per IP → at most 30 a second per host. */
  bscDataseed: { requests: 30, seconds: 1 },
  /** Etherscan V2: 3 calls a second per key (free plan), every chain on one host. */
  etherscan: { requests: 3, seconds: 1 },
  /** Blockscout: 5 a second per IP without a key (300 a minute). */
  blockscout: { requests: 5, seconds: 1 },
  /** rippled / Clio public servers: cost-weighted limits, no numbers published: 5 a second, burst 10. */
  rippled: { requests: 10, seconds: 2 },
  /** Horizon: 3600 an hour per IP → 60 a minute (the same total, smaller bursts). */
  horizon: { requests: 60, seconds: 60 },
  /** TronGrid without a key: "strict", 30 s suspensions: 2 a second, burst 10. */
  trongrid: { requests: 10, seconds: 5 },
  /** TronGrid with TRON-PRO-API-KEY: 15 a second (older docs; 20 in newer ones). */
  trongridKey: { requests: 15, seconds: 1 },
  /** Solana's public RPC: 100 per 10 s per IP and 40 per 10 s for one method. */
  solana: { requests: 100, seconds: 10, perMethod: { requests: 40, seconds: 10 } },
  /** FIO API nodes (nodeos behind the producers' proxies): no numbers published: 10 a second. */
  fio: { requests: 10, seconds: 1 },
  /** BNB Beacon Chain archives: no numbers published: 5 a second. */
  bnbArchive: { requests: 5, seconds: 1 },
};

/** `requests/seconds` (e.g. `20/60`), or `0` / `off` / `none` for no client-side limit. */
export function parseRate(v: string): RateSpec | null | undefined {
  const t = v.trim().toLowerCase();
  if (t === '0' || t === 'off' || t === 'none') return null;
  const m = /^(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)$/.exec(t);
  if (!m) return undefined;
  const requests = Number(m[1]);
  const seconds = Number(m[2]);
  if (!(requests >= 1) || !(seconds > 0) || seconds > 86_400) return undefined;
  return { requests, seconds };
}

class TokenBucket {
  private tokens: number;
  private last = Date.now();
  private readonly perMs: number;
  constructor(
    readonly capacity: number,
    ratePerSecond: number,
  ) {
    this.tokens = capacity;
    this.perMs = ratePerSecond / 1000;
  }
  private refill(now: number) {
    this.tokens = Math.min(this.capacity, this.tokens + (now - this.last) * this.perMs);
    this.last = now;
  }
  /** ms until a token is free (0: now). */
  delay(now: number): number {
    this.refill(now);
    return this.tokens >= 1 ? 0 : (1 - this.tokens) / this.perMs;
  }
  /** Takes (or reserves, going below zero) one token. */
  take(now: number): void {
    this.refill(now);
    this.tokens -= 1;
  }
}

interface HostLimit {
  spec: RateSpec;
  explicit: boolean;
  bucket: TokenBucket;
  methods: Map<string, TokenBucket>;
  clients: LruMap<string, TokenBucket>;
}

const perSecond = (r: { requests: number; seconds: number }) => r.requests / r.seconds;

export interface RateBookOptions {
  /** Longest wait for a token before the request moves on (CHAIN_RATE_WAIT_MS). */
  waitMs: number;
  /** Each client's share of a bucket's rate and burst, 0 < share ≤ 1 (CHAIN_RATE_CLIENT_SHARE; 1 = no share). */
  clientShare: number;
}

export const DEFAULT_RATE_BOOK: RateBookOptions = { waitMs: 1_000, clientShare: 0.5 };

/** A host's bucket key: scheme, host and port (the provider's per-IP limits are per host). */
export function hostOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The server's token buckets (one per registry, kept across requests and across local-profile rebuilds). */
export class RateBook {
  private readonly hostLimits = new Map<string, HostLimit>();
  constructor(readonly o: RateBookOptions = DEFAULT_RATE_BOOK) {}

  /**
   * A chain's provider URL and its rate: `explicit` the chain's CHAIN_<SYM>_RATE (null = none), else the kind's
   * default, used for public hosts only. A host named twice keeps the strictest rate (explicit ones over defaults).
   */
  declare(url: string, kind: ProviderKind | null, explicit?: RateSpec | null): void {
    const host = hostOf(url);
    if (!host) return;
    let spec: RateSpec | null;
    if (explicit !== undefined) spec = explicit;
    else {
      const h = new URL(url).hostname.replace(/^\[|\]$/g, '');
      spec = kind && !isNonPublicHost(h) ? KIND_RATES[kind] : null;
    }
    const isExplicit = explicit !== undefined;
    const had = this.hostLimits.get(host);
    if (!spec) {
      // An explicit "none" lifts a default; it never lifts another chain's explicit rate.
      if (had && isExplicit && !had.explicit) this.hostLimits.delete(host);
      return;
    }
    if (had) {
      if (had.explicit && !isExplicit) return;
      if (had.explicit === isExplicit && perSecond(had.spec) <= perSecond(spec)) return;
      if (sameSpec(had.spec, spec)) return;
    }
    this.hostLimits.set(host, {
      spec,
      explicit: isExplicit,
      bucket: new TokenBucket(spec.requests, perSecond(spec)),
      methods: new Map(),
      clients: new LruMap(10_000),
    });
  }

  /** Every host with a rate, and its rate (tests and documentation). */
  hosts(): [string, RateSpec][] {
    return [...this.hostLimits].map(([h, l]) => [h, l.spec]);
  }

  /** The rate a host runs at (tests and documentation). */
  rateOf(url: string): RateSpec | undefined {
    const host = hostOf(url);
    return host ? this.hostLimits.get(host)?.spec : undefined;
  }

  /**
   * Takes a token for a request to `url` (of `client`, for JSON-RPC `methods`): resolves when it may be sent (after
   * waiting at most waitMs), or rejects with `rateLimited` (not the provider's health) without sending.
   */
  async take(
    url: string,
    o: { client?: string; methods?: string[] | (() => string[]); signal?: AbortSignal | null } = {},
  ) {
    const host = hostOf(url);
    const limit = host ? this.hostLimits.get(host) : undefined;
    if (!limit) return;
    const buckets = [limit.bucket];
    const share = this.o.clientShare;
    if (o.client && share < 1) {
      let b = limit.clients.get(o.client);
      if (!b) {
        b = new TokenBucket(
          Math.max(1, Math.floor(limit.spec.requests * share)),
          perSecond(limit.spec) * share,
        );
        limit.clients.set(o.client, b);
      }
      buckets.push(b);
    }
    const pm = limit.spec.perMethod;
    if (pm)
      for (const m of typeof o.methods === 'function' ? o.methods() : (o.methods ?? [])) {
        let b = limit.methods.get(m);
        if (!b) limit.methods.set(m, (b = new TokenBucket(pm.requests, perSecond(pm))));
        buckets.push(b);
      }
    const now = Date.now();
    const wait = Math.max(...buckets.map((b) => b.delay(now)));
    if (wait > this.o.waitMs)
      throw new ProviderError('rateLimited', `client-side rate limit of this provider (${fmt(limit.spec)})`, {
        retryAfter: Math.max(1, Math.ceil(wait / 1000)),
        health: false,
      });
    for (const b of buckets) b.take(now);
    if (wait > 0) await sleep(wait, o.signal ?? undefined);
  }
}

const sameSpec = (a: RateSpec, b: RateSpec) =>
  a.requests === b.requests &&
  a.seconds === b.seconds &&
  a.perMethod?.requests === b.perMethod?.requests &&
  a.perMethod?.seconds === b.perMethod?.seconds;

const fmt = (s: RateSpec) => `${s.requests}/${s.seconds} s`;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The JSON-RPC method names of a request body (one call or a batch); none for other bodies. */
function methodsOf(body: unknown): string[] {
  if (typeof body !== 'string' || !/^\s*[[{]/.test(body)) return [];
  try {
    const v = JSON.parse(body) as unknown;
    return (Array.isArray(v) ? v : [v]).flatMap((c) =>
      c && typeof c === 'object' && typeof (c as { method?: unknown }).method === 'string'
        ? [(c as { method: string }).method]
        : [],
    );
  } catch {
    return [];
  }
}

/**
 * The fetch every provider uses (registry.ts): each request first takes its host's token (for the client the
 * request is served for), so every upstream call counts, health checks included.
 */
export function rateLimitedFetch(inner: FetchFn, book: RateBook): FetchFn {
  return (async (input: Parameters<FetchFn>[0], init?: Parameters<FetchFn>[1]) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const client = currentClient();
    await book.take(url, {
      ...(client ? { client } : {}),
      methods: () => methodsOf(init?.body),
      signal: init?.signal ?? null,
    });
    return inner(input, init);
  }) as FetchFn;
}
