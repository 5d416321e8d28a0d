/** The FIO facade's history pages: a v1 history node's actions, later pages pinned to the node that numbered them. */
import { Fio } from '@fioprotocol/fiojs';
import { fioHistoryWindow, operationFromFioAction } from '@secux-companion/chain-fio';
import { z } from 'zod';
import { HttpError, parseInput } from '@secux-companion/server-kit/errors';
import {
  ChainApiError,
  historyCursor,
  encodeCursor,
  facadeFailover,
} from '@secux-companion/server-kit/failover';
import { cursor as cursorParam, pageSize } from '@secux-companion/server-kit/params';
import { toWire, type HistoryPage } from '@secux-companion/server-kit/types';
import { fioBounds } from '../bounds.js';
import type { FioContext } from './context.js';

export async function history(ctx: FioContext, id: string, query: unknown): Promise<HistoryPage> {
  const key = ctx.key(id);
  const actor = Fio.accountHash(key);
  const q = parseInput(z.object({ cursor: cursorParam, pageSize }), query, 'query');
  const c = historyCursor(q.cursor, 'fio', key, (c) => typeof c.s === 'number' && typeof c.n === 'string');
  const nodes = ctx.cfg.history ?? ctx.cfg.providers;
  if (!nodes.length)
    throw new ChainApiError(404, 'not_configured', `no history node is configured for ${ctx.chain}`, {
      chain: ctx.chain,
      feature: 'history',
      reason: 'no_provider',
      settings: [`CHAIN_${ctx.chain}_HISTORY_NODES`],
    });
  // A later page goes to the node that numbered the first one (sequence numbers differ per node); when the
  // configuration no longer has it, the client asks the first page again.
  const pinned = c ? nodes.filter((p) => p.name === c.n) : nodes;
  if (!pinned.length)
    throw new HttpError(
      400,
      'invalid query: cursor: its history node is no longer configured; ask the first page',
    );
  const w = fioHistoryWindow(c ? (c.s as number) : null);
  const opsOf = (entries: unknown[]) =>
    toWire(
      entries
        .flatMap((e) => operationFromFioAction(e, actor, key) ?? [])
        .map(({ fio: _fio, ...op }) => op)
        .sort((a, b) => (b.time ?? 0) - (a.time ?? 0)),
    );
  // Mapped and bounded inside the node's call: an amount out of bounds is that node's malformed answer (the next
  // node is asked), never a 500 after the failover.
  const r = await facadeFailover(
    ctx.cfg,
    'history',
    pinned,
    (p, s) => p.actions(actor, w.pos, w.offset, s),
    (v) => fioBounds.history(opsOf(v)),
    'history',
  );
  const seqs = r.value.flatMap((e) => {
    const s = (e as { account_action_seq?: unknown }).account_action_seq;
    return typeof s === 'number' && Number.isSafeInteger(s) && s >= 0 ? [s] : [];
  });
  const lowest = seqs.length ? Math.min(...seqs) : 0;
  const wire = opsOf(r.value);
  return {
    operations: wire,
    cursor: lowest > 0 ? encodeCursor({ k: 'fio', a: key, s: lowest, n: r.provider }) : null,
    provider: r.provider,
  };
}
