/**
 * An archive of the halted BNB Beacon Chain speaking the chain's HTTP API (reference/apis/bnb-beacon-chain.md):
 * `GET /api/v1/account/{address}` (balances as fixed8 strings; 404 = an account never seen: zero balance, spec 02
 * "A 404 gives zero balance") and `GET /api/v1/transactions?address=…&offset=…&limit=…` ({total, tx: […]}).
 * Every value is checked and bounded before use; an answer of another shape is this provider's failure.
 */
import { parseFixed8, type BnbAssetBalance } from '@secux-companion/chain-bnb';
import { z } from 'zod';
import { ProviderError, getJson, withBreaker, type FetchFn } from '@secux-companion/server-kit/failover';
import type { BnbArchiveAccount, BnbArchiveProvider, BnbArchiveTxPage } from '../backend.js';

/** Asset lines kept from one account answer (BNB and BEP2 tokens). */
export const MAX_BALANCES = 100;
/** The most transactions one page may carry. */
export const MAX_TXS = 100;

const Fixed8 = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const u = parseFixed8(v);
  if (u === undefined) {
    ctx.addIssue({ code: 'custom', message: 'must be a fixed8 amount' });
    return z.NEVER;
  }
  return u;
});
const Account = z.object({
  balances: z
    .array(
      z.object({
        symbol: z.string().regex(/^[A-Za-z0-9.-]{1,20}$/),
        free: Fixed8,
        locked: Fixed8,
        frozen: Fixed8,
      }),
    )
    .max(10_000),
  sequence: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
});
const Transactions = z.object({
  total: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
  tx: z.array(z.unknown()).max(1_000),
});

export interface ArchiveOptions {
  name: string;
  url: string;
  fetch: FetchFn;
  timeoutMs: number;
}

export function createBnbArchive(o: ArchiveOptions): BnbArchiveProvider {
  const base = o.url.replace(/\/+$/, '');
  const enc = encodeURIComponent;
  return withBreaker({
    name: o.name,
    timeoutMs: o.timeoutMs,
    async account(address, signal): Promise<BnbArchiveAccount> {
      try {
        const a = await getJson(o.fetch, `${base}/api/v1/account/${enc(address)}`, Account, 'account', {
          signal,
        });
        const balances: BnbAssetBalance[] = a.balances.slice(0, MAX_BALANCES);
        return { balances, sequence: a.sequence ?? 0 };
      } catch (e) {
        if (e instanceof ProviderError && e.kind === 'notFound') return { balances: [], sequence: 0 };
        throw e;
      }
    },
    async transactions(address, offset, limit, signal): Promise<BnbArchiveTxPage> {
      const url = `${base}/api/v1/transactions?address=${enc(address)}&offset=${offset}&limit=${limit}`;
      const t = await getJson(o.fetch, url, Transactions, 'transactions', { signal });
      return { total: t.total ?? t.tx.length, txs: t.tx.slice(0, MAX_TXS) };
    },
  });
}
