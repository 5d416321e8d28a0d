/**
 * Staking and voting reads: get_locks (an account's general lock), get_table_rows of eosio's voters table, and
 * GET /staking as FIO's staking statistics service answers it.
 */
import { chainError, invalidInput, notFound } from '../errors.js';
import type { FioState } from '../state.js';
import { publicKeyOf } from './names.js';

export function getLocks(s: FioState, b: Record<string, unknown>): unknown {
  const key = publicKeyOf(b);
  const lock = s.locks.get(key);
  const remaining = s.lockedOf(key);
  if (!lock || remaining === 0n) {
    s.locks.delete(key);
    throw notFound('Public key not found');
  }
  const nowSec = Math.floor(s.now() / 1000);
  return {
    lock_amount: Number(lock.periods.reduce((t, p) => t + p.amount, 0n)),
    remaining_lock_amount: Number(remaining),
    time_stamp: lock.timestamp,
    payouts_performed: lock.periods.filter((p) => lock.timestamp + p.duration <= nowSec).length,
    can_vote: 1,
    unlock_periods: lock.periods.map((p) => ({ duration: p.duration, amount: Number(p.amount) })),
  };
}

/** get_table_rows of eosio's voters table (json), by primary key or by owner (index 3, key_type name). */
export function getTableRows(s: FioState, b: Record<string, unknown>): unknown {
  if (b.code !== 'eosio' || b.scope !== 'eosio' || b.table !== 'voters')
    throw chainError('contract_table_query_exception', 3060003, 'Table not found');
  if (b.json === false) throw invalidInput('json', false, 'Only json: true is served here');
  const index = String(b.index_position ?? '1');
  const limit = Math.max(1, Math.min(1000, Number(b.limit ?? 10) || 10));
  const lower = b.lower_bound === undefined || b.lower_bound === '' ? undefined : String(b.lower_bound);
  const upper = b.upper_bound === undefined || b.upper_bound === '' ? undefined : String(b.upper_bound);
  let rows = [...s.voters.values()];
  if (index === '3' || index === 'tertiary') {
    if (b.key_type !== undefined && b.key_type !== 'name')
      throw chainError('contract_table_query_exception', 3060003, 'Invalid key type');
    // EOSIO names order as uint64; equality (lower = upper = the owner) is what readers ask for.
    rows = rows.filter((r) => (!lower || r.owner >= lower) && (!upper || r.owner <= upper));
    if (lower && upper && lower === upper) rows = rows.filter((r) => r.owner === lower);
  } else if (index === '1' || index === 'primary') {
    rows = rows
      .sort((x, y) => x.id - y.id)
      .filter((r) => (!lower || r.id >= Number(lower)) && (!upper || r.id <= Number(upper)));
  } else throw chainError('contract_table_query_exception', 3060003, 'Invalid index position');
  return { rows: rows.slice(0, limit), more: rows.length > limit, next_key: '' };
}

/** GET /staking: FIO's staking statistics (pools in FIO, roe, historical_apr), or 503 while "down". */
export function stakingStats(s: FioState): [number, unknown] {
  if (s.stakingService.down) return [503, { message: 'Service Unavailable' }];
  const staked = [...s.staked.values()].reduce((t, v) => t + v, 0n);
  const fio = (suf: bigint) => Number(suf) / 1e9;
  return [
    200,
    {
      staked_token_pool: fio(staked),
      outstanding_srps: fio(staked),
      rewards_token_pool: 0,
      combined_token_pool: fio(staked),
      staking_rewards_reserves_minted: 0,
      roe: 1,
      activated: true,
      historical_apr: { ...s.stakingService.apr },
    },
  ];
}
