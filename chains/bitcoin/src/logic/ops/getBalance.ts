/** Balance with the pending amount, and the full state with what is spendable now. */
import type {
  AccountDescriptor,
  AccountState,
  AccountSummary,
  StateOptions,
} from '@secux-companion/chain-common';
import { usableUtxos } from '../coinselect';
import { summaryOf, xpubOf, type BitcoinContext } from './context';

export async function getAccountSummary(
  { backend }: BitcoinContext,
  account: AccountDescriptor,
  state: StateOptions = {},
): Promise<AccountSummary> {
  if (state.fresh) backend.clearCache?.();
  return summaryOf(await backend.getAccountSummary(xpubOf(account), account.bip));
}

export async function getAccountState(
  { backend }: BitcoinContext,
  account: AccountDescriptor,
  state: StateOptions = {},
): Promise<AccountState> {
  if (state.fresh) backend.clearCache?.();
  const xpub = xpubOf(account);
  const [summary, utxos] = await Promise.all([
    backend.getAccountSummary(xpub, account.bip),
    backend.getUtxos(xpub, account.bip),
  ]);
  const available = usableUtxos(utxos).reduce((s, u) => s + u.value, 0n);
  return { ...summaryOf(summary), available, utxoCount: utxos.length };
}
