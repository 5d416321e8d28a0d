/** The TRON facade's history pages: the index's transactions and TRC-20 transfers, merged. */
import { mergeTronHistory } from '@secux-companion/chain-tron';
import { z } from 'zod';
import { parseInput } from '@secux-companion/server-kit/errors';
import { historyCursor, encodeCursor } from '@secux-companion/server-kit/failover';
import { cursor as cursorParam, pageSize } from '@secux-companion/server-kit/params';
import { toWire, type HistoryPage } from '@secux-companion/server-kit/types';
import { tronBounds } from '../bounds.js';
import type { TronContext } from './context.js';
import { trc10Info } from './tokens.js';

export async function history(ctx: TronContext, id: string, query: unknown): Promise<HistoryPage> {
  const address = ctx.address(id);
  const q = parseInput(z.object({ cursor: cursorParam, pageSize }), query, 'query');
  const c = historyCursor(q.cursor, 'tron', address);
  const fpTx = typeof c?.t === 'string' ? c.t : null;
  const fp20 = typeof c?.e === 'string' ? c.e : null;
  const [txs, t20] = await Promise.all([
    c && fpTx === null
      ? { value: { data: [], fingerprint: null }, provider: '' }
      : ctx.index(
          'history',
          (p, s) => p.transactions(address, fpTx, s),
          (v) => tronBounds.transactions(v.data, address),
          'history',
        ),
    c && fp20 === null
      ? { value: { data: [], fingerprint: null }, provider: '' }
      : ctx.index(
          'history',
          (p, s) => p.trc20Transfers(address, fp20, s),
          (v) => tronBounds.trc20Transfers(v.data, address),
          'history',
        ),
  ]);
  const trc10 = (tokenId: string) => ctx.trc10Details.get(tokenId);
  // TRC-10 details of the page's assets, looked up once each.
  for (const e of txs.value.data) {
    const v = (e as { raw_data?: { contract?: { parameter?: { value?: { asset_name?: unknown } } }[] } })
      .raw_data?.contract?.[0]?.parameter?.value?.asset_name;
    const tokenId =
      typeof v === 'string' ? (/^\d+$/.test(v) ? v : Buffer.from(v, 'hex').toString('utf8')) : '';
    if (/^\d{1,19}$/.test(tokenId) && !ctx.trc10Details.get(tokenId))
      await trc10Info(ctx, tokenId).catch(() => undefined);
  }
  const operations = mergeTronHistory(txs.value.data, t20.value.data, address, trc10);
  const next = txs.value.fingerprint || t20.value.fingerprint;
  const page: HistoryPage = {
    operations: toWire(operations),
    cursor: next
      ? encodeCursor({ k: 'tron', a: address, t: txs.value.fingerprint, e: t20.value.fingerprint })
      : null,
    provider: txs.provider || t20.provider,
  };
  return page;
}
