/** What every TRON operation shares: the network and the chain's constants. */
import { CHAINS } from '@secux-companion/core';
import type { AccountDescriptor } from '@secux-companion/chain-common';
import type { TronBackend } from '../types';

export const TRX_DECIMALS = CHAINS.TRX.decimals;

export interface TronContext {
  backend: TronBackend;
  chain: 'TRX';
  coinType: number;
}

export function createTronContext(backend: TronBackend): TronContext {
  return { backend, chain: 'TRX', coinType: CHAINS.TRX.coinType };
}

export function addressOf(account: AccountDescriptor): string {
  if (!account.address) throw new Error('A TRON account needs its address');
  return account.address;
}
