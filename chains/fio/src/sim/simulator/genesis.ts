/** The local genesis: the emulator's FIO accounts, the 'secux' domain, their handles and a voting proxy. */
import { Ecc } from '@fioprotocol/fiojs';
import { fioPublicKeyFromPoint } from '@secux-companion/chain-fio';
import { mnemonicToRoot } from '@secux-companion/sim-kit';
import { FIO_LOCAL_PROXY, FIO_PAYER_HANDLE, SUF } from './constants.js';
import type { FioGenesis } from './state.js';

/** The genesis's shape belongs to its reader, FioState; re-exported for those that build one. */
export type { FioGenesis };

/** The FIO public key of the emulator's account `index` (m/44'/235'/{index}'/0/0). */
export function fioPublicKeyOf(mnemonic: string, index = 0): string {
  const node = mnemonicToRoot(mnemonic).derive(`m/44'/235'/${index}'/0/0`);
  if (!node.publicKey) throw new Error('no public key');
  return fioPublicKeyFromPoint(node.publicKey);
}

/** The key of the local genesis's voting proxy (proxy@secux): a fixed key nobody here signs for. */
export const FIO_LOCAL_PROXY_KEY = String(
  Ecc.PrivateKey.fromSeed('secux localnet fio proxy').toPublic().toString(),
);

/** The key SecuX's 'secux' domain belongs to in the simulator (any valid key nobody here signs for). */
export const SECUX_DOMAIN_OWNER = fioPublicKeyFromPoint(
  Uint8Array.from([2, ...Array.from({ length: 32 }, (_, i) => (i === 31 ? 1 : 0))]),
);

/**
 * The local genesis: the public 'secux' domain; the emulator's first FIO account funded with 1,000 FIO, one handle
 * (on 'secux', 5 bundled transactions left: under the alert threshold) and one domain of its own; its second account
 * funded with 500 FIO and the handle payer@secux with 100 bundles (the other party of payment requests); and a
 * registered voting proxy, proxy@secux (the default proxy staking votes through).
 */
export function fioGenesis(mnemonic: string): FioGenesis {
  const me = fioPublicKeyOf(mnemonic, 0);
  const payer = fioPublicKeyOf(mnemonic, 1);
  return {
    accounts: [
      { publicKey: me, balance: 1000n * SUF },
      { publicKey: payer, balance: 500n * SUF },
    ],
    domains: [
      { domain: 'secux', owner: SECUX_DOMAIN_OWNER, isPublic: true },
      { domain: 'emulator', owner: me, isPublic: false },
    ],
    handles: [
      { handle: 'emulator@secux', owner: me, bundled: 5 },
      { handle: FIO_PAYER_HANDLE, owner: payer, bundled: 100 },
      { handle: FIO_LOCAL_PROXY, owner: FIO_LOCAL_PROXY_KEY, bundled: 100 },
    ],
    proxies: [FIO_LOCAL_PROXY],
  };
}
