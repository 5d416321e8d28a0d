/** An account's reads: balance, locks, names, FIO requests and its voters row. */
import { orEmpty, type NodeOp } from './client.js';
import { Addresses, Balance, Domains, Locks, Requests, Voters } from './shapes.js';

export const balance: NodeOp<'balance'> = async (n, publicKey, signal) => {
  const b = await orEmpty(
    n.post('/v1/chain/get_fio_balance', { fio_public_key: publicKey }, Balance, signal),
    null,
  );
  if (!b) return { balance: 0n, available: 0n, staked: 0n, srps: 0n, roe: '1' };
  return {
    balance: b.balance,
    available: b.available,
    staked: b.staked,
    srps: b.srps,
    roe: String(b.roe),
  };
};

export const locks: NodeOp<'locks'> = async (n, publicKey, signal) => {
  const l = await orEmpty(n.post('/v1/chain/get_locks', { fio_public_key: publicKey }, Locks, signal), null);
  return {
    lockAmount: l?.lock_amount ?? 0n,
    remaining: l?.remaining_lock_amount ?? l?.lock_amount ?? 0n,
    timeStamp: l?.time_stamp ?? null,
    periods: l?.unlock_periods ?? [],
  };
};

export const names: NodeOp<'names'> = async (n, publicKey, signal) => {
  const q = { fio_public_key: publicKey, limit: 100, offset: 0 };
  const [d, a] = await Promise.all([
    orEmpty(n.post('/v1/chain/get_fio_domains', q, Domains, signal), { fio_domains: [] }),
    orEmpty(n.post('/v1/chain/get_fio_addresses', q, Addresses, signal), { fio_addresses: [] }),
  ]);
  return { domains: d.fio_domains, addresses: a.fio_addresses };
};

export const requests: NodeOp<'requests'> = async (n, which, publicKey, signal) => {
  const r = await orEmpty(
    n.post(
      `/v1/chain/get_${which}_fio_requests`,
      { fio_public_key: publicKey, limit: 100, offset: 0 },
      Requests,
      signal,
    ),
    { requests: [] },
  );
  return r.requests;
};

export const voter: NodeOp<'voter'> = async (n, actor, signal) => {
  const r = await n.post(
    '/v1/chain/get_table_rows',
    {
      code: 'eosio',
      scope: 'eosio',
      table: 'voters',
      index_position: '3',
      key_type: 'name',
      lower_bound: actor,
      upper_bound: actor,
      json: true,
      limit: 1,
    },
    Voters,
    signal,
  );
  const row = r.rows.find((x) => x.owner === actor);
  if (!row) return null;
  return {
    owner: row.owner,
    proxy: row.proxy,
    producers: row.producers,
    isProxy: Boolean(row.is_proxy),
    isAutoProxy: Boolean(row.is_auto_proxy),
    fioaddress: row.fioaddress,
  };
};
