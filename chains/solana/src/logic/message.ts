/**
 * Signed Solana messages as wallets sign them (`signMessage`: Ed25519 over the message's bytes, the signature in
 * base58). Checked with @noble/curves, which needs no WebCrypto Ed25519 in the browser.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { getBase58Encoder } from '@solana/kit';
import { isValidSolanaAddress } from './address';
import type { MessageCheck } from '@secux-companion/chain-common';

const base58 = getBase58Encoder();

/** Whether `signature` (base58, 64 bytes) over the text's UTF-8 bytes was made by `address`. */
export async function verifySolanaMessage(
  address: string,
  message: string,
  signature: string,
): Promise<MessageCheck> {
  const who = address.trim();
  let sig: Uint8Array;
  try {
    sig = Uint8Array.from(base58.encode(signature.trim()));
  } catch {
    return 'unreadable';
  }
  if (!isValidSolanaAddress(who) || sig.length !== 64) return 'unreadable';
  const key = Uint8Array.from(base58.encode(who));
  try {
    return ed25519.verify(sig, new TextEncoder().encode(message), key) ? 'valid' : 'invalid';
  } catch {
    // An address that is no Ed25519 key (a program-derived address) signs nothing.
    return 'invalid';
  }
}
