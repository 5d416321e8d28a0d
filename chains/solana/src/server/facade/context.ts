/** What every Solana facade operation shares: the config, the random node order, the failover run and parsing. */
import { isValidSolanaAddress } from '@secux-companion/chain-solana';
import { z } from 'zod';
import { parseInput } from '@secux-companion/server-kit/errors';
import {
  facadeFailover,
  type CallClass,
  type FailoverLog,
  type FailoverPolicy,
} from '@secux-companion/server-kit/failover';
import type { SolanaProvider } from '../backend.js';
import { KNOWN_MINTS, type TokenMeta } from '../tokens.js';

/** getSignaturesForAddress limit (spec 02 "SOL"). */
export const SOL_SIGNATURES_LIMIT = 25;
export const SOL_BALANCE_TIMEOUT_MS = 3_000;
/** Token accounts whose signatures join the owner's in the history (the first page lists them). */
export const SOL_HISTORY_TOKEN_ACCOUNTS = 8;

export interface SolanaChainConfig {
  chain: string;
  providers: SolanaProvider[];
  /** The same nodes with the 3 s timeout of balance calls (sharing each node's breaker). */
  balanceProviders: SolanaProvider[];
  /** Extra metadata by mint (the localnet's mints). */
  tokens?: Readonly<Record<string, TokenMeta>>;
  policy?: FailoverPolicy;
  log?: FailoverLog;
  random?: () => number;
}

export const solanaAddress = z
  .string()
  .refine(isValidSolanaAddress, { message: 'must be a Solana address (base58, 32 bytes)' });
/** A signed wire transaction, base64 (at most 1232 bytes on the wire). */
export const base64Tx = z
  .string()
  .trim()
  .max(1700, { message: 'is too large' })
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, { message: 'must be the signed transaction as base64' });

export const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The Token-2022 extensions of a parsed account or mint. */
export function extensionsOf(
  info: Record<string, unknown>,
): { extension: string; state: Record<string, unknown> }[] {
  if (!Array.isArray(info.extensions)) return [];
  return info.extensions.flatMap((e) =>
    isObj(e) && typeof e.extension === 'string'
      ? [{ extension: e.extension, state: isObj(e.state) ? e.state : {} }]
      : [],
  );
}

export class SolanaContext {
  constructor(readonly cfg: SolanaChainConfig) {}

  get chain(): string {
    return this.cfg.chain;
  }

  /** A random node first and the other as the one retry (spec: random pick of two nodes with failover). */
  order(list: readonly SolanaProvider[]): SolanaProvider[] {
    const r = (this.cfg.random ?? Math.random)();
    const i = Math.floor(r * list.length) % Math.max(1, list.length);
    return [...list.slice(i), ...list.slice(0, i)];
  }

  run<T>(
    what: string,
    fn: (p: SolanaProvider, s: AbortSignal) => Promise<T>,
    check?: (v: T) => void,
    o: { balance?: boolean; cls?: CallClass } = {},
  ) {
    const list = this.order(o.balance ? this.cfg.balanceProviders : this.cfg.providers);
    return facadeFailover(this.cfg, what, list, fn, check, o.cls);
  }

  address(id: string, what = 'address'): string {
    return parseInput(z.object({ [what]: solanaAddress }), { [what]: id }, 'params')[what] as string;
  }

  meta(mint: string): TokenMeta | null {
    return this.cfg.tokens?.[mint] ?? KNOWN_MINTS[mint] ?? null;
  }
}
