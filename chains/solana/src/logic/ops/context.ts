/** What every Solana operation shares: the network, and what discovery just read (handed once to a state read). */
import { CHAINS } from '@secux-companion/core';
import type { AccountDescriptor } from '@secux-companion/chain-common';
import { isValidSolanaAddress } from '../address';
import { SolanaError } from '../errors';
import type { SolanaAccountInfo, SolanaBackend } from '../types';

export interface SolanaContext {
  backend: SolanaBackend;
  chain: 'SOL';
  coinType: number;
  decimals: number;
  /**
   * What discovery just read of each account, handed once to the next non-fresh state read (the page showing its
   * balance and tokens right after the coin was opened), so opening a coin costs one request per account; a refresh
   * (`fresh`) or any second read asks the network again.
   */
  discovered: Map<string, { at: number; info: SolanaAccountInfo }>;
}

export function createSolanaContext(backend: SolanaBackend): SolanaContext {
  return {
    backend,
    chain: 'SOL',
    coinType: CHAINS.SOL.coinType,
    decimals: CHAINS.SOL.decimals,
    discovered: new Map(),
  };
}

/** The account's address; an account without a valid one is 'Select Account not found'. */
export function addressOf(account: AccountDescriptor): string {
  if (!account.address || !isValidSolanaAddress(account.address))
    throw new SolanaError('selectAccountNotFound', 'Select Account not found');
  return account.address;
}
