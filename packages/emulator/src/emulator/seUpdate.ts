/** SE update (0x70 0x60 / 0x61): the image header, then its blocks, each checked; the last one installs it. */
import { sha256 } from '@noble/hashes/sha2.js';
import { ascii, asciiz, concat, readU32LE, toHex } from '../bytes.js';
import { checkFirmwareImage, FIRMWARE_MAGIC } from '../firmware.js';
import type { EmulatorCore } from './context.js';
import { StatusError, StatusWord } from './types.js';

export function seBegin(core: EmulatorCore, data: Uint8Array): void {
  if (!core.seBootloader) throw new StatusError(StatusWord.DATA_ERROR);
  const magic = ascii(FIRMWARE_MAGIC);
  // [anthmthrl][encsmk][block total u32]: sample images use "SECUXFW1" + sha256(image)
  if (data.length !== magic.length + 32 + 4 || asciiz(data.subarray(0, magic.length)) !== FIRMWARE_MAGIC) {
    throw new StatusError(StatusWord.DATA_ERROR);
  }
  core.se = { expectedHash: data.slice(8, 40), total: readU32LE(data, 40), blocks: new Map() };
}

export function seBlock(core: EmulatorCore, data: Uint8Array): void {
  const se = core.se;
  if (!core.seBootloader || !se) throw new StatusError(StatusWord.DATA_ERROR);
  const id = readU32LE(data, 0);
  const block = data.subarray(4, data.length - 32);
  const mac = data.subarray(data.length - 32);
  if (toHex(sha256(block)) !== toHex(mac) || id >= se.total) throw new StatusError(StatusWord.DATA_ERROR);
  se.blocks.set(id, block.slice());
  if (se.blocks.size < se.total) return;
  const image = concat(...[...Array(se.total).keys()].map((i) => se.blocks.get(i) as Uint8Array));
  core.se = null;
  const check = checkFirmwareImage(image, 'se');
  if (toHex(sha256(image)) !== toHex(se.expectedHash) || !check.ok) throw new StatusError(StatusWord.DATA_ERROR);
  core.cfg.seVersion = check.version;
  core.seBootloader = false;
  core.emit();
}
