/** APDU-style commands: a frame in, the answer (data, status word) out; device commands and wallet commands. */
import { sha512 } from '@noble/hashes/sha2.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ascii, concat, Reader, readU16LE, readU32LE, u32le, utf8 } from '../bytes.js';
import { HARDENED, pathToString } from '../keys.js';
import { displayAddress, COIN_SYMBOL } from '../addresses.js';
import { DataError, planSignature } from '../sign.js';
import { deleteAccount, encodeAccount, setAccount } from './accounts.js';
import { confirm, requireWallet, respond, table, type EmulatorCore } from './context.js';
import { enterMcuBootloader } from './dfu.js';
import { seBegin, seBlock } from './seUpdate.js';
import type { Session } from './session.js';
import { MODEL_ID, SeMode, StatusError, StatusWord } from './types.js';

export async function command(core: EmulatorCore, s: Session, frame: Uint8Array): Promise<void> {
  const cla = frame[0] as number;
  const ins = frame[1] as number;
  const p1 = frame[2] as number;
  const p2 = frame[3] as number;
  const len = readU16LE(frame, 4);
  const data = frame.subarray(6, 6 + len);
  try {
    const out = await dispatch(core, s, cla, ins, p1, p2, data);
    if (!s.open) return;
    respond(core, s, cla, ins, StatusWord.SUCCESS, out ?? new Uint8Array());
    if (cla === 0x70 && ins === 0x80) setTimeout(() => enterMcuBootloader(core, s), 20);
  } catch (e) {
    if (!s.open) return;
    const status =
      e instanceof StatusError ? e.status : e instanceof DataError || e instanceof RangeError ? StatusWord.DATA_ERROR : StatusWord.DATA_ERROR;
    if (!(e instanceof StatusError) && !(e instanceof DataError) && !(e instanceof RangeError)) console.warn('[emulator]', e);
    respond(core, s, cla, ins, status);
  }
}

/** Commands about the device itself (versions, mode, bootloaders, SE update); undefined when the key is not one. */
function deviceCommand(core: EmulatorCore, s: Session, key: number, data: Uint8Array): { out: Uint8Array | void } | undefined {
  switch (key) {
    case 0x7013:
      return { out: version(core) };
    case 0x80b2:
      if (core.seBootloader) throw new StatusError(StatusWord.DATA_ERROR);
      return { out: concat(new Uint8Array([core.cfg.walletStatus]), ascii(core.cfg.walletName, 32), u32le(0)) };
    case 0x7063:
      return { out: u32le(core.cfg.customerId) };
    case 0x8010: {
      const mode = core.seBootloader
        ? SeMode.BOOTLOADER
        : core.cfg.walletStatus === 98
          ? SeMode.HIDDEN
          : core.cfg.walletStatus & 1
            ? SeMode.LOGOUT
            : SeMode.NORMAL;
      return { out: new Uint8Array([mode, core.seBootloader ? 0 : 1]) };
    }
    case 0x7080: // enter MCU bootloader: answered, then the device reboots into DFU mode
      if (s.kind !== 'usb') throw new StatusError(StatusWord.DATA_ERROR);
      return { out: undefined };
    case 0x8078:
      core.seBootloader = true;
      core.se = null;
      core.emit();
      return { out: undefined };
    case 0x7060:
      return { out: seBegin(core, data) };
    case 0x7061:
      return { out: seBlock(core, data) };
    default:
      return undefined;
  }
}

/** Commands that need a wallet: the account table, addresses, keys, signing. */
async function walletCommand(core: EmulatorCore, cla: number, ins: number, p1: number, p2: number, data: Uint8Array): Promise<Uint8Array | void> {
  const key = (cla << 8) | ins;
  switch (key) {
    case 0x7082:
      requireWallet(core);
      return setAccount(core, data);
    case 0x7084:
      requireWallet(core);
      return deleteAccount(core, data);
    case 0x7087:
      requireWallet(core);
      return u32le((await table(core)).length);
    case 0x7083: {
      requireWallet(core);
      const idx = readU32LE(data, 0);
      const rec = (await table(core))[idx];
      if (!rec) throw new StatusError(StatusWord.DATA_ERROR);
      return encodeAccount(rec);
    }
    case 0x7086:
      requireWallet(core);
      return showAddress(core, p2, data);
    case 0x80c1: {
      requireWallet(core);
      const path = readPath(data);
      if (p1 === 1 || p1 === 4) return core.keys.edPublic(path);
      if (p1 !== 0) throw new StatusError(StatusWord.DATA_ERROR);
      return core.keys.secpPublic(path, false).subarray(1);
    }
    case 0x80c0: {
      requireWallet(core);
      if (p1 !== 0) throw new StatusError(StatusWord.DATA_ERROR);
      const x = core.keys.xpub(readPath(data));
      return concat(x.publicKey64, x.chainCode, x.parentFingerprint);
    }
    case 0x80c6: {
      requireWallet(core);
      const path = readPath(data.subarray(0, data.length - 33));
      const shared = secp256k1.getSharedSecret(core.keys.secpPrivate(path), data.subarray(data.length - 33), true);
      return sha512(shared.subarray(1));
    }
    case 0x70a3:
    case 0x70a4:
    case 0x70a5:
    case 0x70a6: {
      requireWallet(core);
      const plan = planSignature(core.keys, ins, p2, data);
      if (!(p1 & 0x80)) await confirm(core, ins === 0xa5 || ins === 0xa6 ? 'message' : 'sign', plan.title, plan.lines);
      return plan.sign();
    }
    default:
      if (cla !== 0x70 && cla !== 0x80) throw new StatusError(StatusWord.CLA_ERROR);
      throw new StatusError(StatusWord.INS_ERROR);
  }
}

async function dispatch(core: EmulatorCore, s: Session, cla: number, ins: number, p1: number, p2: number, data: Uint8Array): Promise<Uint8Array | void> {
  const device = deviceCommand(core, s, (cla << 8) | ins, data);
  if (device) return device.out;
  return walletCommand(core, cla, ins, p1, p2, data);
}

function version(core: EmulatorCore): Uint8Array {
  const num = (n: number) => concat(new Uint8Array([4]), u32le(n));
  const str = (v: string) => {
    const b = utf8(v);
    return concat(new Uint8Array([b.length]), b);
  };
  return concat(
    new Uint8Array([7]),
    num(1),
    str(core.cfg.seVersion),
    str(core.cfg.mcuVersion),
    str(core.cfg.bootloaderVersion),
    num(MODEL_ID[core.cfg.deviceType]),
    num(core.cfg.customerId),
    num(core.cfg.deviceId),
  );
}

async function showAddress(core: EmulatorCore, p2: number, data: Uint8Array): Promise<void> {
  const r = new Reader(data);
  r.bytes(2);
  const chainId16 = r.u16le();
  const path: number[] = [];
  while (r.remaining >= 4 && path.length < 5) path.push(r.u32le());
  const chainId = chainId16 === 0xffff && r.remaining >= 8 ? r.u64le() : BigInt(chainId16);
  if (p2 === 1) return; // no confirmation requested
  const coin = (path[1] ?? 0) - HARDENED;
  const lines = [
    { label: 'Address', value: displayAddress(core.keys, path) },
    { label: 'Path', value: pathToString(path) },
  ];
  if (chainId) lines.push({ label: 'Chain ID', value: chainId.toString() });
  await confirm(core, 'address', `Verify ${COIN_SYMBOL[coin] ?? 'address'}`, lines);
}

function readPath(data: Uint8Array): number[] {
  if (data.length % 4 !== 0 || data.length === 0 || data.length > 20) throw new StatusError(StatusWord.DATA_ERROR);
  const out: number[] = [];
  for (let o = 0; o < data.length; o += 4) out.push(readU32LE(data, o));
  return out;
}
