/**
 * Address encodings: Base58Check (double SHA-256, or double Groestl-512 for GRS),
 * segwit bech32/bech32m (BIP-173/350) and BCH cash addresses.
 */
import { base58, bech32, bech32m } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import groestlHash from 'groestl-hash-js';

export type Checksum = 'sha256d' | 'groestl';

export function sha256d(data: Uint8Array): Uint8Array {
  return sha256(sha256(data));
}

/**
 * Groestlcoin's hash: Groestl-512 applied twice, truncated to 256 bits
 * (groestl-hash-js, the implementation used by SecuX's own GRS support).
 */
export function groestl2(data: Uint8Array): Uint8Array {
  return Uint8Array.from(groestlHash.groestl_2(Array.from(data), 1, 1) as number[]);
}

function checksumOf(payload: Uint8Array, kind: Checksum): Uint8Array {
  return (kind === 'groestl' ? groestl2(payload) : sha256d(payload)).subarray(0, 4);
}

export function base58checkEncode(payload: Uint8Array, kind: Checksum = 'sha256d'): string {
  const out = new Uint8Array(payload.length + 4);
  out.set(payload);
  out.set(checksumOf(payload, kind), payload.length);
  return base58.encode(out);
}

/** Decodes Base58Check; returns null on bad characters or a wrong checksum. */
export function base58checkDecode(text: string, kind: Checksum = 'sha256d'): Uint8Array | null {
  let raw: Uint8Array;
  try {
    raw = base58.decode(text);
  } catch {
    return null;
  }
  if (raw.length < 5) return null;
  const payload = raw.subarray(0, raw.length - 4);
  const sum = checksumOf(payload, kind);
  for (let i = 0; i < 4; i++) if (raw[raw.length - 4 + i] !== sum[i]) return null;
  return payload;
}

// ---------------------------------------------------------------------------
// Segwit (BIP-173 / BIP-350)
// ---------------------------------------------------------------------------

export interface SegwitProgram {
  version: number;
  program: Uint8Array;
}

export function segwitEncode(hrp: string, version: number, program: Uint8Array): string {
  const words = [version, ...bech32.toWords(program)];
  return version === 0 ? bech32.encode(hrp, words) : bech32m.encode(hrp, words);
}

/** Decodes a segwit address of `hrp`; null when invalid (wrong checksum variant, hrp, lengths, case). */
export function segwitDecode(hrp: string, address: string): SegwitProgram | null {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return null;
  const lower = address.toLowerCase();
  if (!lower.startsWith(`${hrp}1`)) return null;
  let decoded: { prefix: string; words: number[] };
  let variant: 'bech32' | 'bech32m';
  try {
    decoded = bech32.decode(lower as `${string}1${string}`);
    variant = 'bech32';
  } catch {
    try {
      decoded = bech32m.decode(lower as `${string}1${string}`);
      variant = 'bech32m';
    } catch {
      return null;
    }
  }
  if (decoded.prefix !== hrp || decoded.words.length < 1) return null;
  const [version, ...data] = decoded.words as [number, ...number[]];
  if (version > 16) return null;
  if ((version === 0) !== (variant === 'bech32')) return null;
  let program: Uint8Array;
  try {
    program = Uint8Array.from(bech32.fromWords(data));
  } catch {
    return null;
  }
  if (program.length < 2 || program.length > 40) return null;
  if (version === 0 && program.length !== 20 && program.length !== 32) return null;
  return { version, program };
}

// ---------------------------------------------------------------------------
// Cash address (BCH)
// ---------------------------------------------------------------------------

const CASH_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const CASH_GENERATORS = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];

function cashPolymod(values: readonly number[]): bigint {
  let c = 1n;
  for (const d of values) {
    const c0 = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(d);
    for (let i = 0; i < 5; i++) if ((c0 >> BigInt(i)) & 1n) c ^= CASH_GENERATORS[i]!;
  }
  return c ^ 1n;
}

function prefixWords(prefix: string): number[] {
  return [...prefix].map((ch) => ch.charCodeAt(0) & 0x1f).concat(0);
}

export type CashAddrType = 'p2pkh' | 'p2sh';

/** Hash sizes of the cash-address version byte (bits 0-2). */
const CASH_SIZES = [160, 192, 224, 256, 320, 384, 448, 512];

export function cashAddrEncode(prefix: string, type: CashAddrType, hash: Uint8Array): string {
  const sizeCode = CASH_SIZES.indexOf(hash.length * 8);
  if (sizeCode < 0) throw new RangeError('Invalid cash address hash length');
  const version = (type === 'p2sh' ? 8 : 0) | sizeCode;
  const payload = bech32.toWords(Uint8Array.from([version, ...hash]));
  const mod = cashPolymod([...prefixWords(prefix), ...payload, 0, 0, 0, 0, 0, 0, 0, 0]);
  const checksum: number[] = [];
  for (let i = 0; i < 8; i++) checksum.push(Number((mod >> BigInt(5 * (7 - i))) & 31n));
  return `${prefix}:${[...payload, ...checksum].map((w) => CASH_CHARSET[w]).join('')}`;
}

/** Decodes a cash address with or without its prefix; null when invalid. */
export function cashAddrDecode(prefix: string, address: string): { type: CashAddrType; hash: Uint8Array } | null {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return null;
  let text = address.toLowerCase();
  const colon = text.indexOf(':');
  if (colon !== -1) {
    if (text.slice(0, colon) !== prefix) return null;
    text = text.slice(colon + 1);
  }
  const words: number[] = [];
  for (const ch of text) {
    const w = CASH_CHARSET.indexOf(ch);
    if (w < 0) return null;
    words.push(w);
  }
  if (words.length < 9) return null;
  if (cashPolymod([...prefixWords(prefix), ...words]) !== 0n) return null;
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(bech32.fromWords(words.slice(0, -8)));
  } catch {
    return null;
  }
  const version = bytes[0];
  if (version === undefined || version & 0x80) return null;
  const hash = bytes.subarray(1);
  if (hash.length * 8 !== CASH_SIZES[version & 7]) return null;
  const typeBits = (version >> 3) & 0x0f;
  if (typeBits !== 0 && typeBits !== 1) return null;
  return { type: typeBits === 1 ? 'p2sh' : 'p2pkh', hash };
}
