import type { BitcoinChain } from '../../chains/bitcoin';
import { descriptorOf, type AppAccount } from './account';
import { receiveIndex } from './rules';

/** The next receive address of the account (after the last used one; Taproot within its 5). */
export async function nextReceiveAddress(chain: BitcoinChain, account: AppAccount) {
  let used: { change: 0 | 1; index: number; transfers: number }[] = [];
  try {
    used = await chain.backend.getAccountAddresses(account.extendPubKey, account.bip);
  } catch (e) {
    console.warn('used addresses unavailable; offering the first receive address', e);
  }
  const d = chain.adapter.keysOf(descriptorOf(account)).receive(receiveIndex(account.bip, used));
  return { address: d.address, path: d.path };
}
