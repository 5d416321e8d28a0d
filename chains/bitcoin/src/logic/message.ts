/**
 * Verifying a signed message (BIP-137, the "Sign message" of Bitcoin Core, Electrum, Trezor and Ledger): the
 * 65-byte base64 signature recovers a public key from the message's hash, and the address must be that key's.
 * BIP-322 (the generic form taproot needs) is not read: such a signature is reported as not readable.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { equalBytes } from '@noble/curves/utils.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { base64 } from '@scure/base';
import { decodeAddress } from './address';
import type { UtxoNetwork } from './networks';
import type { MessageCheck } from '@secux-companion/chain-common';

function varInt(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n);
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8);
  return Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24);
}

const varString = (bytes: Uint8Array) => concatBytes(varInt(bytes.length), bytes);
const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes));

/** The 32 bytes a message signature commits to: double SHA-256 of the magic and the message, each length-prefixed. */
export function messageHash(magic: string, message: string): Uint8Array {
  const text = new TextEncoder();
  return sha256(sha256(concatBytes(varString(text.encode(magic)), varString(text.encode(message)))));
}

/**
 * Checks `signature` (base64) over `message` for `address` on `network`. The header byte says the key's form
 * (27–30 uncompressed, 31–34 compressed, 35–38 P2SH-P2WPKH, 39–42 P2WPKH); like Electrum and Trezor, a segwit
 * address also accepts a signature with the compressed header.
 */
export function verifyMessage(
  network: UtxoNetwork,
  address: string,
  message: string,
  signature: string,
): MessageCheck {
  const magic = network.messageMagic;
  const decoded = decodeAddress(network, address.trim());
  let sig: Uint8Array;
  try {
    sig = base64.decode(signature.trim());
  } catch {
    return 'unreadable';
  }
  if (!magic || !decoded || sig.length !== 65) return 'unreadable';
  const header = sig[0]!;
  if (header < 27 || header > 42) return 'unreadable';
  const recovery = (header - 27) % 4;
  const compressed = header >= 31;
  let pub: Uint8Array;
  try {
    const recovered = secp256k1.recoverPublicKey(
      concatBytes(Uint8Array.of(recovery), sig.subarray(1)),
      messageHash(magic, message),
      { prehash: false },
    );
    pub = secp256k1.Point.fromBytes(recovered).toBytes(compressed);
  } catch {
    return 'invalid';
  }
  const keyHash = hash160(pub);
  switch (decoded.type) {
    case 'p2pkh':
      return header <= 34 && equalBytes(decoded.hash, keyHash) ? 'valid' : 'invalid';
    case 'p2wpkh':
      return compressed && equalBytes(decoded.hash, keyHash) ? 'valid' : 'invalid';
    case 'p2sh':
      // P2SH-P2WPKH: the script hash of `0 <keyhash>`.
      return compressed && equalBytes(decoded.hash, hash160(concatBytes(Uint8Array.of(0, 20), keyHash)))
        ? 'valid'
        : 'invalid';
    default:
      return 'unreadable';
  }
}
