/**
 * The TRON family's bounds on provider answers, applied in one place per answer: the TRX balance and every TRX amount
 * of a history within the TRX that exist (TRX_MAX_SUN), TRC-10 balances and amounts as int64, TRC-20 amounts below
 * 2^256 (a token's supply is not known here), resources and energy as int64, decimals ≤ 77, the chain's unit prices
 * within MAX_UNIT_PRICE, block numbers and times that can be. A value out of bounds is a malformed answer (the next
 * provider is asked): the checks of a provider's own read are the `check` of the facade's failover call.
 */
import { mergeTronHistory, txInfoOf } from '@secux-companion/chain-tron';
import { INT64_MAX, UINT256_MAX, amount, operations, outOfBounds } from '@secux-companion/server-kit/bounds';
import { toWire, type Operation } from '@secux-companion/server-kit/types';
import type { TronAccountRead, TronResourceRead } from './backend.js';
import type { TronParamsAnswer, TronTokenAnswer } from './answers.js';

/**
 * The most TRX any amount can be: 200 billion TRX in sun (1 TRX = 10^6 sun). About 100 G TRX were issued at genesis
 * (2018-06); block rewards add new TRX (at most about 2 G a year) while fees burn some, and the supply has stayed near
 * 86–100 G (tronscan.org "TRX supply", 2025). Twice the issue leaves room for decades of inflation (issue 29: a
 * balance of 10^12 TRX was served with 200).
 */
export const TRX_MAX_SUN = 200_000_000_000n * 1_000_000n;
/** The most a price per byte or per energy unit may be taken to be: 1 TRX (mainnet: 1,000 and 100 sun). */
export const MAX_UNIT_PRICE = 1_000_000n;
/** The most an account-creation fee may be taken to be: 100 TRX (mainnet: 0.1 and 1 TRX). */
export const MAX_CREATION_FEE = 100_000_000n;

const token = (t: TronTokenAnswer) => {
  amount(t.balance, t.type === 'trc20' ? UINT256_MAX : INT64_MAX, 'token balance');
  if (!Number.isInteger(t.decimals) || t.decimals < 0 || t.decimals > 77)
    outOfBounds('token decimals', t.decimals);
};

export const tronBounds = {
  /** getaccount: the TRX balance and the TRC-10 balances (int64). */
  account(a: TronAccountRead): void {
    if (!a.found) return;
    amount(a.balance, TRX_MAX_SUN, 'balance');
    for (const t of a.assets) amount(t.balance, INT64_MAX, 'token balance');
  },
  resources(r: TronResourceRead): void {
    for (const v of Object.values(r)) amount(v, INT64_MAX, 'resource');
  },
  /** The index's TRC-20 balances (uint256). */
  trc20Balances(list: readonly { balance: bigint }[]): void {
    for (const t of list) amount(t.balance, UINT256_MAX, 'token balance');
  },
  token,
  params(p: Omit<TronParamsAnswer, 'chain' | 'provider'>): void {
    amount(p.bandwidthPrice, MAX_UNIT_PRICE, 'bandwidth price');
    amount(p.energyPrice, MAX_UNIT_PRICE, 'energy price');
    amount(p.createAccountFee, MAX_CREATION_FEE, 'create-account fee');
    amount(p.createNewAccountFeeInSystemContract, MAX_CREATION_FEE, 'system create-account fee');
  },
  energy(e: bigint): void {
    amount(e, INT64_MAX, 'energy');
  },
  /**
   * One index list's operations (mapped by chain-tron): TRX values and fees within the supply; token values within
   * their type (TRC-10 int64, TRC-20 uint256: a TRC-20 operation's contract is a `T…` address).
   */
  history(ops: readonly Operation[]): void {
    const trc10 = ops.filter((o) => o.token && /^\d+$/.test(o.token.contract));
    operations(
      ops.filter((o) => !trc10.includes(o)),
      TRX_MAX_SUN,
      { tokenMax: UINT256_MAX },
    );
    operations(trc10, TRX_MAX_SUN, { tokenMax: INT64_MAX });
  },
  /** The index's `/transactions` list: its operations, and every entry's fee (a TRC-20 transfer takes it from there). */
  transactions(data: readonly unknown[], account: string): void {
    tronBounds.history(toWire(mergeTronHistory(data, [], account)));
    for (const e of data)
      if (typeof e === 'object' && e !== null && !Array.isArray(e))
        amount(txInfoOf(e as Record<string, unknown>).fee, TRX_MAX_SUN, 'fee');
  },
  /** The index's `/transactions/trc20` list. */
  trc20Transfers(data: readonly unknown[], account: string): void {
    tronBounds.history(toWire(mergeTronHistory([], data, account)));
  },
};
