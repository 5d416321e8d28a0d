/** The txid of a raw bitcoin-family transaction, read from its bytes (a broadcast's "already have it" answer). */
import { createHash } from 'node:crypto';

const dsha256 = (b: Buffer) => createHash('sha256').update(createHash('sha256').update(b).digest()).digest();

/**
 * The txid of a raw transaction: double SHA-256 of its serialization without the segwit marker, flag and witnesses,
 * byte-reversed. Undefined when the hex does not read as a transaction.
 */
export function txidOf(hex: string): string | undefined {
  const b = Buffer.from(hex, 'hex');
  let i = 4;
  const varint = (): number => {
    const first = b[i];
    if (first === undefined) throw new Error('short');
    i += 1;
    if (first < 0xfd) return first;
    const size = first === 0xfd ? 2 : first === 0xfe ? 4 : 8;
    if (i + size > b.length) throw new Error('short');
    const v = size === 8 ? Number(b.readBigUInt64LE(i)) : size === 4 ? b.readUInt32LE(i) : b.readUInt16LE(i);
    i += size;
    return v;
  };
  try {
    const segwit = b[4] === 0 && b[5] === 1;
    if (!segwit) return b.length >= 10 ? Buffer.from(dsha256(b)).reverse().toString('hex') : undefined;
    i = 6;
    const start = i;
    const ins = varint();
    // (`i += varint()` would add to the i read before varint moved it: read the length first.)
    for (let n = 0; n < ins; n++) {
      i += 36;
      const script = varint();
      i += script + 4;
    }
    const outs = varint();
    for (let n = 0; n < outs; n++) {
      i += 8;
      const script = varint();
      i += script;
    }
    const end = i;
    if (end + 4 > b.length) return undefined;
    const stripped = Buffer.concat([b.subarray(0, 4), b.subarray(start, end), b.subarray(b.length - 4)]);
    return Buffer.from(dsha256(stripped)).reverse().toString('hex');
  } catch {
    return undefined;
  }
}
