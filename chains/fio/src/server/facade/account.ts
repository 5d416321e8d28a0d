/** The FIO facade's account reads: balance and locks, payment requests, staking. */
import { Fio } from '@fioprotocol/fiojs';
import { isValidHandle } from '@secux-companion/chain-fio';
import { amount } from '@secux-companion/server-kit/bounds';
import { facadeFailover } from '@secux-companion/server-kit/failover';
import type { AccountInfo } from '@secux-companion/server-kit/types';
import { FIO_SUPPLY_SUF, fioBounds, locksBounds, requestsWire, unlockAtIso } from '../bounds.js';
import type { FioContext } from './context.js';

/** 1,000,000,000 FIO max supply in SUF: no amount a node answers can be above it (bounds.ts). */
export const FIO_MAX_SUF = FIO_SUPPLY_SUF;

export type FioAccountAnswer = AccountInfo & {
  available: string;
  staked: string;
  locked: string;
  srps: string;
  roe: string;
  actor: string;
};

export async function account(ctx: FioContext, id: string): Promise<FioAccountAnswer> {
  const key = ctx.key(id);
  const [b, l] = await Promise.all([
    ctx.run('balance', (p, s) => p.balance(key, s), fioBounds.balance),
    ctx.run(
      'locks',
      (p, s) => p.locks(key, s),
      (v) => amount(v.remaining, FIO_MAX_SUF, 'FIO lock'),
    ),
  ]);
  const v = b.value;
  return {
    chain: ctx.chain,
    address: key,
    balance: v.balance.toString(),
    unconfirmedBalance: '0',
    txCount: v.balance > 0n || v.staked > 0n ? 1 : 0,
    available: v.available.toString(),
    staked: v.staked.toString(),
    locked: l.value.remaining.toString(),
    srps: v.srps.toString(),
    roe: /^\d{1,20}(\.\d{1,20})?$/.test(v.roe) ? v.roe : '0',
    actor: Fio.accountHash(key),
    provider: b.provider,
  };
}

export async function requests(ctx: FioContext, id: string, which: 'sent' | 'received') {
  const key = ctx.key(id);
  const r = await ctx.run(`requests ${which}`, async (p, s) => requestsWire(await p.requests(which, key, s)));
  return { chain: ctx.chain, requests: r.value, provider: r.provider };
}

/** The 7-day APR from the staking service, or null when there is none or it fails (never fails the view). */
async function stakingApr(ctx: FioContext): Promise<number | null> {
  const list = ctx.cfg.staking ?? [];
  if (!list.length) return null;
  try {
    return (await facadeFailover(ctx.cfg, 'staking apr', list, (p, s) => p.apr7d(s))).value;
  } catch {
    return null;
  }
}

export async function staking(ctx: FioContext, id: string) {
  const key = ctx.key(id);
  const actor = Fio.accountHash(key);
  const [apr7d, locks, voter] = await Promise.all([
    stakingApr(ctx),
    ctx.run('locks', (p, s) => p.locks(key, s), locksBounds),
    ctx.run('voter', (p, s) => p.voter(actor, s)),
  ]);
  const row = voter.value;
  let proxy: string | null = null;
  if (row?.proxy) {
    const of = await ctx.run('proxy', (p, s) => p.voter(row.proxy, s)).catch(() => null);
    const handle = of?.value?.fioaddress ?? '';
    proxy = isValidHandle(handle) ? handle : row.proxy;
  }
  const l = locks.value;
  return {
    chain: ctx.chain,
    apr7d,
    voted: row !== null && (row.proxy !== '' || row.producers.length > 0 || row.isAutoProxy),
    proxy,
    defaultProxy: ctx.cfg.defaultProxy,
    lock:
      l.remaining > 0n
        ? { amount: l.lockAmount.toString(), remaining: l.remaining.toString(), unlockAt: unlockAtIso(l) }
        : null,
    provider: voter.provider,
  };
}
