/** What every EVM facade operation shares: the chain's config, its providers in order and the failover run. */
import {
  ChainApiError,
  failover,
  failoverOptions,
  having,
  type CallClass,
  type FailoverLog,
  type FailoverOptions,
  type FailoverPolicy,
  type Has,
} from '@secux-companion/server-kit/failover';
import type { EvmProvider } from '../backend.js';
import { evmBounds, evmBoundsOf } from '../bounds.js';
import type { EvmRpcPool } from '../providers/evmRpc.js';
import type { TokenListEntry } from '../tokenList.js';

export interface EvmChainConfig {
  chain: string;
  chainId: number;
  pool: EvmRpcPool;
  /** Etherscan-compatible explorers, in order. */
  explorers: EvmProvider[];
  /** History/token discovery by scanning a plain node: one per RPC of the pool, in the same order as `pool.rpcs`. */
  scans?: EvmProvider[];
  /** /fees asks the explorer gas oracle before the RPCs (BSC, TBSC: spec 02 §7 "Explorer GET … gasoracle"). */
  gasOracleFirst?: boolean;
  /** When every provider failed, the message starts with this (BSC: 'bsc-dataseed server error: ', spec 02). */
  allFailedPrefix?: string;
  /**
   * The settings that would give this chain history, token discovery and NFTs (an explorer, Etherscan's key, a block
   * scan), named in the 404 `not_configured` answered when none is configured.
   */
  historySettings?: readonly string[];
  /** The operator's token list (GET …/token-list, spec 02 "bsc_token_list"); checked when read (tokenList.ts). */
  tokenList?: readonly TokenListEntry[];
  /** Timeouts, budgets, breaker (FamilyContext.policy); fee lookups use `feesBudgetMs`. */
  policy?: FailoverPolicy & { feesBudgetMs?: number };
}

/** failover.ts's codes for "every provider failed" (reachable or not). */
const ALL_FAILED_CODES = new Set(['upstream_failed', 'upstream_unavailable']);

export class EvmContext {
  constructor(
    readonly cfg: EvmChainConfig,
    readonly log?: FailoverLog,
  ) {}

  /**
   * Failover options: the log, the policy, the answer's bounds check (the one place answers are checked) and the
   * call's class (a history page, a token or NFT discovery, a broadcast say so; else a read).
   */
  opts<T>(check?: (v: T) => void, policy = this.cfg.policy, cls?: CallClass): FailoverOptions<T> {
    return failoverOptions(this.log, policy, check, cls);
  }

  get feesPolicy(): FailoverPolicy {
    return { ...this.cfg.policy, budgetMs: this.cfg.policy?.feesBudgetMs ?? 5_000 };
  }

  /** This chain's bounds: the native coin within its supply (bounds.ts NATIVE_MAX_WEI). */
  get bounds(): typeof evmBounds {
    return evmBoundsOf(this.cfg.chain);
  }

  async providers(): Promise<EvmProvider[]> {
    return [...(await this.cfg.pool.ordered()), ...this.cfg.explorers, ...(await this.scans())];
  }

  /** The block scans in the pool's order: those of the healthy RPCs first (a dead RPC's scan last). */
  async scans(): Promise<EvmProvider[]> {
    const scans = this.cfg.scans ?? [];
    if (scans.length < 2) return scans;
    const order = (await this.cfg.pool.ordered()).map((p) => p.name);
    const rank = (i: number) => {
      const at = order.indexOf(this.cfg.pool.rpcs[i]?.name ?? '');
      return at < 0 ? order.length : at;
    };
    return scans
      .map((s, i) => ({ s, r: rank(i) }))
      .sort((a, b) => a.r - b.r)
      .map((x) => x.s);
  }

  async run<K extends keyof EvmProvider, T>(
    k: K,
    what: string,
    fn: (p: Has<EvmProvider, K>, s: AbortSignal) => Promise<T>,
    check?: (v: T) => void,
    o: { policy?: FailoverPolicy; cls?: CallClass } = {},
  ) {
    const list = having(await this.providers(), k);
    try {
      const r = await failover(this.cfg.chain, what, list, fn, this.opts(check, o.policy, o.cls));
      // A provider failed (not merely skipped while its breaker is open): check the RPCs again on the next call.
      if (r.failed) this.cfg.pool.invalidate();
      return r;
    } catch (e) {
      this.cfg.pool.invalidate();
      throw this.allFailed(e);
    }
  }

  /** Every provider failed: the chain's own words first when it has them (BSC's 'bsc-dataseed server error: …'). */
  allFailed(e: unknown): unknown {
    const prefix = this.cfg.allFailedPrefix;
    if (!prefix || !(e instanceof ChainApiError) || !ALL_FAILED_CODES.has(e.code)) return e;
    const attempts = Array.isArray(e.extra.attempts)
      ? (e.extra.attempts as { provider?: string; kind?: string; status?: number }[])
      : [];
    const last = attempts[attempts.length - 1];
    const cause = last
      ? `${last.kind ?? 'failed'}${last.status ? ` ${last.status}` : ''} (${last.provider ?? '?'})`
      : e.message;
    return new ChainApiError(e.statusCode, e.code, `${prefix}${cause}`, e.extra);
  }

  /**
   * A chain served without an explorer or block scan (BSC without a paid Etherscan key, a chain whose only provider is
   * its RPC): history and token discovery are not available, said as such instead of a 503 "no provider" that the
   * web would show as a busy server.
   */
  notConfigured(feature: 'history' | 'tokens'): ChainApiError {
    const chain = this.cfg.chain;
    const settings = this.cfg.historySettings ?? [];
    const what = feature === 'history' ? 'transaction history' : 'token discovery';
    return new ChainApiError(
      404,
      'not_configured',
      `${what} is not available on ${chain}: no explorer is configured${settings.length ? ` (settings: ${settings.join(', ')})` : ''}`,
      { chain, feature, reason: 'no_provider', settings: [...settings] },
    );
  }
}
