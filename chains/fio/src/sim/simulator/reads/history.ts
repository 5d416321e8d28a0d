/**
 * history_plugin's getters: get_actions (an account's actions, pos / offset as nodeos reads them) and
 * get_transaction (the block of an executed transaction; an id it never saw is tx_not_found, 3040011).
 */
import { chainError } from '../errors.js';
import type { FioState } from '../state.js';

export function getActions(s: FioState, b: Record<string, unknown>): unknown {
  const list = s.history.get(String(b.account_name)) ?? [];
  const pos = Number(b.pos ?? -1);
  const offset = Number(b.offset ?? -20);
  const end = pos < 0 ? list.length - 1 : Math.min(pos, list.length - 1);
  const start = Math.max(0, end + Math.min(0, offset));
  return { actions: list.slice(start, end + 1), last_irreversible_block: s.blocks.at(-1)!.num };
}

export function getTransaction(s: FioState, b: Record<string, unknown>): unknown {
  const id = String(b.id ?? '').toLowerCase();
  const t = s.trxs.get(id);
  if (!t)
    throw chainError(
      'tx_not_found',
      3040011,
      `Transaction ${id} not found in history and no block hint was given`,
    );
  return {
    id,
    trx: { receipt: { status: 'executed', cpu_usage_us: 100, net_usage_words: 20 }, trx: {} },
    block_time: t.block_time,
    block_num: t.block_num,
    last_irreversible_block: s.lib(),
    traces: [],
  };
}
