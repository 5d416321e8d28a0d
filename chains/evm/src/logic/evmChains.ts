/**
 * The EVM chains area rules (spec 01 §2 "EVM chains area", §4 "Account sync and recovery"):
 * chain accounts with the name-shortening rule; the 'cannot be displayed temporarily' dialog for a chain
 * without a valid RPC; deleting a chain's last account removes the chain; an account with a balance above 0
 * cannot be deleted ('Can not delete an active account').
 */
import { CoreError, defaultEvmAccountName } from '@secux-companion/core';

export interface EvmChainAccount {
  /** Account index (third path level). */
  index: number;
  name: string;
  address: string;
  balance: bigint;
}

export interface AddedEvmChain {
  chainId: number;
  name: string;
  shortName: string;
  coin: string;
  decimals: number;
  rpcs: string[];
  /** The RPC chosen by the health check; undefined when none answered. */
  rpc?: string;
  hasValidRpc: boolean;
  explorer?: string;
  accounts: EvmChainAccount[];
}

/** Account number shown on a card: index + 1. */
export function accountNumber(account: Pick<EvmChainAccount, 'index'>): number {
  return account.index + 1;
}

/** Name of the next account of a chain: shortened chain name + (account count + 1), at most 15 characters. */
export function nextEvmAccountName(chain: Pick<AddedEvmChain, 'name' | 'accounts'>): string {
  return defaultEvmAccountName(chain.name, chain.accounts.length);
}

/** Next account index of a chain (first unused). */
export function nextEvmAccountIndex(chain: Pick<AddedEvmChain, 'accounts'>): number {
  const used = new Set(chain.accounts.map((a) => a.index));
  let i = 0;
  while (used.has(i)) i++;
  return i;
}

/** Clicking an account card of a chain without a valid RPC opens this dialog instead of the account page. */
export function accountCardAction(
  chain: Pick<AddedEvmChain, 'hasValidRpc'>,
): { open: 'evmaccount' } | { open: 'dialog'; messageKey: 'chainInfoUnavailable' } {
  return chain.hasValidRpc ? { open: 'evmaccount' } : { open: 'dialog', messageKey: 'chainInfoUnavailable' };
}

/** 'Can not delete an active account' when the balance is above 0. */
export function assertEvmAccountDeletable(account: Pick<EvmChainAccount, 'balance'>): void {
  if (account.balance > 0n) throw new CoreError('cannotDeleteActiveAccount');
}

/**
 * Deletes an account from the chain list: the chain disappears with its last account. Throws
 * 'cannotDeleteActiveAccount' for an account with a balance.
 */
export function removeEvmAccount(
  chains: readonly AddedEvmChain[],
  chainId: number,
  index: number,
): AddedEvmChain[] {
  const out: AddedEvmChain[] = [];
  for (const c of chains) {
    if (c.chainId !== chainId) {
      out.push(c);
      continue;
    }
    const account = c.accounts.find((a) => a.index === index);
    if (!account) throw new RangeError(`chain ${chainId} has no account ${index}`);
    assertEvmAccountDeletable(account);
    const accounts = c.accounts.filter((a) => a.index !== index);
    if (accounts.length) out.push({ ...c, accounts });
  }
  return out;
}

/** The chain's RPC for the browser, or 'there is no available rpc.' */
export function requireRpc(chain: Pick<AddedEvmChain, 'rpc' | 'rpcs'>): string {
  const rpc = chain.rpc ?? chain.rpcs[0];
  if (!rpc) throw new CoreError('noAvailableRpc');
  return rpc;
}
