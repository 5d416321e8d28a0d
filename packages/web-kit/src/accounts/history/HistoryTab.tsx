import type { Operation } from '@secux-companion/chain-common';
import { amountText, tokenAmountText } from '../../lib/format';
import { accountKeys } from '../queryKeys';
import type { AnyFamily, FamilyChain, HistoryExtras, WalletAccount } from '../../family/types';
import { HistoryList, useHistoryPages, type HistoryItemView } from './HistoryList';

const noExtras = (): HistoryExtras => ({});

/**
 * History tab of every family: the adapter's pages (of the family's page size, infinite scroll with 1 px tolerance),
 * pending items, explorer links (none on a local chain), and the family's per-item action (Speed up). When the
 * history cannot be read, the family's simple link to the account on the explorer is offered with the error.
 */
export function HistoryTab({
  family,
  chain,
  account,
}: {
  family: AnyFamily;
  chain: FamilyChain;
  account: WalletAccount;
}) {
  const useExtras = family.useHistoryExtras ?? noExtras;
  const extras = useExtras({ chain, account });
  const { query, operations } = useHistoryPages(accountKeys.history(account.id), (cursor) =>
    chain.adapter.getHistory(family.descriptor(chain, account), cursor),
  );
  const amount = (op: Operation) =>
    op.token ? tokenAmountText(op.value, op.token) : amountText(op.value, chain.unit);
  const items = operations.map((op): HistoryItemView => ({
    key: family.historyKey?.(op) ?? op.hash,
    hash: op.hash,
    direction: op.direction,
    pending: op.blockHeight === null,
    time: op.time,
    amount: amount(op),
    link: chain.local ? undefined : chain.adapter.explorer.tx(op.hash),
    action: extras.action?.(op),
  }));
  return (
    <>
      <HistoryList
        query={query}
        items={items}
        simpleLink={chain.local ? undefined : family.historyLink?.(chain, account)}
      />
      {extras.overlay}
    </>
  );
}
