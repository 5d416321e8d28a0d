/** Small byte helpers (no Buffer dependency, so the emulator runs unchanged in the browser). */
import CRC32 from 'crc-32';

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export function u16le(v: number): Uint8Array {
  return new Uint8Array([v & 0xff, (v >>> 8) & 0xff]);
}

export function u16be(v: number): Uint8Array {
  return new Uint8Array([(v >>> 8) & 0xff, v & 0xff]);
}

export function u32le(v: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, v >>> 0, true);
  return b;
}

export function u32be(v: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, v >>> 0, false);
  return b;
}

export function i32le(v: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setInt32(0, v | 0, true);
  return b;
}

export function readU16LE(b: Uint8Array, o: number): number {
  return (b[o] ?? 0) | ((b[o + 1] ?? 0) << 8);
}

export function readU16BE(b: Uint8Array, o: number): number {
  return ((b[o] ?? 0) << 8) | (b[o + 1] ?? 0);
}

export function readU32LE(b: Uint8Array, o: number): number {
  if (o + 4 > b.length) throw new RangeError('read past end');
  return new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(o, true);
}

export function readU32BE(b: Uint8Array, o: number): number {
  if (o + 4 > b.length) throw new RangeError('read past end');
  return new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(o, false);
}

/** Unsigned little-endian integer of any width. */
export function readUintLE(b: Uint8Array): bigint {
  let v = 0n;
  for (let i = b.length - 1; i >= 0; i--) v = (v << 8n) | BigInt(b[i] ?? 0);
  return v;
}

export function readUintBE(b: Uint8Array): bigint {
  let v = 0n;
  for (const x of b) v = (v << 8n) | BigInt(x);
  return v;
}

/** Little-endian encoding of a non-negative integer into a fixed width. */
export function uintLE(v: bigint | number, width: number): Uint8Array {
  let x = BigInt(v);
  const out = new Uint8Array(width);
  for (let i = 0; i < width; i++) {
    out[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  if (x !== 0n) throw new RangeError('value too large');
  return out;
}

export function toHex(b: Uint8Array): string {
  let s = '';
  for (const x of b) s += x.toString(16).padStart(2, '0');
  return s;
}

export function fromHex(h: string): Uint8Array {
  const s = h.startsWith('0x') ? h.slice(2) : h;
  const t = s.length % 2 ? `0${s}` : s;
  const out = new Uint8Array(t.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(t.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** ASCII string from a zero-padded field. */
export function asciiz(b: Uint8Array): string {
  let s = '';
  for (const x of b) if (x !== 0) s += String.fromCharCode(x);
  return s;
}

export function ascii(s: string, width?: number): Uint8Array {
  const out = new Uint8Array(width ?? s.length);
  for (let i = 0; i < Math.min(s.length, out.length); i++) out[i] = s.charCodeAt(i) & 0xff;
  return out;
}

export function utf8(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}

/** Sequential reader over a byte array. */
export class Reader {
  offset = 0;
  constructor(readonly buf: Uint8Array) {}
  get remaining(): number {
    return this.buf.length - this.offset;
  }
  bytes(n: number): Uint8Array {
    if (n < 0 || this.offset + n > this.buf.length) throw new RangeError('read past end');
    const out = this.buf.subarray(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }
  u8(): number {
    return this.bytes(1)[0] as number;
  }
  u16le(): number {
    return readU16LE(this.bytes(2), 0);
  }
  u16be(): number {
    return readU16BE(this.bytes(2), 0);
  }
  u32le(): number {
    return readU32LE(this.bytes(4), 0);
  }
  u64le(): bigint {
    return readUintLE(this.bytes(8));
  }
  /** Bitcoin CompactSize. */
  varint(): number {
    const first = this.u8();
    if (first < 0xfd) return first;
    if (first === 0xfd) return this.u16le();
    if (first === 0xfe) return this.u32le();
    return Number(this.u64le());
  }
  varSlice(): Uint8Array {
    return this.bytes(this.varint());
  }
  rest(): Uint8Array {
    return this.bytes(this.remaining);
  }
}

/** CRC-32 (IEEE, signed), the `crc-32` package the SDK's DFU code uses. */
export function crc32(data: Uint8Array, seed = 0): number {
  return CRC32.buf(data, seed);
}
