import { formatUnits } from '@secux-companion/core';
import { HistoryList, useHistoryPages, type HistoryItemView } from '../accounts/history/HistoryList';
import type { EvmChain } from '../chains/evm';
import { evmCoinText } from './format';
import type { EvmAccount } from './store';

export const evmHistoryKey = (id: string) => ['evm-history', id] as const;

/** History: explorer txlist and tokentx merged by hash (errored dropped, newest first), 10 per page. */
export function EvmHistoryTab({ chain, account }: { chain: EvmChain; account: EvmAccount }) {
  const { query, operations } = useHistoryPages(evmHistoryKey(account.id), (cursor) =>
    chain.adapter.getHistory({ chain: chain.spec.symbol, index: account.index, bip: 44, path: account.path, address: account.address }, cursor),
  );
  const items = operations.map(
    (op): HistoryItemView => ({
      // A coin transfer and token transfers can share one hash.
      key: `${op.hash}:${op.token?.contract ?? ''}`,
      hash: op.hash,
      direction: op.direction,
      pending: op.blockHeight === null,
      time: op.time,
      amount: op.token ? `${formatUnits(op.value, op.token.decimals, { maxDigits: 8 })} ${op.token.symbol}` : evmCoinText(op.value, chain),
      link: chain.local ? undefined : chain.adapter.explorer.tx(op.hash),
    }),
  );
  return <HistoryList query={query} items={items} />;
}
