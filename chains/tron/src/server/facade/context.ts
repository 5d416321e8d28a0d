/** What every TRON facade operation shares: the config, the node and index failovers, the token details kept. */
import { isValidTronAddress, type Trc10Details } from '@secux-companion/chain-tron';
import { z } from 'zod';
import { parseId } from '@secux-companion/server-kit/params';
import { facadeFailover, type FailoverLog, type FailoverPolicy } from '@secux-companion/server-kit/failover';
import { LruMap } from '@secux-companion/server-kit/lru';
import type { TronIndexProvider, TronNodeProvider } from '../backend.js';

export interface TronChainConfig {
  chain: string;
  nodes: TronNodeProvider[];
  indexers: TronIndexProvider[];
  policy?: FailoverPolicy;
  log?: FailoverLog;
}

export const Address = z.string().refine(isValidTronAddress, { message: 'must be a TRON address (T…)' });

export class TronContext {
  /** Token details looked up once and kept. */
  readonly trc20Details = new LruMap<string, { name: string; symbol: string; decimals: number }>(500);
  readonly trc10Details = new LruMap<string, Trc10Details>(500);

  constructor(readonly cfg: TronChainConfig) {}

  get chain(): string {
    return this.cfg.chain;
  }

  node<T>(what: string, fn: (p: TronNodeProvider, s: AbortSignal) => Promise<T>, check?: (v: T) => void) {
    return facadeFailover(this.cfg, what, this.cfg.nodes, fn, check);
  }

  index<T>(what: string, fn: (p: TronIndexProvider, s: AbortSignal) => Promise<T>, check?: (v: T) => void) {
    return facadeFailover(this.cfg, what, this.cfg.indexers, fn, check);
  }

  address(id: string): string {
    return parseId(Address, id);
  }
}
