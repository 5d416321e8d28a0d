/**
 * The account-page pieces every single-address family (XRP, Stellar, TRON, Solana) shows the same way: the card's
 * address, whether the account is still inactive on its ledger, and the History tab.
 */
import { Text } from '@mantine/core';
import type { AccountState } from '@secux-companion/chain-common';
import type { TFunction } from 'i18next';
import { HistoryTab } from '../accounts/history/HistoryTab';
import type { AnyFamily, FamilyChain, PageTab, WalletAccount } from '../family/types';

/** The account card's detail line: its one address, in full on hover, cut at the end. */
export function AddressCardDetails({ account }: { account: { address: string } }) {
  return (
    <Text size="xs" c="dimmed" ff="monospace" truncate="end">
      {account.address}
    </Text>
  );
}

/**
 * Whether the account does not exist on its ledger yet: the fresh state says so once read; before that an account
 * that never held the coin and has no history is taken as inactive.
 */
export function isInactive(state: AccountState | undefined, account: WalletAccount): boolean {
  return state ? state.activated === false : account.balance === 0n && account.txCount === 0;
}

/** The History tab of the account page. */
export function historyTab(
  t: TFunction,
  family: AnyFamily,
  chain: FamilyChain,
  account: WalletAccount,
): PageTab {
  return {
    value: 'history',
    label: t('history.tab'),
    testId: 'tab-history',
    panel: <HistoryTab family={family} chain={chain} account={account} />,
  };
}
