/** What every TRON facade operation shares: the config, the node and index failovers, the token details kept. */
import { isValidTronAddress, type Trc10Details } from '@secux-companion/chain-tron';
import { z } from 'zod';
import { parseId } from '@secux-companion/server-kit/params';
import {
  facadeFailover,
  type CallClass,
  type FailoverLog,
  type FailoverPolicy,
} from '@secux-companion/server-kit/failover';
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
  /** TRC-20 total supplies last read (read again when a balance exceeds the one kept: tokens can be minted). */
  readonly trc20Supplies = new LruMap<string, bigint>(500);

  constructor(readonly cfg: TronChainConfig) {}

  get chain(): string {
    return this.cfg.chain;
  }

  /** A call on the full nodes; `cls` its class (a broadcast is a submit), else a read. */
  node<T>(
    what: string,
    fn: (p: TronNodeProvider, s: AbortSignal) => Promise<T>,
    check?: (v: T) => void,
    cls: CallClass = 'read',
  ) {
    return facadeFailover(this.cfg, what, this.cfg.nodes, fn, check, cls);
  }

  /** A call on the indexers; `cls` its class (history pages and token lists are history), else a read. */
  index<T>(
    what: string,
    fn: (p: TronIndexProvider, s: AbortSignal) => Promise<T>,
    check?: (v: T) => void,
    cls: CallClass = 'read',
  ) {
    return facadeFailover(this.cfg, what, this.cfg.indexers, fn, check, cls);
  }

  address(id: string): string {
    return parseId(Address, id);
  }
}
