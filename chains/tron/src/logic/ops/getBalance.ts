/** Balance reads: the account summary and state (bandwidth, energy, TRC-10 and TRC-20 tokens). */
import type {
  AccountDescriptor,
  AccountState,
  AccountSummary,
  StateOptions,
} from '@secux-companion/chain-common';
import { accountAddress } from '@secux-companion/chain-common';
import { availableBandwidth, availableEnergy } from '../costs';
import type { TronAccountInfo, TronToken, TronTokenHolding } from '../types';
import type { TronContext } from './context';

/** The summary of one account read, with the tokens that read gives (kept by discovery for the portfolio). */
export function summaryOf(a: TronAccountInfo): AccountSummary {
  return {
    balance: a.balance,
    pending: 0n,
    txCount: a.txCount,
    activated: a.activated,
    tokens: a.tokens.map(tokenHolding),
  };
}

export function tokenHolding(t: TronToken): TronTokenHolding {
  return {
    type: t.type,
    contract: t.contract,
    symbol: t.symbol,
    name: t.name,
    decimals: t.decimals,
    balance: t.balance,
    standard: t.type === 'trc20' ? 'TRC-20' : 'TRC-10',
  };
}

export async function getAccountSummary(
  { backend }: TronContext,
  account: AccountDescriptor,
  options: StateOptions = {},
): Promise<AccountSummary> {
  return summaryOf(await backend.account(accountAddress(account), options.signal));
}

export async function getAccountState(
  { backend }: TronContext,
  account: AccountDescriptor,
  options: StateOptions = {},
): Promise<AccountState> {
  const info = await backend.account(accountAddress(account), options.signal);
  const r = info.resources;
  return {
    ...summaryOf(info),
    available: info.balance,
    resources: [
      { kind: 'bandwidth', used: r.freeNetUsed + r.netUsed, limit: r.freeNetLimit + r.netLimit },
      { kind: 'energy', used: r.energyUsed, limit: r.energyLimit },
    ],
    extra: {
      bandwidthAvailable: availableBandwidth(r).toString(),
      energyAvailable: availableEnergy(r).toString(),
    },
  };
}
