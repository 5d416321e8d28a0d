/** What every FIO facade operation shares: the config, the failover run and the inputs it parses. */
import { isValidDomain, isValidFioPublicKey, isValidHandle } from '@secux-companion/chain-fio';
import { z } from 'zod';
import { parseId } from '@secux-companion/server-kit/params';
import {
  facadeFailover,
  type CallClass,
  type FailoverLog,
  type FailoverPolicy,
} from '@secux-companion/server-kit/failover';
import type { FioProvider, FioStakingProvider } from '../backend.js';

export interface FioChainConfig {
  chain: 'FIO' | 'TFIO';
  providers: FioProvider[];
  /**
   * v1 history nodes (`/v1/history/get_actions`), in failover order for a first page; the API nodes when absent. Each
   * numbers an account's actions its own way: a cursor names the node that wrote it, and later pages go to it only.
   */
  history?: FioProvider[];
  policy?: FailoverPolicy;
  log?: FailoverLog;
  /** The staking statistics service(s), in failover order; none: no APR. */
  staking?: FioStakingProvider[];
  /** The proxy an account that has not voted is offered (a registered proxy's handle). */
  defaultProxy: string;
}

export const PublicKey = z
  .string()
  .refine(isValidFioPublicKey, { message: 'must be a FIO public key (FIO…, 53 characters)' });
export const Handle = z.string().refine(isValidHandle, { message: 'must be a crypto handle (name@domain)' });
export const Name = z
  .string()
  .refine((s) => isValidHandle(s) || isValidDomain(s), { message: 'must be a handle or a domain' });
export const Code = z.string().regex(/^[A-Za-z0-9*]{1,10}$/, 'must be a chain or token code');
/** The push_transaction body the wallet signs (chain-fio fioPushBody), as JSON text. */
export const PushBody = z.object({
  signatures: z
    .array(z.string().regex(/^SIG_K1_[1-9A-HJ-NP-Za-km-z]{50,120}$/))
    .min(1)
    .max(4),
  compression: z.union([z.literal(0), z.literal('none')]),
  packed_context_free_data: z.string().max(0),
  packed_trx: z
    .string()
    .regex(/^[0-9a-f]+$/)
    .max(20_000),
});

export class FioContext {
  constructor(readonly cfg: FioChainConfig) {}

  get chain(): string {
    return this.cfg.chain;
  }

  /** A call on the nodes; `cls` its class (a broadcast is a submit), else a read. */
  run<T>(
    what: string,
    fn: (p: FioProvider, signal: AbortSignal) => Promise<T>,
    check?: (v: T) => void,
    cls: CallClass = 'read',
  ) {
    return facadeFailover(this.cfg, what, this.cfg.providers, fn, check, cls);
  }

  key(id: string): string {
    return parseId(PublicKey, id);
  }
}
