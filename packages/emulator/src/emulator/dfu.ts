/** MCU bootloader: Nordic DFU over USB (select, create, write, checksum, execute), then a reboot into the new firmware. */
import { concat, crc32, i32le, readU32LE, u32le } from '../bytes.js';
import { checkFirmwareImage } from '../firmware.js';
import { emptyDfu, send, type DfuState, type EmulatorCore } from './context.js';
import type { Session } from './session.js';

export function enterMcuBootloader(core: EmulatorCore, s: Session): void {
  core.mcuBootloader = true;
  core.dfu = emptyDfu();
  core.close(s, 'rebooting into bootloader');
}

const committed = (dfu: DfuState, type: number) => (type === 1 ? (dfu.init ? dfu.init.written : 0) : dfu.data.reduce((n, b) => n + b.length, 0));
const allData = (dfu: DfuState, type: number) => (type === 1 ? concat(...(dfu.init?.data ?? [])) : concat(...dfu.data, ...(dfu.current?.data ?? [])));

/** Execute: the init packet gives the image size; the last data object completes the image, which is then checked. */
function execute(core: EmulatorCore, s: Session, ok: (extra?: Uint8Array) => void, fail: (code: number) => void): void {
  const dfu = core.dfu;
  if (dfu.type === 1) {
    const init = concat(...(dfu.init?.data ?? []));
    if (init.length < 4) return fail(0x05);
    dfu.expected = readU32LE(init, 0);
    ok();
    return;
  }
  const cur = dfu.current;
  if (!cur || cur.written !== cur.size) return fail(0x05);
  dfu.data.push(concat(...cur.data));
  dfu.current = null;
  if (committed(dfu, 2) < dfu.expected) return ok();
  const image = concat(...dfu.data);
  const check = checkFirmwareImage(image, 'mcu');
  dfu.data = [];
  if (!check.ok) return fail(0x05);
  ok();
  core.cfg.mcuVersion = check.version;
  // reboot into the new firmware
  setTimeout(() => {
    core.mcuBootloader = false;
    core.close(s, 'firmware updated, rebooting');
  }, 20);
}

export async function dfuPacket(core: EmulatorCore, s: Session, p: Uint8Array): Promise<void> {
  const op = p[0] as number;
  const ok = (extra: Uint8Array = new Uint8Array()) => send(core, s, concat(new Uint8Array([0x60, op, 0x01]), extra), false);
  const fail = (code: number) => send(core, s, new Uint8Array([0x60, op, code]), false);
  const dfu = core.dfu;
  switch (op) {
    case 0x06: {
      // select object: max size, offset, crc
      dfu.type = p[1] as number;
      const bytes = allData(dfu, dfu.type);
      ok(concat(u32le(4096), u32le(bytes.length), i32le(crc32(bytes))));
      return;
    }
    case 0x01: {
      dfu.type = p[1] as number;
      const size = readU32LE(p, 2);
      if (size > 4096) return fail(0x04);
      if (dfu.type === 1) dfu.init = { data: [], size, written: 0 };
      else dfu.current = { data: [], size, written: 0 };
      ok();
      return;
    }
    case 0x08: {
      const obj = dfu.type === 1 ? dfu.init : dfu.current;
      if (!obj) return;
      const chunk = p.subarray(1);
      obj.data.push(chunk.slice());
      obj.written += chunk.length;
      return; // writes are not acknowledged
    }
    case 0x03: {
      const bytes = allData(dfu, dfu.type);
      ok(concat(u32le(bytes.length), i32le(crc32(bytes))));
      return;
    }
    case 0x04:
      return execute(core, s, ok, fail);
    default:
      fail(0x03);
  }
}
