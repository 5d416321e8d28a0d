/** Balance reads: the account summary and state (minimum balance from the base reserve, trustlines read-only). */
import type {
  AccountDescriptor,
  AccountState,
  AccountSummary,
  StateOptions,
  TokenHolding,
} from '@secux-companion/chain-common';
import { accountAddress } from '@secux-companion/chain-common';
import { minimumBalance, spendable } from '../reserve';
import type { StellarAccountInfo, StellarAssetBalance } from '../types';
import type { StellarContext } from './context';

export function summaryOf(a: StellarAccountInfo): AccountSummary {
  return {
    balance: a.balance,
    pending: 0n,
    // Horizon keeps no transaction count: an account on the ledger was created by at least one transaction.
    txCount: a.activated ? 1 : 0,
    ...(a.sequence !== null ? { sequence: a.sequence + 1n } : {}),
    activated: a.activated,
  };
}

/** Trustlines as read-only token holdings ('CODE:ISSUER', 7 decimals). */
export function trustlineHoldings(assets: readonly StellarAssetBalance[]): TokenHolding[] {
  return assets.map((a) => ({
    contract: a.kind === 'liquidity_pool_shares' ? a.code : `${a.code}:${a.issuer}`,
    symbol: a.kind === 'liquidity_pool_shares' ? 'POOL' : a.code,
    decimals: 7,
    balance: a.balance,
    standard: a.kind,
  }));
}

export async function getAccountSummary(
  { backend }: StellarContext,
  account: AccountDescriptor,
  options: StateOptions = {},
): Promise<AccountSummary> {
  return summaryOf(await backend.account(accountAddress(account), options.signal));
}

export async function getAccountState(
  { backend }: StellarContext,
  account: AccountDescriptor,
  options: StateOptions = {},
): Promise<AccountState> {
  const [info, net] = await Promise.all([
    backend.account(accountAddress(account), options.signal),
    backend.network(options.signal),
  ]);
  const reserve = info.activated
    ? minimumBalance({
        baseReserve: net.baseReserve,
        subentries: info.subentries,
        sponsoring: info.sponsoring,
        sponsored: info.sponsored,
      })
    : 0n;
  return {
    ...summaryOf(info),
    reserve,
    available: spendable(info.balance, reserve, info.sellingLiabilities),
    tokens: trustlineHoldings(info.assets),
  };
}
