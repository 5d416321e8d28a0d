/** Firmware updates: entering the MCU or SE bootloader, and sending an MCU (Nordic DFU or the SDK) or SE image. */
import '../sdk-env.js';
import { SecuxUpdate } from '@secux/protocol-device/lib/protocol-update';
import { dfuUpdate } from '../dfu.js';
import { DataError, DeviceError } from '../errors.js';
import type { PercentCallback } from '../types.js';
import { exchange, notBootloader, sha256, toBytes, type DeviceContext } from './context.js';

const MAGIC = 'SECUXFW1';

/**
 * SE images: the provider's text format is handed to the SDK unchanged (as base64 text);
 * sample "SECUXFW1" images are sent as blocks: header = "SECUXFW1" ‖ sha256(image), each block
 * carries sha256(block) as its MAC.
 */
async function seImageToJob(image: Uint8Array): Promise<unknown> {
  const head = new TextDecoder().decode(image.subarray(0, MAGIC.length));
  if (head !== MAGIC) return Buffer.from(image).toString('base64');
  const BLOCK = 1024;
  const firmware: Array<{ id: number; data: string; mac: string }> = [];
  for (let o = 0, id = 0; o < image.length; o += BLOCK, id++) {
    const block = image.subarray(o, o + BLOCK);
    firmware.push({ id, data: Buffer.from(block).toString('hex'), mac: Buffer.from(await sha256(block)).toString('hex') });
  }
  return {
    anthmthrl: Buffer.from(MAGIC).toString('hex'),
    encsmk: Buffer.from(await sha256(image)).toString('hex'),
    firmware,
  };
}

export async function enterMcuBootloader(ctx: DeviceContext): Promise<void> {
  notBootloader(ctx);
  const rsp = await exchange(ctx, SecuxUpdate.prepareEnterMCUBootloader());
  if (!SecuxUpdate.resolveStatus(rsp)) throw new DataError('device refused to enter the MCU bootloader');
}

export async function updateMcu(ctx: DeviceContext, image: ArrayBuffer | Uint8Array, onProgress?: PercentCallback): Promise<void> {
  const bytes = toBytes(image);
  if (ctx.b.dfu) {
    if (!ctx.b.bootloader) throw new DataError('device is not in bootloader mode: call enterMcuBootloader() and reconnect');
    await dfuUpdate(ctx.b.dfu, bytes, onProgress);
    return;
  }
  if (!ctx.b.updateMcuNative) throw new DeviceError('MCU update is not available on this connection');
  await ctx.b.updateMcuNative(bytes, onProgress);
}

export async function enterSeBootloader(ctx: DeviceContext): Promise<void> {
  notBootloader(ctx);
  const rsp = await exchange(ctx, SecuxUpdate.prepareEnterSEBootloader());
  if (!SecuxUpdate.resolveStatus(rsp)) throw new DataError('device refused to enter the SE bootloader');
}

export async function updateSe(ctx: DeviceContext, image: ArrayBuffer | Uint8Array, onProgress?: PercentCallback): Promise<void> {
  notBootloader(ctx);
  const bytes = toBytes(image);
  await SecuxUpdate.UpdateSE(ctx.b.transport, await seImageToJob(bytes), (p: number) => onProgress?.(p));
  onProgress?.(100);
}
