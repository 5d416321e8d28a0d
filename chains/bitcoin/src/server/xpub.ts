/**
 * Extended public keys of the bitcoin family: version bytes, script type (bip) and output descriptors.
 * The device hands out account-level keys (m/bip'/coin'/account') with mainnet-style prefixes
 * (xpub/ypub/zpub, Ltub/Mtub …); Bitcoin Core wants its own network's version (xpub main, tpub test/regtest).
 */
import { createRequire } from 'node:module';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58check, createBase58check } from '@scure/base';

const b58 = base58check(sha256);
const groestl = createRequire(import.meta.url)('groestl-hash-js') as {
  groestl512(data: number[], format: 1, output: 1): number[];
};
/**
 * Groestlcoin writes every base58check string, extended keys included, with a double Groestl-512 checksum (SecuX's
 * app-btc hands out GRS keys that way, and GRS Blockbooks take them so). createBase58check applies the hash twice.
 */
const b58Groestl = createBase58check((d: Uint8Array) =>
  Uint8Array.from(groestl.groestl512(Array.from(d), 1, 1)),
);

export type UtxoBip = 44 | 49 | 84 | 86;
export type UtxoNetwork = 'main' | 'test' | 'regtest';

/** Version bytes → the purpose they imply. */
const VERSION_BIP: Record<number, UtxoBip> = {
  0x0488b21e: 44, // xpub
  0x049d7cb2: 49, // ypub
  0x04b24746: 84, // zpub
  0x043587cf: 44, // tpub
  0x044a5262: 49, // upub
  0x045f1cf6: 84, // vpub
  0x019da462: 44, // Ltub
  0x01b26ef6: 49, // Mtub
  0x02facafd: 44, // dgub (Dogecoin)
};

export interface ExtendedKey {
  version: number;
  depth: number;
  /** Child number of the key (the account for an account-level key: index - 2^31). */
  childNumber: number;
  /** 78-byte payload. */
  payload: Uint8Array;
  /** The checksum it was written with (GRS: Groestl). */
  checksum: 'sha256d' | 'groestl';
}

/** Parses an extended public key; null when it is not one (bad checksum, length or a private key). */
export function parseExtendedKey(s: string): ExtendedKey | null {
  if (!/^[1-9A-HJ-NP-Za-km-z]{100,120}$/.test(s)) return null;
  let payload: Uint8Array;
  let checksum: ExtendedKey['checksum'] = 'sha256d';
  try {
    payload = b58.decode(s);
  } catch {
    try {
      payload = b58Groestl.decode(s);
      checksum = 'groestl';
    } catch {
      return null;
    }
  }
  if (payload.length !== 78) return null;
  const dv = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  const keyPrefix = payload[45];
  if (keyPrefix !== 0x02 && keyPrefix !== 0x03) return null; // public keys only
  return { version: dv.getUint32(0), depth: payload[4]!, childNumber: dv.getUint32(9), payload, checksum };
}

export function isExtendedKey(s: string): boolean {
  return parseExtendedKey(s) !== null;
}

/** The purpose implied by the prefix (unknown prefixes: 44, as Blockbook does). */
export function bipOfKey(s: string): UtxoBip {
  const k = parseExtendedKey(s);
  return (k && VERSION_BIP[k.version]) || 44;
}

/** Account index of an account-level key (hardened child number), 0 when not hardened. */
export function accountOfKey(s: string): number {
  const k = parseExtendedKey(s);
  if (!k) return 0;
  return k.childNumber >= 0x80000000 ? k.childNumber - 0x80000000 : k.childNumber;
}

/** Re-encodes the key with the version Bitcoin Core expects on `network` (xpub on main, tpub otherwise). */
export function toNodeVersion(s: string, network: UtxoNetwork): string {
  const k = parseExtendedKey(s);
  if (!k) throw new Error('not an extended public key');
  const out = Uint8Array.from(k.payload);
  new DataView(out.buffer).setUint32(0, network === 'main' ? 0x0488b21e : 0x043587cf);
  return (k.checksum === 'groestl' ? b58Groestl : b58).encode(out);
}

/** Output descriptor (without checksum) for a key and purpose; `tail` e.g. "/0/*". */
export function descriptorFor(bip: UtxoBip, key: string, tail = ''): string {
  const k = `${key}${tail}`;
  switch (bip) {
    case 44:
      return `pkh(${k})`;
    case 49:
      return `sh(wpkh(${k}))`;
    case 84:
      return `wpkh(${k})`;
    case 86:
      return `tr(${k})`;
  }
}
