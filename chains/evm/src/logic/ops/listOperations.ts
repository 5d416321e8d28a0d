/** One page of history, newest first. */
import type { AccountDescriptor, HistoryPage } from '@secux-companion/chain-common';
import { mergeEvmHistory } from '../history';
import { addressOf, type EvmContext } from './context';

export async function listOperations(
  ctx: EvmContext,
  account: AccountDescriptor,
  cursor: string | null = null,
): Promise<HistoryPage> {
  const address = addressOf(ctx, account);
  const page = await ctx.backend.getTransactions(address, cursor);
  // The server's Operations are used as they are; only explorer records (a chain the user added) are merged here.
  const operations = 'operations' in page ? page.operations : mergeEvmHistory(address, page.records);
  return { operations, cursor: page.cursor };
}
