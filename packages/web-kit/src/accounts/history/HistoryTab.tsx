import type { Operation } from '@secux-companion/chain-common';
import { useState } from 'react';
import { amountText, tokenAmountText } from '../../lib/format';
import { accountKeys } from '../queryKeys';
import type { AnyFamily, FamilyChain, HistoryExtras, WalletAccount } from '../../family/types';
import { labelOf, useLabels } from '../../labels/labels';
import { LabelModal } from '../../labels/LabelEditor';
import { useAccounts } from '../store';
import { EditLabelContext, HistoryList, useHistoryPages, type HistoryItemView } from './HistoryList';
import { ExportHistory } from './ExportHistory';

const noExtras = (): HistoryExtras => ({});

/** A transfer of nothing sent by someone else: the spam (and address-poisoning) pattern the list flags. */
export function isZeroValueTransfer(op: Operation): boolean {
  return op.value === 0n && !op.isOwnTransaction && op.direction === 'in';
}

/**
 * History tab of every family: the adapter's pages (of the family's page size, infinite scroll with 1 px tolerance),
 * pending items, explorer links (none on a local chain), and the family's per-item action (Speed up). When the
 * history cannot be read, the family's simple link to the account on the explorer is offered with the error.
 * Each transaction can be labelled (BIP-329, kept in this browser); zero-value transfers from others are flagged;
 * the whole history exports as CSV (issue 33).
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
  const fetchPage = (cursor: string | null) =>
    chain.adapter.getHistory(family.descriptor(chain, account), cursor);
  const { query, operations } = useHistoryPages(accountKeys.history(account.id), fetchPage);
  const labels = useLabels();
  const [labelling, setLabelling] = useState<string | null>(null);
  // The coin's prices value the export; a chain the user added (its own scope) has none.
  const priceCoin = useAccounts((s) => (s.scope !== null && s.scope === s.coin ? s.coin : null));
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
    label: labelOf(labels, 'tx', op.hash),
    zeroValue: isZeroValueTransfer(op),
  }));
  const explorerTx = chain.local ? undefined : (hash: string) => chain.adapter.explorer.tx(hash);
  return (
    <EditLabelContext.Provider value={setLabelling}>
      {!query.isPending && items.length > 0 && (
        <ExportHistory
          fetchPage={fetchPage}
          unit={chain.unit}
          explorerTx={explorerTx}
          priceCoin={priceCoin}
          accountName={account.name}
        />
      )}
      <HistoryList
        query={query}
        items={items}
        simpleLink={chain.local ? undefined : family.historyLink?.(chain, account)}
      />
      {labelling && <LabelModal type="tx" refId={labelling} onClose={() => setLabelling(null)} />}
      {extras.overlay}
    </EditLabelContext.Provider>
  );
}
