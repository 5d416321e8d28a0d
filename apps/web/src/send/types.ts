import type { AccountDescriptor } from '@secux-companion/chain-common';

/**
 * What the send flow needs of an account, whatever its family: chain-common's descriptor (chain, path,
 * bip, xpub or address) plus the app's id (query keys) and name (the modal's title).
 */
export interface SendAccount extends AccountDescriptor {
  id: string;
  name: string;
}
