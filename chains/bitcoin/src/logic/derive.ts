/**
 * Receive / change addresses from an account extended public key (depth 3) for
 * BIP-44 (P2PKH), BIP-49 (P2SH-P2WPKH), BIP-84 (P2WPKH) and BIP-86 (P2TR key path).
 *
 * Version bytes are not trusted for the script type: the account's bip decides it
 * (xpub/ypub/zpub/tpub/upub/vpub/Ltub/Mtub/ttub/dgub are all accepted).
 */
import { HDKey } from '@scure/bip32';
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import {
  BIP_TAPROOT,
  RECEIVE_CHAIN,
  SCRIPT_TYPE_BY_BIP,
  addressPath,
  type Bip,
  type ScriptType,
} from '@secux-companion/core';
import { addressFromScript, outputScript, type OutputType } from './address';
import { CHANGE_CHAIN, TAPROOT_DERIVED_ADDRESSES } from './changePath';
import { base58checkDecode } from './encoding';
import { XPUB_VERSIONS, type UtxoNetwork } from './networks';

export function hash160(data: Uint8Array): Uint8Array {
  return ripemd160(sha256(data));
}

/** Output type of an account's own addresses. */
export function outputTypeOfBip(bip: Bip): OutputType {
  switch (bip) {
    case 44:
      return 'p2pkh';
    case 49:
      return 'p2sh';
    case 84:
      return 'p2wpkh';
    case 86:
      return 'p2tr';
    default:
      throw new RangeError(`Unsupported bip ${bip}`);
  }
}

/** Core's script type of a bip (44 legacy, 49 wrapped segwit, 84 native segwit, 86 taproot). */
export function scriptTypeOfBip(bip: Bip): ScriptType {
  const t = (SCRIPT_TYPE_BY_BIP as Record<number, ScriptType | undefined>)[bip];
  if (!t) throw new RangeError(`Unsupported bip ${bip}`);
  return t;
}

export class InvalidExtendedKeyError extends Error {
  override readonly name = 'InvalidExtendedKeyError';
  constructor(reason: string) {
    super(`Invalid extended public key: ${reason}`);
  }
}

export interface ParsedExtendedKey {
  /** Version prefix name ('zpub', 'Ltub' …). */
  versionName: string;
  depth: number;
  index: number;
  parentFingerprint: number;
  chainCode: Uint8Array;
  publicKey: Uint8Array;
}

const VERSION_NAMES = new Map(Object.entries(XPUB_VERSIONS).map(([name, v]) => [v, name]));

/** Parses a public extended key of any known version (checksum: SHA-256d, or Groestl for GRS keys). */
export function parseExtendedKey(xpub: string): ParsedExtendedKey {
  const raw = base58checkDecode(xpub.trim(), 'sha256d') ?? base58checkDecode(xpub.trim(), 'groestl');
  if (!raw) throw new InvalidExtendedKeyError('bad encoding or checksum');
  if (raw.length !== 78) throw new InvalidExtendedKeyError('bad length');
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const version = view.getUint32(0);
  const versionName = VERSION_NAMES.get(version);
  if (!versionName) throw new InvalidExtendedKeyError(`unknown version 0x${version.toString(16)}`);
  const publicKey = raw.slice(45, 78);
  if (publicKey[0] !== 2 && publicKey[0] !== 3) throw new InvalidExtendedKeyError('not a public key');
  try {
    secp256k1.Point.fromBytes(publicKey);
  } catch {
    throw new InvalidExtendedKeyError('public key not on the curve');
  }
  return {
    versionName,
    depth: raw[4]!,
    parentFingerprint: view.getUint32(5),
    index: view.getUint32(9),
    chainCode: raw.slice(13, 45),
    publicKey,
  };
}

/** BIP-86 output key: x(P + H_TapTweak(x(P))·G) with P lifted to even y. */
export function taprootOutputKey(publicKey: Uint8Array): Uint8Array {
  const xOnly = publicKey.length === 33 ? publicKey.slice(1) : publicKey;
  const P = schnorr.utils.lift_x(bytesToBigInt(xOnly));
  const t = bytesToBigInt(schnorr.utils.taggedHash('TapTweak', xOnly));
  if (t >= secp256k1.Point.Fn.ORDER) throw new Error('Invalid taproot tweak');
  const Q = P.add(secp256k1.Point.BASE.multiply(t));
  return schnorr.utils.pointToBytes(Q);
}

function bytesToBigInt(bytes: Uint8Array): bigint {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  return n;
}

/** scriptPubKey of a public key for an own output type. */
export function scriptForPublicKey(type: OutputType, publicKey: Uint8Array): Uint8Array {
  switch (type) {
    case 'p2pkh':
      return outputScript('p2pkh', hash160(publicKey));
    case 'p2sh':
      return outputScript('p2sh', hash160(outputScript('p2wpkh', hash160(publicKey))));
    case 'p2wpkh':
      return outputScript('p2wpkh', hash160(publicKey));
    case 'p2tr':
      return outputScript('p2tr', taprootOutputKey(publicKey));
    case 'p2wsh':
      throw new RangeError('p2wsh is not a single-key output');
  }
}

export interface DerivedAddress {
  address: string;
  /** Full path m/{bip}'/{coin}'/{account}'/{change}/{index}. */
  path: string;
  change: 0 | 1;
  index: number;
  publicKey: Uint8Array;
  script: Uint8Array;
}

/** Derives and caches the addresses of one account. */
export class AccountKeys {
  readonly type: OutputType;
  readonly #node: HDKey;
  readonly #chains = new Map<number, HDKey>();
  readonly #cache = new Map<string, DerivedAddress>();

  constructor(
    readonly network: UtxoNetwork,
    readonly xpub: string,
    readonly bip: Bip,
    /** Account path m/{bip}'/{coin}'/{account}' (or with a trailing '/0/'). */
    readonly accountPath: string,
  ) {
    if (!network.bips.includes(bip)) throw new RangeError(`${network.name} has no bip ${bip} accounts`);
    const parsed = parseExtendedKey(xpub);
    if (parsed.depth !== 3) throw new InvalidExtendedKeyError(`expected depth 3, got ${parsed.depth}`);
    this.type = outputTypeOfBip(bip);
    this.#node = new HDKey({
      depth: parsed.depth,
      index: parsed.index,
      parentFingerprint: parsed.parentFingerprint,
      chainCode: parsed.chainCode,
      publicKey: parsed.publicKey,
    });
  }

  derive(change: 0 | 1, index: number): DerivedAddress {
    const key = `${change}/${index}`;
    const hit = this.#cache.get(key);
    if (hit) return hit;
    let chainNode = this.#chains.get(change);
    if (!chainNode) {
      chainNode = this.#node.deriveChild(change);
      this.#chains.set(change, chainNode);
    }
    const publicKey = chainNode.deriveChild(index).publicKey;
    if (!publicKey) throw new Error('derivation failed');
    const script = scriptForPublicKey(this.type, publicKey);
    const address = addressFromScript(this.network, script);
    if (!address) throw new Error(`${this.network.name} cannot encode ${this.type}`);
    const derived: DerivedAddress = {
      address,
      path: addressPath(this.accountPath, change, index),
      change,
      index,
      publicKey,
      script,
    };
    this.#cache.set(key, derived);
    return derived;
  }

  receive(index: number): DerivedAddress {
    return this.derive(RECEIVE_CHAIN as 0, index);
  }

  change(index: number): DerivedAddress {
    return this.derive(CHANGE_CHAIN as 1, index);
  }

  /** `count` addresses of a chain starting at 0. */
  range(change: 0 | 1, count: number): DerivedAddress[] {
    return Array.from({ length: count }, (_, i) => this.derive(change, i));
  }

  /**
   * Addresses the account watches: Taproot derives 5 receive + 5 change (spec §9);
   * other bips take `count` of each (default 5 as well; scans go up to 100).
   */
  watchList(count = TAPROOT_DERIVED_ADDRESSES): DerivedAddress[] {
    const n = this.bip === BIP_TAPROOT ? TAPROOT_DERIVED_ADDRESSES : count;
    return [...this.range(0, n), ...this.range(1, n)];
  }
}
