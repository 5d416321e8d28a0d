/** Encodings: hex and base58 addresses, hashes, tronweb's protocol buffers and a transaction split without trust. */
import { createHash } from 'node:crypto';
import {
  byteArray2hexStr,
  decode58Check,
  deserializeTransaction as deserializeTransactionOf,
  getBase58CheckAddress,
  hexStr2byteArray,
  keccak256,
  toUtf8Bytes,
} from 'tronweb/utils';

/* eslint-disable @typescript-eslint/no-explicit-any */
export const Proto = (globalThis as any).TronWebProto as any;

export const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
export const textHex = (s: string) => Buffer.from(s, 'utf8').toString('hex');
export const num = (v: bigint) => Number(v);

/** T… or 41… → 41… (lower case), undefined when neither. */
export function toHex41(a: unknown): string | undefined {
  if (typeof a !== 'string') return undefined;
  if (/^41[0-9a-fA-F]{40}$/.test(a)) return a.toLowerCase();
  if (/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(a)) {
    const b = decode58Check(a);
    if (b && b.length === 21 && b[0] === 0x41) return byteArray2hexStr(b).toLowerCase();
  }
  return undefined;
}
export const toBase58 = (h: string) => getBase58CheckAddress(hexStr2byteArray(h));

/** A protobuf Transaction (field 1 raw_data, field 2 signatures) split without trusting it. */
export function splitTransaction(b: Uint8Array): { raw: Uint8Array; signatures: Uint8Array[] } {
  let i = 0;
  const varint = () => {
    let v = 0;
    let shift = 0;
    for (;;) {
      if (i >= b.length) throw new Error('truncated');
      const x = b[i++]!;
      v += (x & 0x7f) * 2 ** shift;
      if (!(x & 0x80)) return v;
      shift += 7;
      if (shift > 49) throw new Error('bad varint');
    }
  };
  let raw: Uint8Array | undefined;
  const signatures: Uint8Array[] = [];
  while (i < b.length) {
    const key = varint();
    if ((key & 7) === 2) {
      const len = varint();
      if (i + len > b.length) throw new Error('truncated');
      const part = b.subarray(i, i + len);
      i += len;
      if (key >> 3 === 1) raw = part;
      else if (key >> 3 === 2) signatures.push(part);
    } else if ((key & 7) === 0) varint();
    else throw new Error('bad wire type');
  }
  if (!raw) throw new Error('no raw_data');
  return { raw, signatures };
}

/** raw_data as the node writes it (tronweb's deserializer, hex addresses). */
export function deserialize(type: string, rawHex: string): any {
  return deserializeTransactionOf(type, rawHex);
}

/** 4-byte selector of a function signature (keccak-256). */
export function recoverSelector(signature: string): Uint8Array {
  return Buffer.from(keccakHex(signature).slice(0, 8), 'hex');
}
const keccakHex = (s: string) => keccak256(toUtf8Bytes(s)).slice(2);
