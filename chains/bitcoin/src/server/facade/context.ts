/** What every bitcoin facade operation shares: the chain's config, its providers and the failover run. */
import {
  failover,
  failoverOptions,
  having,
  type CallClass,
  type FailoverLog,
  type FailoverOptions,
  type FailoverPolicy,
  type Has,
} from '@secux-companion/server-kit/failover';
import type { FeeTiers } from '@secux-companion/server-kit/types';
import type { FeeProvider, UtxoProvider } from '../backend.js';
import { utxoBounds } from '../bounds.js';
import type { UtxoNetwork } from '../xpub.js';

export interface UtxoChainConfig {
  chain: string;
  network: UtxoNetwork;
  coinType: number;
  /** 'network': ask the fee providers (BTC); 'preset': the spec's fixed tiers (LTC, BCH, …). */
  feeSource: 'network' | 'preset';
  /** Preset tiers, or the fallback tiers when every network source failed. */
  feeTiers: FeeTiers<number>;
  providers: UtxoProvider[];
  feeProviders: FeeProvider[];
  /** The coin's maximum supply in satoshi: no provider amount may exceed it (bounds.ts). */
  maxSats: bigint;
  /** Timeouts, budgets, breaker (FamilyContext.policy); fee lookups use `feesBudgetMs`. */
  policy?: FailoverPolicy & { feesBudgetMs?: number };
}

export class UtxoContext {
  readonly bounds: ReturnType<typeof utxoBounds>;

  constructor(
    readonly cfg: UtxoChainConfig,
    private readonly log?: FailoverLog,
  ) {
    this.bounds = utxoBounds({ maxSats: cfg.maxSats });
  }

  /** Failover options: the log, the policy and the answer's bounds check (the one place answers are checked). */
  opts<T>(check?: (v: T) => void, policy = this.cfg.policy, cls?: CallClass): FailoverOptions<T> {
    return failoverOptions(this.log, policy, check, cls);
  }

  run<K extends keyof UtxoProvider, T>(
    k: K,
    what: string,
    fn: (p: Has<UtxoProvider, K>, s: AbortSignal) => Promise<T>,
    check?: (v: T) => void,
    cls?: CallClass,
  ) {
    return failover(
      this.cfg.chain,
      what,
      having(this.cfg.providers, k),
      fn,
      this.opts(check, undefined, cls),
    );
  }

  /** The providers of a mempool-service call, each with its breaker and failure hook. */
  mempoolOf<K extends 'minRelayFee' | 'getPackageTx'>(k: K) {
    return having(this.cfg.feeProviders, k);
  }

  /** Whether a node RPC is configured (getmempoolinfo, getmempoolentry). */
  get hasNode(): boolean {
    return having(this.cfg.providers, 'rpc').length > 0;
  }
}
