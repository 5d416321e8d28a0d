/**
 * The TRON family's bounds on provider answers, applied in one place per answer: sun amounts below the total supply
 * ceiling (2^63 − 1, int64 on chain), token amounts below 2^256, resources and energy as int64, decimals ≤ 77, block
 * numbers and times safe integers. A value out of bounds is a malformed answer (the next provider is asked): the
 * checks of a provider's own read are the `check` of the facade's failover call (bounds.ts of the server).
 */
import { amount, operations, outOfBounds } from '../../bounds.js';
import type { HistoryPage } from '../../types.js';
import type { TronAccountRead, TronResourceRead } from './backend.js';
import type { TronParamsAnswer, TronTokenAnswer } from './facade.js';

export const MAX_INT64 = 2n ** 63n - 1n;
export const MAX_UINT256 = 2n ** 256n - 1n;
/** The most a price per byte or per energy unit may be taken to be: 1 TRX (mainnet: 1,000 and 100 sun). */
export const MAX_UNIT_PRICE = 1_000_000n;
/** The most an account-creation fee may be taken to be: 100 TRX (mainnet: 0.1 and 1 TRX). */
export const MAX_CREATION_FEE = 100_000_000n;

const token = (t: TronTokenAnswer) => {
  amount(t.balance, t.type === 'trc20' ? MAX_UINT256 : MAX_INT64, 'token balance');
  if (!Number.isInteger(t.decimals) || t.decimals < 0 || t.decimals > 77)
    outOfBounds('token decimals', t.decimals);
};

export const tronBounds = {
  /** getaccount: the TRX balance and the TRC-10 balances (int64). */
  account(a: TronAccountRead): void {
    if (!a.found) return;
    amount(a.balance.toString(), MAX_INT64, 'balance');
    for (const t of a.assets) amount(t.balance.toString(), MAX_INT64, 'token balance');
  },
  resources(r: TronResourceRead): void {
    for (const v of Object.values(r)) amount(v.toString(), MAX_INT64, 'resource');
  },
  /** The index's TRC-20 balances (uint256). */
  trc20Balances(list: readonly { balance: bigint }[]): void {
    for (const t of list) amount(t.balance.toString(), MAX_UINT256, 'token balance');
  },
  token,
  params(p: Omit<TronParamsAnswer, 'chain' | 'provider'>): void {
    amount(p.bandwidthPrice, MAX_UNIT_PRICE, 'bandwidth price');
    amount(p.energyPrice, MAX_UNIT_PRICE, 'energy price');
    amount(p.createAccountFee, MAX_CREATION_FEE, 'create-account fee');
    amount(p.createNewAccountFeeInSystemContract, MAX_CREATION_FEE, 'system create-account fee');
  },
  energy(e: bigint): void {
    amount(e.toString(), MAX_INT64, 'energy');
  },
  history(h: HistoryPage): void {
    operations(h.operations, MAX_UINT256);
  },
};
