/**
 * A software SecuX hardware wallet. It receives the raw packets the SecuX SDK writes to a
 * transport (USB / Bluetooth, protocol v1, 64-byte packets), decodes the commands and answers
 * with the same framing and status words a real device uses.
 */
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import {
  ascii, asciiz, concat, crc32, i32le, Reader, readU16LE, readU32LE, toHex, u16be, u16le, u32le, uintLE, utf8,
} from './bytes.js';
import { DEFAULT_MNEMONIC, HARDENED, Keyring, pathToString } from './keys.js';
import { displayAddress, COIN_SYMBOL } from './addresses.js';
import { VirtualScreen } from './screen.js';
import { DataError, planSignature } from './sign.js';
import { type AccountRecord, type AccountStorage, type FirmwareState, MemoryStorage, recordKey } from './storage.js';
import { checkFirmwareImage, FIRMWARE_MAGIC } from './firmware.js';

export const StatusWord = {
  SUCCESS: 0x9000,
  USER_CANCEL: 0x9001,
  DATA_ERROR: 0x5001,
  CLA_ERROR: 0x5002,
  INS_ERROR: 0x5003,
} as const;

export type DeviceModel = 'W10' | 'W20' | 'V20' | 'T20' | 'C20';

export const MODEL_ID: Record<DeviceModel, number> = {
  W10: 0x00570a00,
  W20: 0x00571400,
  V20: 0x00561400,
  T20: 0x00541400,
  C20: 0x00431400,
};

/** SE mode byte answered by GET_SE_MODE (0x80 0x10). 1 is this emulator's "SE bootloader" value. */
export const SeMode = { BOOTLOADER: 1, NORMAL: 2, HIDDEN: 3, LOGOUT: 7 } as const;

export const PACKET_SIZE = 64;

export interface EmulatorConfig {
  mnemonic?: string;
  /** hidden-wallet passphrase (used when walletStatus is 98) */
  passphrase?: string;
  deviceType?: DeviceModel;
  mcuVersion?: string;
  seVersion?: string;
  bootloaderVersion?: string;
  walletStatus?: number;
  walletName?: string;
  customerId?: number;
  deviceId?: number;
  startInBootloader?: boolean;
  storage?: AccountStorage;
  autoApprove?: boolean;
  /** OTP generator for Bluetooth pairing (default: random 6 digits) */
  otp?: () => string;
}

export type LinkKind = 'usb' | 'ble';

export interface LinkHandlers {
  onData(packet: Uint8Array): void;
  onDisconnect(reason: string): void;
}

export interface EmulatorLink {
  readonly kind: LinkKind;
  /** true while the MCU is in bootloader (DFU) mode: packets are Nordic DFU commands */
  readonly bootloader: boolean;
  readonly packetSize: number;
  /** true over Bluetooth until the OTP has been accepted */
  readonly pairing: boolean;
  write(packet: Uint8Array): void;
  close(): void;
}

export interface EmulatorState {
  connected: LinkKind | null;
  mcuBootloader: boolean;
  seBootloader: boolean;
  pairing: boolean;
  otp: string | null;
  mcuVersion: string;
  seVersion: string;
  deviceType: DeviceModel;
  walletStatus: number;
  accounts: number;
}

type Tap = (dir: 'in' | 'out', packet: Uint8Array) => void;

class Session implements EmulatorLink {
  readonly packetSize = PACKET_SIZE;
  open = true;
  rx: Uint8Array[] = [];
  constructor(
    readonly kind: LinkKind,
    readonly handlers: LinkHandlers,
    readonly emu: SecuxEmulator,
  ) {}
  get bootloader() {
    return this.emu.state.mcuBootloader;
  }
  get pairing() {
    return this.emu.state.pairing;
  }
  write(packet: Uint8Array): void {
    if (!this.open) throw new Error('DisconnectedError: emulator link is closed');
    this.emu._receive(this, new Uint8Array(packet));
  }
  close(): void {
    this.emu._close(this, 'closed by host');
  }
}

interface DfuObject {
  data: Uint8Array[];
  size: number;
  written: number;
}

export class SecuxEmulator {
  readonly screen: VirtualScreen;
  #keys: Keyring;
  #cfg: Required<Omit<EmulatorConfig, 'storage' | 'autoApprove' | 'otp' | 'passphrase'>> & { passphrase: string };
  #storage: AccountStorage;
  #accounts: AccountRecord[] | null = null;
  #session: Session | null = null;
  #queue: Promise<void> = Promise.resolve();
  #mcuBootloader: boolean;
  #seBootloader = false;
  #pairing = false;
  #otp: string | null = null;
  #otpGen: () => string;
  #taps = new Set<Tap>();
  #listeners = new Set<(s: EmulatorState) => void>();
  #restored = false;
  #lastSavedFirmware = '';
  #firmwareSave: Promise<void> = Promise.resolve();
  #se: { expectedHash: Uint8Array; total: number; blocks: Map<number, Uint8Array> } | null = null;
  #dfu: { init: DfuObject | null; data: Uint8Array[]; current: DfuObject | null; type: number; expected: number } = {
    init: null, data: [], current: null, type: 0, expected: 0,
  };

  constructor(config: EmulatorConfig = {}) {
    this.#cfg = {
      mnemonic: config.mnemonic ?? DEFAULT_MNEMONIC,
      passphrase: config.passphrase ?? '',
      deviceType: config.deviceType ?? 'V20',
      mcuVersion: config.mcuVersion ?? '2.30.1',
      seVersion: config.seVersion ?? '1.98.0',
      bootloaderVersion: config.bootloaderVersion ?? '1.9',
      walletStatus: config.walletStatus ?? 34,
      walletName: config.walletName ?? 'SecuX Emulator',
      customerId: config.customerId ?? 0x00000001,
      deviceId: config.deviceId ?? 0x0e3a1001,
      startInBootloader: config.startInBootloader ?? false,
    };
    this.#keys = new Keyring(this.#cfg.mnemonic, this.#cfg.walletStatus === 98 ? this.#cfg.passphrase : '');
    this.#storage = config.storage ?? new MemoryStorage();
    this.screen = new VirtualScreen({ autoApprove: config.autoApprove });
    this.#mcuBootloader = this.#cfg.startInBootloader;
    this.#otpGen = config.otp ?? (() => String(Math.floor(Math.random() * 1e6)).padStart(6, '0'));
  }

  // ------------------------------------------------------------------ public API

  get state(): EmulatorState {
    return {
      connected: this.#session?.kind ?? null,
      mcuBootloader: this.#mcuBootloader,
      seBootloader: this.#seBootloader,
      pairing: this.#pairing,
      otp: this.#otp,
      mcuVersion: this.#cfg.mcuVersion,
      seVersion: this.#cfg.seVersion,
      deviceType: this.#cfg.deviceType,
      walletStatus: this.#cfg.walletStatus,
      accounts: this.#accounts?.length ?? 0,
    };
  }

  /** Current OTP shown on the screen during Bluetooth pairing. */
  get otp(): string | null {
    return this.#otp;
  }

  /** Observe state changes (connection, mode, versions, account table). Returns unsubscribe. */
  subscribe(listener: (s: EmulatorState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Observe raw packets ('in' = host to device). For tests and protocol debugging. */
  tap(fn: Tap): () => void {
    this.#taps.add(fn);
    return () => this.#taps.delete(fn);
  }

  /** A copy of the account/token table. */
  async accounts(): Promise<AccountRecord[]> {
    return structuredClone(await this.#table());
  }

  /** Physically plug in (USB) or pair (Bluetooth). One host at a time. */
  connect(kind: LinkKind, handlers: LinkHandlers): EmulatorLink {
    if (this.#session) throw new Error('emulator is already connected');
    if (kind === 'ble' && this.#mcuBootloader) throw new Error('device is in bootloader mode (USB only)');
    const s = new Session(kind, handlers, this);
    this.#session = s;
    if (kind === 'ble') {
      this.#pairing = true;
      this.#otp = this.#otpGen();
      void this.screen
        .ask('otp', 'Bluetooth pairing', [{ label: 'OTP', value: this.#otp }], false)
        .then((d) => {
          if (d === 'reject' && this.#session === s && this.#pairing) this._close(s, 'pairing rejected on device');
        });
    }
    this.#emit();
    return s;
  }

  /**
   * Loads the firmware state (versions, MCU/SE bootloader) the storage kept from an earlier session,
   * so an update survives a page reload like it survives a power cycle. Call once before `connect`;
   * later calls do nothing. Without a stored state the configuration stands.
   */
  async restoreFirmware(): Promise<void> {
    if (this.#restored) return;
    this.#restored = true;
    const saved = await this.#storage.loadFirmware?.().catch(() => null);
    if (!saved) return;
    this.#cfg.mcuVersion = saved.mcuVersion;
    this.#cfg.seVersion = saved.seVersion;
    this.#mcuBootloader = saved.mcuBootloader;
    this.#seBootloader = saved.seBootloader;
    this.#lastSavedFirmware = JSON.stringify(this.#firmwareState());
    this.#emit();
  }

  /** Resolves once every firmware-state change has been written to the storage. */
  async settled(): Promise<void> {
    let current: Promise<void>;
    do {
      current = this.#firmwareSave;
      await current;
    } while (current !== this.#firmwareSave);
  }

  #firmwareState(): FirmwareState {
    return {
      mcuVersion: this.#cfg.mcuVersion,
      seVersion: this.#cfg.seVersion,
      mcuBootloader: this.#mcuBootloader,
      seBootloader: this.#seBootloader,
    };
  }

  #persistFirmware(): void {
    const storage = this.#storage;
    if (!storage.saveFirmware) return;
    const state = this.#firmwareState();
    const text = JSON.stringify(state);
    if (text === this.#lastSavedFirmware) return;
    this.#lastSavedFirmware = text;
    this.#firmwareSave = this.#firmwareSave
      .then(() => storage.saveFirmware?.(state))
      .catch((e: unknown) => console.warn('[emulator] firmware state not saved', e));
  }

  /** Unplug / power off the link from the device side. */
  disconnect(reason = 'device disconnected'): void {
    if (this.#session) this._close(this.#session, reason);
  }

  // ------------------------------------------------------------------ link plumbing

  /** @internal */
  _receive(s: Session, packet: Uint8Array): void {
    for (const t of this.#taps) t('in', packet);
    if (this.#session !== s || !s.open) return;
    if (this.#mcuBootloader) {
      this.#enqueue(s, () => this.#dfuPacket(s, packet));
      return;
    }
    if (this.#pairing) {
      this.#enqueue(s, () => this.#otpPacket(s, packet));
      return;
    }
    s.rx.push(packet);
    const buf = concat(...s.rx);
    if (buf.length < 6) return;
    const total = readU16LE(buf, 4) + 12;
    if (buf.length < total) return;
    s.rx = [];
    const frame = buf.slice(0, total);
    this.#enqueue(s, () => this.#command(s, frame));
  }

  /** @internal */
  _close(s: Session, reason: string): void {
    if (!s.open) return;
    s.open = false;
    s.rx = [];
    if (this.#session === s) this.#session = null;
    this.#pairing = false;
    this.#otp = null;
    this.screen.close();
    this.#emit();
    queueMicrotask(() => s.handlers.onDisconnect(reason));
  }

  #enqueue(s: Session, job: () => Promise<void>): void {
    this.#queue = this.#queue.then(async () => {
      if (!s.open) return;
      try {
        await job();
      } catch (e) {
        // never let the device die on malformed input
        console.warn('[emulator]', e);
      }
    });
  }

  #send(s: Session, data: Uint8Array, padded = true): void {
    if (!s.open) return;
    const packets: Uint8Array[] = [];
    for (let o = 0; o < data.length || o === 0; o += PACKET_SIZE) {
      const chunk = data.subarray(o, o + PACKET_SIZE);
      if (padded) {
        const p = new Uint8Array(PACKET_SIZE);
        p.set(chunk);
        packets.push(p);
      } else packets.push(chunk.slice());
      if (data.length === 0) break;
    }
    for (const p of packets) {
      for (const t of this.#taps) t('out', p);
      queueMicrotask(() => {
        if (s.open) s.handlers.onData(p);
      });
    }
  }

  #respond(s: Session, cla: number, ins: number, status: number, data: Uint8Array = new Uint8Array()): void {
    this.#send(s, concat(u16le(data.length), data, u16be(status), new Uint8Array([cla, ins])));
  }

  #emit(): void {
    // Only changes are written: a state equal to the configuration is saved once it changes.
    if (this.#restored) this.#persistFirmware();
    const st = this.state;
    for (const l of [...this.#listeners]) {
      try {
        l(st);
      } catch {
        /* ignore */
      }
    }
  }

  async #table(): Promise<AccountRecord[]> {
    if (!this.#accounts) this.#accounts = await this.#storage.load();
    return this.#accounts;
  }

  // ------------------------------------------------------------------ Bluetooth OTP

  async #otpPacket(s: Session, packet: Uint8Array): Promise<void> {
    const end = packet.indexOf(0);
    const code = asciiz(packet.subarray(0, end < 0 ? packet.length : end)).trim();
    if (code === this.#otp) {
      this.#pairing = false;
      this.#otp = null;
      this.screen.close();
      this.#send(s, concat(u16le(0), u16be(StatusWord.SUCCESS)));
      this.#emit();
      return;
    }
    this.#send(s, concat(u16le(0), u16be(StatusWord.DATA_ERROR)));
    // a wrong OTP ends the Bluetooth session
    setTimeout(() => this._close(s, 'wrong OTP'), 10);
  }

  // ------------------------------------------------------------------ APDU-style commands

  async #command(s: Session, frame: Uint8Array): Promise<void> {
    const cla = frame[0] as number;
    const ins = frame[1] as number;
    const p1 = frame[2] as number;
    const p2 = frame[3] as number;
    const len = readU16LE(frame, 4);
    const data = frame.subarray(6, 6 + len);
    try {
      const out = await this.#dispatch(s, cla, ins, p1, p2, data);
      if (!s.open) return;
      this.#respond(s, cla, ins, StatusWord.SUCCESS, out ?? new Uint8Array());
      if (cla === 0x70 && ins === 0x80) setTimeout(() => this.#enterMcuBootloader(s), 20);
    } catch (e) {
      if (!s.open) return;
      const status =
        e instanceof StatusError ? e.status : e instanceof DataError || e instanceof RangeError ? StatusWord.DATA_ERROR : StatusWord.DATA_ERROR;
      if (!(e instanceof StatusError) && !(e instanceof DataError) && !(e instanceof RangeError)) console.warn('[emulator]', e);
      this.#respond(s, cla, ins, status);
    }
  }

  #requireWallet(): void {
    if (this.#seBootloader) throw new StatusError(StatusWord.DATA_ERROR);
    if (![18, 34, 98].includes(this.#cfg.walletStatus)) throw new StatusError(StatusWord.DATA_ERROR);
  }

  async #confirm(kind: 'address' | 'sign' | 'message', title: string, lines: Array<{ label: string; value: string }>) {
    const d = await this.screen.ask(kind, title, lines);
    if (d !== 'approve') throw new StatusError(StatusWord.USER_CANCEL);
  }

  async #dispatch(s: Session, cla: number, ins: number, p1: number, p2: number, data: Uint8Array): Promise<Uint8Array | void> {
    const key = (cla << 8) | ins;
    switch (key) {
      case 0x7013:
        return this.#version();
      case 0x80b2:
        if (this.#seBootloader) throw new StatusError(StatusWord.DATA_ERROR);
        return concat(new Uint8Array([this.#cfg.walletStatus]), ascii(this.#cfg.walletName, 32), u32le(0));
      case 0x7063:
        return u32le(this.#cfg.customerId);
      case 0x8010: {
        const mode = this.#seBootloader
          ? SeMode.BOOTLOADER
          : this.#cfg.walletStatus === 98
            ? SeMode.HIDDEN
            : this.#cfg.walletStatus & 1
              ? SeMode.LOGOUT
              : SeMode.NORMAL;
        return new Uint8Array([mode, this.#seBootloader ? 0 : 1]);
      }
      case 0x7080: // enter MCU bootloader: answered, then the device reboots into DFU mode
        if (s.kind !== 'usb') throw new StatusError(StatusWord.DATA_ERROR);
        return;
      case 0x8078:
        this.#seBootloader = true;
        this.#se = null;
        this.#emit();
        return;
      case 0x7060:
        return this.#seBegin(data);
      case 0x7061:
        return this.#seBlock(data);
      case 0x7082:
        this.#requireWallet();
        return this.#setAccount(data);
      case 0x7084:
        this.#requireWallet();
        return this.#deleteAccount(data);
      case 0x7087:
        this.#requireWallet();
        return u32le((await this.#table()).length);
      case 0x7083: {
        this.#requireWallet();
        const idx = readU32LE(data, 0);
        const rec = (await this.#table())[idx];
        if (!rec) throw new StatusError(StatusWord.DATA_ERROR);
        return encodeAccount(rec);
      }
      case 0x7086:
        this.#requireWallet();
        return this.#showAddress(p2, data);
      case 0x80c1: {
        this.#requireWallet();
        const path = readPath(data);
        if (p1 === 1 || p1 === 4) return this.#keys.edPublic(path);
        if (p1 !== 0) throw new StatusError(StatusWord.DATA_ERROR);
        return this.#keys.secpPublic(path, false).subarray(1);
      }
      case 0x80c0: {
        this.#requireWallet();
        if (p1 !== 0) throw new StatusError(StatusWord.DATA_ERROR);
        const x = this.#keys.xpub(readPath(data));
        return concat(x.publicKey64, x.chainCode, x.parentFingerprint);
      }
      case 0x80c6: {
        this.#requireWallet();
        const path = readPath(data.subarray(0, data.length - 33));
        const shared = secp256k1.getSharedSecret(this.#keys.secpPrivate(path), data.subarray(data.length - 33), true);
        return sha512(shared.subarray(1));
      }
      case 0x70a3:
      case 0x70a4:
      case 0x70a5:
      case 0x70a6: {
        this.#requireWallet();
        const plan = planSignature(this.#keys, ins, p2, data);
        if (!(p1 & 0x80)) await this.#confirm(ins === 0xa5 || ins === 0xa6 ? 'message' : 'sign', plan.title, plan.lines);
        return plan.sign();
      }
      default:
        if (cla !== 0x70 && cla !== 0x80) throw new StatusError(StatusWord.CLA_ERROR);
        throw new StatusError(StatusWord.INS_ERROR);
    }
  }

  #version(): Uint8Array {
    const num = (n: number) => concat(new Uint8Array([4]), u32le(n));
    const str = (v: string) => {
      const b = utf8(v);
      return concat(new Uint8Array([b.length]), b);
    };
    return concat(
      new Uint8Array([7]),
      num(1),
      str(this.#cfg.seVersion),
      str(this.#cfg.mcuVersion),
      str(this.#cfg.bootloaderVersion),
      num(MODEL_ID[this.#cfg.deviceType]),
      num(this.#cfg.customerId),
      num(this.#cfg.deviceId),
    );
  }

  async #showAddress(p2: number, data: Uint8Array): Promise<void> {
    const r = new Reader(data);
    r.bytes(2);
    const chainId16 = r.u16le();
    const path: number[] = [];
    while (r.remaining >= 4 && path.length < 5) path.push(r.u32le());
    const chainId = chainId16 === 0xffff && r.remaining >= 8 ? r.u64le() : BigInt(chainId16);
    if (p2 === 1) return; // no confirmation requested
    const coin = (path[1] ?? 0) - HARDENED;
    const lines = [
      { label: 'Address', value: displayAddress(this.#keys, path) },
      { label: 'Path', value: pathToString(path) },
    ];
    if (chainId) lines.push({ label: 'Chain ID', value: chainId.toString() });
    await this.#confirm('address', `Verify ${COIN_SYMBOL[coin] ?? 'address'}`, lines);
  }

  // ------------------------------------------------------------------ account table

  async #setAccount(data: Uint8Array): Promise<void> {
    const rec = decodeAccountWrite(data);
    const table = [...(await this.#table())];
    const key = recordKey(rec);
    const i = table.findIndex((r) => recordKey(r) === key);
    if (i >= 0) table[i] = rec;
    else {
      if (table.length >= 500) throw new StatusError(StatusWord.DATA_ERROR);
      table.push(rec);
    }
    await this.#storage.save(table);
    this.#accounts = table;
    this.#emit();
  }

  async #deleteAccount(data: Uint8Array): Promise<void> {
    const r = new Reader(data);
    const isToken = r.u8() === 1;
    r.u8();
    const chainId = r.u16le();
    const path: [number, number, number] = [r.u32le(), r.u32le(), r.u32le()];
    const contract = isToken && r.remaining >= 42 ? asciiz(r.bytes(42)) : (r.remaining >= 42 && r.bytes(42), '');
    const chainId64 = chainId === 0xffff && r.remaining >= 8 ? r.u64le().toString() : undefined;
    const key = recordKey({ path, chainId, chainId64, contract });
    const table = await this.#table();
    const next = table.filter((x) => recordKey(x) !== key);
    if (next.length === table.length) throw new StatusError(StatusWord.DATA_ERROR);
    await this.#storage.save(next);
    this.#accounts = next;
    this.#emit();
  }

  // ------------------------------------------------------------------ SE update (0x70 0x60 / 0x61)

  #seBegin(data: Uint8Array): void {
    if (!this.#seBootloader) throw new StatusError(StatusWord.DATA_ERROR);
    const magic = ascii(FIRMWARE_MAGIC);
    // [anthmthrl][encsmk][block total u32]: sample images use "SECUXFW1" + sha256(image)
    if (data.length !== magic.length + 32 + 4 || asciiz(data.subarray(0, magic.length)) !== FIRMWARE_MAGIC) {
      throw new StatusError(StatusWord.DATA_ERROR);
    }
    this.#se = { expectedHash: data.slice(8, 40), total: readU32LE(data, 40), blocks: new Map() };
  }

  #seBlock(data: Uint8Array): void {
    const se = this.#se;
    if (!this.#seBootloader || !se) throw new StatusError(StatusWord.DATA_ERROR);
    const id = readU32LE(data, 0);
    const block = data.subarray(4, data.length - 32);
    const mac = data.subarray(data.length - 32);
    if (toHex(sha256(block)) !== toHex(mac) || id >= se.total) throw new StatusError(StatusWord.DATA_ERROR);
    se.blocks.set(id, block.slice());
    if (se.blocks.size < se.total) return;
    const image = concat(...[...Array(se.total).keys()].map((i) => se.blocks.get(i) as Uint8Array));
    this.#se = null;
    const check = checkFirmwareImage(image, 'se');
    if (toHex(sha256(image)) !== toHex(se.expectedHash) || !check.ok) throw new StatusError(StatusWord.DATA_ERROR);
    this.#cfg.seVersion = check.version;
    this.#seBootloader = false;
    this.#emit();
  }

  // ------------------------------------------------------------------ MCU bootloader (Nordic DFU over USB)

  #enterMcuBootloader(s: Session): void {
    this.#mcuBootloader = true;
    this.#dfu = { init: null, data: [], current: null, type: 0, expected: 0 };
    this._close(s, 'rebooting into bootloader');
  }

  async #dfuPacket(s: Session, p: Uint8Array): Promise<void> {
    const op = p[0] as number;
    const ok = (extra: Uint8Array = new Uint8Array()) => this.#send(s, concat(new Uint8Array([0x60, op, 0x01]), extra), false);
    const fail = (code: number) => this.#send(s, new Uint8Array([0x60, op, code]), false);
    const dfu = this.#dfu;
    const committed = (type: number) => (type === 1 ? (dfu.init ? dfu.init.written : 0) : dfu.data.reduce((n, b) => n + b.length, 0));
    const allData = (type: number) => (type === 1 ? concat(...(dfu.init?.data ?? [])) : concat(...dfu.data, ...(dfu.current?.data ?? [])));
    switch (op) {
      case 0x06: {
        // select object: max size, offset, crc
        dfu.type = p[1] as number;
        const bytes = allData(dfu.type);
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
        const bytes = allData(dfu.type);
        ok(concat(u32le(bytes.length), i32le(crc32(bytes))));
        return;
      }
      case 0x04: {
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
        if (committed(2) < dfu.expected) return ok();
        const image = concat(...dfu.data);
        const check = checkFirmwareImage(image, 'mcu');
        dfu.data = [];
        if (!check.ok) return fail(0x05);
        ok();
        this.#cfg.mcuVersion = check.version;
        // reboot into the new firmware
        setTimeout(() => {
          this.#mcuBootloader = false;
          this._close(s, 'firmware updated, rebooting');
        }, 20);
        return;
      }
      default:
        fail(0x03);
    }
  }
}

class StatusError extends Error {
  constructor(readonly status: number) {
    super(`status 0x${status.toString(16)}`);
  }
}

function readPath(data: Uint8Array): number[] {
  if (data.length % 4 !== 0 || data.length === 0 || data.length > 20) throw new StatusError(StatusWord.DATA_ERROR);
  const out: number[] = [];
  for (let o = 0; o < data.length; o += 4) out.push(readU32LE(data, o));
  return out;
}

function decodeAccountWrite(data: Uint8Array): AccountRecord {
  const r = new Reader(data);
  const isToken = r.u8() === 1;
  r.u8();
  const chainId = r.u16le();
  const path: [number, number, number] = [r.u32le(), r.u32le(), r.u32le()];
  let balance = new Uint8Array(32);
  let name = '';
  // with name+balance: 16 + 32 + 16 + 43 (+8); without: 16 + 43 (+8)
  const rest = r.remaining - (chainId === 0xffff ? 8 : 0);
  if (rest >= 32 + 16 + 43) {
    balance = r.bytes(32).slice();
    name = asciiz(r.bytes(16));
  }
  const contract = asciiz(r.bytes(42));
  const decimal = r.remaining > (chainId === 0xffff ? 8 : 0) ? r.u8() : 0;
  const chainId64 = chainId === 0xffff && r.remaining >= 8 ? r.u64le().toString() : undefined;
  if (isToken && !contract) throw new StatusError(StatusWord.DATA_ERROR);
  return { isToken, chainId, chainId64, path, balance: toHex(balance), name, contract: isToken ? contract : '', decimal };
}

function encodeAccount(rec: AccountRecord): Uint8Array {
  const bal = new Uint8Array(32);
  const hex = rec.balance;
  for (let i = 0; i < 32 && i * 2 < hex.length; i++) bal[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return concat(
    new Uint8Array([rec.isToken ? 1 : 0, 0]),
    u16le(rec.chainId),
    u32le(rec.path[0]),
    u32le(rec.path[1]),
    u32le(rec.path[2]),
    bal,
    ascii(rec.name, 16),
    ascii(rec.contract, 42),
    new Uint8Array([rec.decimal]),
    rec.chainId === 0xffff ? uintLE(BigInt(rec.chainId64 ?? '0'), 8) : new Uint8Array(),
  );
}
