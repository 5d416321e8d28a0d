/** The EVM facade's history pages: explorers, then block scans, going on from the cursor's provider kind. */
import { cursorProviders, failover, having } from '@secux-companion/server-kit/failover';
import type { HistoryPage } from '@secux-companion/server-kit/types';
import type { EvmContext } from './context.js';

export async function historyOf(
  c: EvmContext,
  address: string,
  cursor: string | null,
  pageSize: number,
): Promise<HistoryPage> {
  const list = [...c.cfg.explorers, ...(await c.scans())];
  if (!having(list, 'getHistory').length) throw c.notConfigured('history');
  const r = await failover(
    c.cfg.chain,
    'history',
    cursorProviders(having(list, 'getHistory'), cursor),
    (p, s) => p.getHistory(address, { cursor, pageSize }, s),
    c.opts(c.bounds.history, undefined, 'history'),
  );
  return { ...r.value, provider: r.provider };
}
