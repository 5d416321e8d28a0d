/** Accounts: discovery (one address per index while activated or used), summary and state with the live reserve. */
import { signingPath } from '@secux-companion/core';
import {
  accountAddress,
  discoverByGap,
  type AccountDescriptor,
  type AccountState,
  type AccountSummary,
  type DeviceAccountTable,
  type DiscoverOptions,
  type DiscoveredAccount,
  type StateOptions,
} from '@secux-companion/chain-common';
import { accountReserve, spendable } from '../reserve';
import type { XrpAccountInfo, XrpKeySource } from '../types';
import type { XrpContext } from './context';

function summaryOf(a: XrpAccountInfo): AccountSummary {
  return {
    balance: a.balance,
    pending: 0n,
    txCount: a.txCount,
    ...(a.sequence !== null ? { sequence: BigInt(a.sequence) } : {}),
    activated: a.activated,
  };
}

export function discoverAccounts(
  { backend, chain, coinType }: XrpContext,
  device: XrpKeySource & DeviceAccountTable,
  options: DiscoverOptions = {},
): Promise<DiscoveredAccount[]> {
  return discoverByGap(device, options, {
    chain,
    coinType,
    address: (path) => device.getAddress(signingPath(chain, path)),
    account: (address, signal) => backend.account(address, signal),
    used: (info) => info.activated || info.txCount > 0,
    summary: summaryOf,
  });
}

export async function getAccountSummary(
  { backend }: XrpContext,
  account: AccountDescriptor,
  options: StateOptions = {},
): Promise<AccountSummary> {
  return summaryOf(await backend.account(accountAddress(account), options.signal));
}

export async function getAccountState(
  { backend }: XrpContext,
  account: AccountDescriptor,
  options: StateOptions = {},
): Promise<AccountState> {
  const [info, ledger] = await Promise.all([
    backend.account(accountAddress(account), options.signal),
    backend.ledger(options.signal),
  ]);
  const reserve = info.activated ? accountReserve(ledger.reserve, info.ownerCount) : 0n;
  return { ...summaryOf(info), reserve, available: spendable(info.balance, reserve) };
}
