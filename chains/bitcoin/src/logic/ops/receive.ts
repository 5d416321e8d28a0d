/** The next receive address (after the last used one), and recipient validation. */
import type { Bip, RecipientStatus } from '@secux-companion/core';
import type { AccountDescriptor, ReceiveAddress } from '@secux-companion/chain-common';
import { validateRecipientAddress } from '../address';
import { TAPROOT_DERIVED_ADDRESSES } from '../changePath';
import type { UsedAddress } from '../types';
import { keysOf, xpubOf, type BitcoinContext } from './context';

/**
 * The receive index after the last used one (spec 02 §4); Taproot stays within its 5 derived addresses.
 */
export function receiveIndex(
  bip: Bip,
  used: readonly Pick<UsedAddress, 'change' | 'index' | 'transfers'>[],
): number {
  const indexes = used.filter((u) => u.change === 0 && u.transfers > 0).map((u) => u.index);
  const next = indexes.length ? Math.max(...indexes) + 1 : 0;
  return bip === 86 ? Math.min(next, TAPROOT_DERIVED_ADDRESSES - 1) : next;
}

/** The next receive address: after the last used one (Taproot within its 5); index 0 when the list fails. */
export async function getReceiveAddress(
  ctx: BitcoinContext,
  account: AccountDescriptor,
): Promise<ReceiveAddress> {
  const { backend, chain } = ctx;
  let used: UsedAddress[] = [];
  try {
    used = backend.getAccountAddresses ? await backend.getAccountAddresses(xpubOf(account), account.bip) : [];
  } catch {
    used = []; // the first receive address is still a correct one
  }
  const keys = keysOf(ctx, account);
  const index = receiveIndex(account.bip, used);
  // Taproot derives 5 receive and 5 change addresses (spec 02 §4): its receive address is one of those 5.
  const d = account.bip === 86 ? keys.watchList().filter((a) => a.change === 0)[index]! : keys.receive(index);
  return {
    address: d.address,
    path: d.path,
    ...(chain === 'BTC' || chain === 'TBTC' ? { instructionKey: 'receive.brc20Warning' } : {}),
  };
}

export function validateAddress(ctx: BitcoinContext, address: string): RecipientStatus {
  return validateRecipientAddress(ctx.network, address);
}
