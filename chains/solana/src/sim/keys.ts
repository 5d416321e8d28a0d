/**
 * The emulator's SOL accounts: SLIP-0010 ed25519 derivation (hardened levels only) at m/44'/501'/{n}', the key pair
 * made by @solana/kit from the 32-byte private key. localnet only needs their addresses (the emulator signs).
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { mnemonicToSeedSync } from '@scure/bip39';
import { createKeyPairSignerFromPrivateKeyBytes, type KeyPairSigner } from '@solana/kit';

const HARDENED = 0x80000000;

export function slip10Ed25519(seed: Uint8Array, path: string): Uint8Array {
  const parts = path.split('/').slice(1);
  let I = hmac(sha512, new TextEncoder().encode('ed25519 seed'), seed);
  for (const p of parts) {
    if (!p.endsWith("'")) throw new Error(`ed25519 derivation is hardened only: ${path}`);
    const index = (Number(p.slice(0, -1)) + HARDENED) >>> 0;
    const data = new Uint8Array(37);
    data.set(I.subarray(0, 32), 1);
    new DataView(data.buffer).setUint32(33, index, false);
    I = hmac(sha512, I.subarray(32), data);
  }
  return I.subarray(0, 32);
}

export const solPath = (index: number) => `m/44'/501'/${index}'`;

/** The emulator's SOL account n as a key pair (tests sign with it to act as another wallet). */
export function solanaSigner(mnemonic: string, index: number): Promise<KeyPairSigner> {
  return createKeyPairSignerFromPrivateKeyBytes(slip10Ed25519(mnemonicToSeedSync(mnemonic), solPath(index)));
}
