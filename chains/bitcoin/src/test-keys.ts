/** Test-only helpers: keys from the public test mnemonics (never real funds). */
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';

/** /work/shared/reference/vectors.md */
export const TEST_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
/** Trezor's public test phrase (twelve times 'all'). */
export const ALL_MNEMONIC = Array(12).fill('all').join(' ');
export const VECTOR_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

const roots = new Map<string, HDKey>();

export function rootOf(mnemonic: string = TEST_MNEMONIC): HDKey {
  let root = roots.get(mnemonic);
  if (!root) {
    root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic));
    roots.set(mnemonic, root);
  }
  return root;
}

/** Account-level xpub (standard 'xpub' version bytes) of a path such as m/84'/0'/0'. */
export function accountXpub(path: string, mnemonic?: string): string {
  return rootOf(mnemonic).derive(path).publicExtendedKey;
}

/** Private key of a full path. */
export function privateKeyOf(path: string, mnemonic?: string): Uint8Array {
  const k = rootOf(mnemonic).derive(path).privateKey;
  if (!k) throw new Error('no private key');
  return k;
}
