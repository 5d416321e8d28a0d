/**
 * Minimal Nordic-DFU style object transfer (select / create / write / CRC / execute), the same
 * opcodes the SecuX SDK's DFU code sends over USB. Used for MCU updates of the emulator.
 * Init object: total image length (u32 LE). Data objects: the firmware image in ≤ maxSize chunks.
 */
import CRC32 from 'crc-32';
export interface DfuChannel {
  write(data: Uint8Array): Promise<void>;
  read(): Promise<Uint8Array>;
  packetSize: number;
}

/** CRC-32 (IEEE, signed), the `crc-32` package the SDK's DFU code itself uses. */
export function crc32(data: Uint8Array): number {
  return CRC32.buf(data);
}

function u32(v: number): number[] {
  return [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff];
}

async function control(ch: DfuChannel, bytes: number[]): Promise<DataView> {
  await ch.write(Uint8Array.from(bytes));
  const rsp = await ch.read();
  if (rsp[0] !== 0x60 || rsp[1] !== bytes[0]) throw new Error('TransferError: unexpected DFU response');
  if (rsp[2] !== 0x01) throw new Error(`DATA_ERROR: DFU operation 0x${(bytes[0] ?? 0).toString(16)} failed (result ${rsp[2]})`);
  return new DataView(rsp.buffer, rsp.byteOffset + 3, rsp.byteLength - 3);
}

async function sendObject(ch: DfuChannel, type: number, data: Uint8Array, onBytes: (n: number) => void) {
  const sel = await control(ch, [0x06, type]);
  const maxSize = sel.getUint32(0, true);
  const chunkSize = Math.max(16, Math.min(maxSize, ch.packetSize) - 4);
  for (let offset = 0; offset < data.length; offset += maxSize) {
    const obj = data.subarray(offset, offset + maxSize);
    await control(ch, [0x01, type, ...u32(obj.length)]);
    for (let o = 0; o < obj.length; o += chunkSize) {
      const part = obj.subarray(o, o + chunkSize);
      const p = new Uint8Array(part.length + 1);
      p[0] = 0x08;
      p.set(part, 1);
      await ch.write(p);
      onBytes(part.length);
    }
    const crc = await control(ch, [0x03]);
    const sent = data.subarray(0, offset + obj.length);
    if (crc.getUint32(0, true) !== sent.length || crc.getInt32(4, true) !== crc32(sent)) {
      throw new Error('TransferError: DFU CRC mismatch');
    }
    await control(ch, [0x04]);
  }
}

export async function dfuUpdate(ch: DfuChannel, image: Uint8Array, onProgress?: (percent: number) => void) {
  const init = Uint8Array.from(u32(image.length));
  const total = init.length + image.length;
  let done = 0;
  const tick = (n: number) => {
    done += n;
    onProgress?.(Math.min(99, Math.floor((done / total) * 100)));
  };
  await sendObject(ch, 1, init, tick);
  await sendObject(ch, 2, image, tick);
  onProgress?.(100);
}
