import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { secp256k1, schnorr } from '@noble/curves/secp256k1.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { concat, u32be } from './bytes.js';

export const HARDENED = 0x80000000;

/** The well-known BIP-39 test phrase (never for real funds); see vectors.md. */
export const DEFAULT_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

export function pathToString(indexes: number[]): string {
  return ['m', ...indexes.map((i) => (i >= HARDENED ? `${i - HARDENED}'` : `${i}`))].join('/');
}

export interface XpubData {
  /** uncompressed public key without the 0x04 prefix (64 bytes) */
  publicKey64: Uint8Array;
  chainCode: Uint8Array;
  parentFingerprint: Uint8Array;
}

/** Key material of one mnemonic (optionally with a hidden-wallet passphrase). */
export class Keyring {
  readonly #seed: Uint8Array;
  readonly #root: HDKey;

  constructor(mnemonic: string, passphrase = '') {
    const m = mnemonic.trim().split(/\s+/).join(' ');
    if (!validateMnemonic(m, wordlist)) throw new Error('invalid BIP-39 mnemonic');
    this.#seed = mnemonicToSeedSync(m, passphrase);
    this.#root = HDKey.fromMasterSeed(this.#seed);
  }

  secpNode(path: number[]): HDKey {
    return this.#root.derive(pathToString(path));
  }

  secpPrivate(path: number[]): Uint8Array {
    const k = this.secpNode(path).privateKey;
    if (!k) throw new Error('no private key');
    return k;
  }

  secpPublic(path: number[], compressed = true): Uint8Array {
    return secp256k1.getPublicKey(this.secpPrivate(path), compressed);
  }

  xpub(path: number[]): XpubData {
    const node = this.secpNode(path);
    const parent = path.length ? this.secpNode(path.slice(0, -1)) : node;
    const parentFp = path.length
      ? ripemd160(sha256(parent.publicKey as Uint8Array)).subarray(0, 4)
      : new Uint8Array(4);
    const full = secp256k1.getPublicKey(node.privateKey as Uint8Array, false);
    return { publicKey64: full.subarray(1), chainCode: node.chainCode as Uint8Array, parentFingerprint: parentFp };
  }

  /** SLIP-0010 ed25519 derivation (hardened levels only), as used for XLM (SEP-0005) and SOL. */
  edPrivate(path: number[]): Uint8Array {
    let I = hmac(sha512, new TextEncoder().encode('ed25519 seed'), this.#seed);
    let key = I.subarray(0, 32);
    let chain = I.subarray(32);
    for (const index of path) {
      const hardened = index >= HARDENED ? index : index + HARDENED;
      I = hmac(sha512, chain, concat(new Uint8Array([0]), key, u32be(hardened)));
      key = I.subarray(0, 32);
      chain = I.subarray(32);
    }
    return key;
  }

  edPublic(path: number[]): Uint8Array {
    return ed25519.getPublicKey(this.edPrivate(path));
  }
}

/** BIP-341 key-path tweak: returns the tweaked secret key (even-y normalised). */
export function taprootTweakPrivate(priv: Uint8Array): Uint8Array {
  const n = secp256k1.Point.Fn.ORDER;
  const P = secp256k1.Point.BASE.multiply(bytesToBig(priv));
  const d = P.y % 2n === 0n ? bytesToBig(priv) : n - bytesToBig(priv);
  const xOnly = P.toBytes(true).subarray(1);
  const t = bytesToBig(schnorr.utils.taggedHash('TapTweak', xOnly));
  return bigToBytes((d + t) % n);
}

export function taprootOutputKey(pubCompressed: Uint8Array): Uint8Array {
  const P = secp256k1.Point.fromBytes(pubCompressed);
  const xOnly = P.toBytes(true).subarray(1);
  const even = secp256k1.Point.fromBytes(concat(new Uint8Array([2]), xOnly));
  const t = bytesToBig(schnorr.utils.taggedHash('TapTweak', xOnly));
  const Q = even.add(secp256k1.Point.BASE.multiply(t));
  return Q.toBytes(true).subarray(1);
}

export function bytesToBig(b: Uint8Array): bigint {
  let v = 0n;
  for (const x of b) v = (v << 8n) | BigInt(x);
  return v;
}

export function bigToBytes(v: bigint, width = 32): Uint8Array {
  const out = new Uint8Array(width);
  for (let i = width - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}
