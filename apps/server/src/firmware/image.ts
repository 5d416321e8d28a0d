/**
 * Sample firmware image format (documented in apps/server/README-firmware.md).
 *
 *   offset  size  field
 *   0       8     magic "SECUXFW1" (ASCII)
 *   8       1     kind: 0x01 = MCU, 0x02 = SE
 *   9       3     reserved, zero
 *   12      4     payload length N, unsigned 32-bit big-endian
 *   16      16    version, ASCII, NUL-padded (e.g. "2.30")
 *   32      N     payload
 *   32+N    32    SHA-256 of bytes [0, 32+N)
 *
 * The sample payload is deterministic: block i (32 bytes) = SHA-256("secux-sample-firmware/<kind>/<version>/" + i),
 * concatenated and truncated to N bytes.
 */
import { createHash } from 'node:crypto';

export const FW_MAGIC = 'SECUXFW1';
export const FW_HEADER_SIZE = 32;
export const FW_TRAILER_SIZE = 32;
export type FirmwareKind = 'mcu' | 'se';

const KIND_BYTE: Record<FirmwareKind, number> = { mcu: 0x01, se: 0x02 };

export function samplePayload(kind: FirmwareKind, version: string, length: number): Buffer {
  const out = Buffer.alloc(length);
  for (let i = 0, off = 0; off < length; i++, off += 32) {
    createHash('sha256').update(`secux-sample-firmware/${kind}/${version}/${i}`).digest().copy(out, off);
  }
  return out;
}

export function buildImage(kind: FirmwareKind, version: string, payload: Buffer): Buffer {
  if (Buffer.byteLength(version, 'ascii') > 16 || !/^[\x20-\x7e]+$/.test(version))
    throw new Error('version must be 1-16 printable ASCII characters');
  const header = Buffer.alloc(FW_HEADER_SIZE);
  header.write(FW_MAGIC, 0, 'ascii');
  header[8] = KIND_BYTE[kind];
  header.writeUInt32BE(payload.length, 12);
  header.write(version, 16, 'ascii');
  const body = Buffer.concat([header, payload]);
  return Buffer.concat([body, createHash('sha256').update(body).digest()]);
}

export function buildSampleImage(kind: FirmwareKind, version: string): Buffer {
  return buildImage(kind, version, samplePayload(kind, version, kind === 'mcu' ? 16 * 1024 : 4 * 1024));
}

export interface ParsedImage {
  kind: FirmwareKind;
  version: string;
  payload: Buffer;
}

/** Verifies magic, length and trailer; throws with a reason when the image is not valid. */
export function parseImage(buf: Buffer): ParsedImage {
  if (buf.length < FW_HEADER_SIZE + FW_TRAILER_SIZE) throw new Error('image too short');
  if (buf.toString('ascii', 0, 8) !== FW_MAGIC) throw new Error('bad magic');
  const kindByte = buf[8];
  const kind: FirmwareKind | undefined = kindByte === 1 ? 'mcu' : kindByte === 2 ? 'se' : undefined;
  if (!kind) throw new Error(`unknown kind byte ${kindByte}`);
  const n = buf.readUInt32BE(12);
  if (buf.length !== FW_HEADER_SIZE + n + FW_TRAILER_SIZE) throw new Error('length mismatch');
  const version = buf.toString('ascii', 16, 32).replace(/\0+$/, '');
  const body = buf.subarray(0, FW_HEADER_SIZE + n);
  const trailer = buf.subarray(FW_HEADER_SIZE + n);
  if (!createHash('sha256').update(body).digest().equals(trailer)) throw new Error('checksum mismatch');
  return { kind, version, payload: buf.subarray(FW_HEADER_SIZE, FW_HEADER_SIZE + n) };
}

export const sha256Hex = (buf: Buffer): string => createHash('sha256').update(buf).digest('hex');

/** Compares dotted versions numerically component by component ("2.9" < "2.30"). Missing parts count as 0. */
export function compareVersions(a: string, b: string, parts = Infinity): number {
  const pa = a.split('.').map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split('.').map((x) => Number.parseInt(x, 10) || 0);
  const n = Math.min(Math.max(pa.length, pb.length), parts);
  for (let i = 0; i < n; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}
