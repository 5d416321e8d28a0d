/**
 * A software SecuX hardware wallet. It receives the raw packets the SecuX SDK writes to a
 * transport (USB / Bluetooth, protocol v1, 64-byte packets), decodes the commands and answers
 * with the same framing and status words a real device uses.
 *
 * The parts are in emulator/: the link (session.ts, context.ts), Bluetooth pairing (otp.ts), the commands
 * (commands.ts, accounts.ts), SE and MCU updates (seUpdate.ts, dfu.ts); this class holds the state and the public API.
 */
import { concat, readU16LE } from './bytes.js';
import { DEFAULT_MNEMONIC, Keyring } from './keys.js';
import { VirtualScreen } from './screen.js';
import { type AccountRecord, type FirmwareState, MemoryStorage } from './storage.js';
import { command } from './emulator/commands.js';
import { emptyDfu, table, type EmulatorCore } from './emulator/context.js';
import { dfuPacket } from './emulator/dfu.js';
import { otpPacket } from './emulator/otp.js';
import { Session } from './emulator/session.js';
import type { EmulatorConfig, EmulatorLink, EmulatorState, LinkHandlers, LinkKind, Tap } from './emulator/types.js';

export {
  MODEL_ID,
  PACKET_SIZE,
  SeMode,
  StatusWord,
  type DeviceModel,
  type EmulatorConfig,
  type EmulatorLink,
  type EmulatorState,
  type LinkHandlers,
  type LinkKind,
} from './emulator/types.js';

export class SecuxEmulator {
  readonly screen: VirtualScreen;
  /** The device state the parts in emulator/ work on. */
  #core: EmulatorCore;
  #queue: Promise<void> = Promise.resolve();
  #otpGen: () => string;
  #listeners = new Set<(s: EmulatorState) => void>();
  #restored = false;
  #lastSavedFirmware = '';
  #firmwareSave: Promise<void> = Promise.resolve();

  constructor(config: EmulatorConfig = {}) {
    const cfg = {
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
    this.screen = new VirtualScreen({ autoApprove: config.autoApprove });
    this.#core = {
      screen: this.screen,
      cfg,
      keys: new Keyring(cfg.mnemonic, cfg.walletStatus === 98 ? cfg.passphrase : ''),
      storage: config.storage ?? new MemoryStorage(),
      accounts: null,
      session: null,
      mcuBootloader: cfg.startInBootloader,
      seBootloader: false,
      pairing: false,
      otp: null,
      taps: new Set<Tap>(),
      se: null,
      dfu: emptyDfu(),
      emit: () => this.#emit(),
      close: (s, reason) => this._close(s, reason),
    };
    this.#otpGen = config.otp ?? (() => String(Math.floor(Math.random() * 1e6)).padStart(6, '0'));
  }

  // ------------------------------------------------------------------ public API

  get state(): EmulatorState {
    const core = this.#core;
    return {
      connected: core.session?.kind ?? null,
      mcuBootloader: core.mcuBootloader,
      seBootloader: core.seBootloader,
      pairing: core.pairing,
      otp: core.otp,
      mcuVersion: core.cfg.mcuVersion,
      seVersion: core.cfg.seVersion,
      deviceType: core.cfg.deviceType,
      walletStatus: core.cfg.walletStatus,
      accounts: core.accounts?.length ?? 0,
    };
  }

  /** Current OTP shown on the screen during Bluetooth pairing. */
  get otp(): string | null {
    return this.#core.otp;
  }

  /** Observe state changes (connection, mode, versions, account table). Returns unsubscribe. */
  subscribe(listener: (s: EmulatorState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Observe raw packets ('in' = host to device). For tests and protocol debugging. */
  tap(fn: Tap): () => void {
    this.#core.taps.add(fn);
    return () => this.#core.taps.delete(fn);
  }

  /** A copy of the account/token table. */
  async accounts(): Promise<AccountRecord[]> {
    return structuredClone(await table(this.#core));
  }

  /** Physically plug in (USB) or pair (Bluetooth). One host at a time. */
  connect(kind: LinkKind, handlers: LinkHandlers): EmulatorLink {
    const core = this.#core;
    if (core.session) throw new Error('emulator is already connected');
    if (kind === 'ble' && core.mcuBootloader) throw new Error('device is in bootloader mode (USB only)');
    const s = new Session(kind, handlers, this);
    core.session = s;
    if (kind === 'ble') {
      core.pairing = true;
      core.otp = this.#otpGen();
      void this.screen
        .ask('otp', 'Bluetooth pairing', [{ label: 'OTP', value: core.otp }], false)
        .then((d) => {
          if (d === 'reject' && core.session === s && core.pairing) this._close(s, 'pairing rejected on device');
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
    const core = this.#core;
    const saved = await core.storage.loadFirmware?.().catch(() => null);
    if (!saved) return;
    core.cfg.mcuVersion = saved.mcuVersion;
    core.cfg.seVersion = saved.seVersion;
    core.mcuBootloader = saved.mcuBootloader;
    core.seBootloader = saved.seBootloader;
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
    const core = this.#core;
    return {
      mcuVersion: core.cfg.mcuVersion,
      seVersion: core.cfg.seVersion,
      mcuBootloader: core.mcuBootloader,
      seBootloader: core.seBootloader,
    };
  }

  #persistFirmware(): void {
    const storage = this.#core.storage;
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
    if (this.#core.session) this._close(this.#core.session, reason);
  }

  // ------------------------------------------------------------------ link plumbing

  /** @internal */
  _receive(s: Session, packet: Uint8Array): void {
    const core = this.#core;
    for (const t of core.taps) t('in', packet);
    if (core.session !== s || !s.open) return;
    if (core.mcuBootloader) {
      this.#enqueue(s, () => dfuPacket(core, s, packet));
      return;
    }
    if (core.pairing) {
      this.#enqueue(s, () => otpPacket(core, s, packet));
      return;
    }
    s.rx.push(packet);
    const buf = concat(...s.rx);
    if (buf.length < 6) return;
    const total = readU16LE(buf, 4) + 12;
    if (buf.length < total) return;
    s.rx = [];
    const frame = buf.slice(0, total);
    this.#enqueue(s, () => command(core, s, frame));
  }

  /** @internal */
  _close(s: Session, reason: string): void {
    if (!s.open) return;
    const core = this.#core;
    s.open = false;
    s.rx = [];
    if (core.session === s) core.session = null;
    core.pairing = false;
    core.otp = null;
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
}
