/** The receive address (xdc form on XDC) with its signing path, and recipient validation. */
import { signingPath, type RecipientStatus } from '@secux-companion/core';
import type { AccountDescriptor } from '@secux-companion/chain-common';
import { displayAddress, receiveInstructionKey, validateEvmRecipient } from '../address';
import { addressOf, type EvmContext } from './context';

export function receiveAddress(
  ctx: EvmContext,
  account: AccountDescriptor,
): { address: string; path: string; instructionKey: string } {
  return {
    address: displayAddress(ctx.chain, addressOf(ctx, account)),
    path: signingPath(ctx.chain, account.path),
    instructionKey: receiveInstructionKey(ctx.chain),
  };
}

export function validateAddress(ctx: EvmContext, address: string): RecipientStatus {
  return validateEvmRecipient(ctx.chain, address);
}
