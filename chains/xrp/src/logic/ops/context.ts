/** What every XRP operation shares: the network and the chain's constants. */
import { CHAINS } from '@secux-companion/core';
import type { AccountDescriptor } from '@secux-companion/chain-common';
import type { XrpBackend } from '../types';

export interface XrpContext {
  backend: XrpBackend;
  chain: 'XRP';
  coinType: number;
  decimals: number;
}

export function createXrpContext(backend: XrpBackend): XrpContext {
  return { backend, chain: 'XRP', coinType: CHAINS.XRP.coinType, decimals: CHAINS.XRP.decimals };
}

export function addressOf(account: AccountDescriptor): string {
  if (!account.address) throw new Error('An XRP account needs its address');
  return account.address;
}
