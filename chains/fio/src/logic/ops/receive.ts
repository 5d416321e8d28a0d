/** The receive key with its signing path, and recipient validation. */
import { signingPath, type RecipientStatus } from '@secux-companion/core';
import type { AccountDescriptor, ReceiveAddress } from '@secux-companion/chain-common';
import { isValidFioPublicKey } from '../rules';
import { keyOf, type FioContext } from './context';

export function receiveAddress(ctx: FioContext, account: AccountDescriptor): ReceiveAddress {
  return { address: keyOf(account), path: signingPath(ctx.chain, account.path) };
}

export function validateAddress(address: string): RecipientStatus {
  if (!address.trim()) return 'empty';
  return isValidFioPublicKey(address.trim()) ? 'ok' : 'invalid';
}
