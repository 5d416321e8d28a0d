/** Balance reads: the raw summary (balance, nonce, mined count) and the account summary and state built on it. */
import type { AccountDescriptor, AccountState, AccountSummary } from '@secux-companion/chain-common';
import { toApiAddress } from '../address';
import type { EvmAccountSummary } from '../types';
import { addressOf, type EvmContext } from './context';

export function summaryOf(s: EvmAccountSummary): AccountSummary {
  return {
    balance: s.balance,
    pending: 0n,
    txCount: Math.max(s.txCount, s.nonce),
    sequence: BigInt(s.nonce),
  };
}

/** Balance, next nonce and mined transaction count of an address (one backend call). */
export async function getAccount(
  { chain, backend }: EvmContext,
  address: string,
): Promise<EvmAccountSummary> {
  return backend.getAccount(toApiAddress(chain, address));
}

export async function getAccountSummary(
  ctx: EvmContext,
  account: AccountDescriptor,
): Promise<AccountSummary> {
  return summaryOf(await ctx.backend.getAccount(addressOf(ctx, account)));
}

export async function getAccountState(ctx: EvmContext, account: AccountDescriptor): Promise<AccountState> {
  const s = summaryOf(await ctx.backend.getAccount(addressOf(ctx, account)));
  return { ...s, available: s.balance };
}
