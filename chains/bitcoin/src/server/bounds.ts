/**
 * The bitcoin family's bounds on provider answers, applied in one place: the facade's failover `check` (facade.ts).
 * Amounts are satoshi strings in [0, the coin's maximum supply] (the pending change of an account may be negative,
 * down to minus that supply), counts and heights non-negative safe integers, fee rates in (0, MAX_FEE_RATE] sat/vB.
 * Anything else is a malformed answer (the next provider is asked).
 */
import {
  amount,
  count,
  operations,
  optCount,
  outOfBounds,
  plausibleTime,
} from '@secux-companion/server-kit/bounds';
import type { AccountInfo, FeeTiers, HistoryPage, TxDetails, Utxo } from '@secux-companion/server-kit/types';
import type { BalanceBucket } from './backend.js';

/** Highest fee rate taken from a provider (sat/vB): 50× the spec's BTC fallback high tier (200). */
export const MAX_FEE_RATE = 10_000;

export interface UtxoBounds {
  /** The coin's maximum supply in satoshi (config.ts MAX_SUPPLY). */
  maxSats: bigint;
}

export const utxoBounds = (b: UtxoBounds) => ({
  account(a: AccountInfo): void {
    amount(a.balance, b.maxSats, 'balance');
    amount(a.unconfirmedBalance, b.maxSats, 'unconfirmed balance', true);
    count(a.txCount, 'txCount');
    optCount(a.utxosCount, 'utxosCount');
    for (const e of a.addresses ?? []) {
      amount(e.balance, b.maxSats, 'address balance');
      count(e.transfers, 'address transfers');
      count(e.index, 'address index');
    }
  },
  utxos(list: Utxo[]): void {
    for (const u of list) {
      amount(u.value, b.maxSats, 'utxo value');
      count(u.vout, 'vout');
      optCount(u.height, 'utxo height');
      count(u.confirmations, 'confirmations');
    }
  },
  balanceHistory(list: BalanceBucket[]): void {
    for (const x of list) {
      amount(x.received, b.maxSats, 'received');
      amount(x.sent, b.maxSats, 'sent');
    }
  },
  history(page: Omit<HistoryPage, 'provider'>): void {
    operations(page.operations, b.maxSats);
  },
  tx(t: TxDetails): void {
    amount(t.value, b.maxSats, 'tx value');
    if (t.fee !== undefined) amount(t.fee, b.maxSats, 'tx fee');
    optCount(t.blockHeight, 'block height');
    count(t.confirmations, 'confirmations');
    // ms since the epoch, like a history operation's: a date that cannot be true is a lie.
    if (t.time !== null && t.time !== undefined) plausibleTime(t.time, 'time');
    optCount(t.vsize, 'vsize');
    for (const i of t.inputs) if (i.value !== undefined) amount(i.value, b.maxSats, 'input value');
    for (const o of t.outputs) amount(o.value, b.maxSats, 'output value');
  },
  fees(t: FeeTiers<number>): void {
    for (const r of [t.high, t.medium, t.low])
      if (typeof r !== 'number' || !Number.isFinite(r) || r <= 0 || r > MAX_FEE_RATE)
        outOfBounds('fee rate', r);
  },
});
