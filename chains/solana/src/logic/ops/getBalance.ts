/** Balance reads: the account summary and state (SOL and its tokens), reusing what discovery just read once. */
import type {
  AccountDescriptor,
  AccountState,
  AccountSummary,
  StateOptions,
} from '@secux-companion/chain-common';
import type { SolanaAccountInfo, SolanaTokenAccount, SolanaTokenHolding } from '../types';
import { addressOf, type SolanaContext } from './context';

const DISCOVERY_REUSE_MS = 10_000;

/** The summary of one account read, with the tokens that read gives (kept by discovery for the portfolio). */
export function summaryOf(a: SolanaAccountInfo): AccountSummary {
  return { balance: a.balance, pending: 0n, txCount: a.txCount, tokens: a.tokens.map(tokenHolding) };
}

export function tokenHolding(t: SolanaTokenAccount): SolanaTokenHolding {
  return {
    nonTransferable: t.nonTransferable,
    contract: t.mint,
    symbol: t.symbol ?? `${t.mint.slice(0, 4)}…${t.mint.slice(-4)}`,
    ...(t.name ? { name: t.name } : {}),
    ...(t.unverified ? { unverified: true } : {}),
    decimals: t.decimals,
    balance: t.amount,
    standard: t.program === 'spl-token-2022' ? 'Token-2022' : 'SPL',
    tokenAccount: t.tokenAccount,
  };
}

/** The account as discovery just read it (once, within 10 s, unless `fresh`), else from the network. */
async function readAccount(
  { backend, discovered }: SolanaContext,
  address: string,
  options: { fresh?: boolean; signal?: AbortSignal } = {},
): Promise<SolanaAccountInfo> {
  const hit = discovered.get(address);
  discovered.delete(address);
  if (hit && !options.fresh && Date.now() - hit.at < DISCOVERY_REUSE_MS) return hit.info;
  return backend.account(address, options.signal);
}

export async function getAccountSummary(
  ctx: SolanaContext,
  account: AccountDescriptor,
  options: StateOptions = {},
): Promise<AccountSummary> {
  return summaryOf(await readAccount(ctx, addressOf(account), options));
}

export async function getAccountState(
  ctx: SolanaContext,
  account: AccountDescriptor,
  options: StateOptions = {},
): Promise<AccountState> {
  const info = await readAccount(ctx, addressOf(account), options);
  return { ...summaryOf(info), available: info.balance };
}
