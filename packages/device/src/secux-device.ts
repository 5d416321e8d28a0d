/**
 * The SDK-backed Device: one action at a time under a lock, failing fast when the link drops. The operations are in
 * secux-device/ (info, accounts, keys, sign, fio, firmware), each over the shared DeviceContext (context.ts); this
 * class holds the connection and composes them.
 */
import './sdk-env.js';
import type { ITransport } from '@secux/transport';
import { ActionLock } from './lock.js';
import { DeviceError, DisconnectedError, FirmwareTooOldError, toDeviceError } from './errors.js';
import type {
  AccountInput, AddressOptions, BtcInput, BtcOutputs, BtcSignOptions, ConnectionKind, Device, DeviceAccount,
  DeviceEvents, DeviceVersion, PercentCallback, SeModeInfo, ShowAddressOptions, SignedTx, SignOptions,
  TokenInput, WalletInfo,
} from './types.js';
import type { DeviceBackend, DeviceContext } from './secux-device/context.js';
import * as accounts from './secux-device/accounts.js';
import * as firmware from './secux-device/firmware.js';
import * as fio from './secux-device/fio.js';
import * as info from './secux-device/info.js';
import * as keys from './secux-device/keys.js';
import * as sign from './secux-device/sign.js';

export type { DeviceBackend } from './secux-device/context.js';
export { chainIdToNumber } from './secux-device/accounts.js';

/**
 * How long a read of the account table is reused. Reading it takes one request per entry, and every coin's
 * discovery asks for its accounts; only this app's writes change it (each one drops the read), so the bound only
 * covers a change made on the device itself.
 */
export const TABLE_FRESH_MS = 60_000;

export class SecuxDevice implements Device {
  readonly kind: ConnectionKind;
  #ctx: DeviceContext;
  #lock = new ActionLock();
  #connected = true;
  #listeners: { [E in keyof DeviceEvents]: Set<(e: DeviceEvents[E]) => void> } = { disconnect: new Set() };
  #disconnectWaiters = new Set<(e: DisconnectedError) => void>();
  #offLink: () => void;
  /** The account table as last read (see TABLE_FRESH_MS). */
  #table: { at: number; read: Promise<DeviceAccount[]> } | null = null;
  /**
   * Addresses and public keys read on this connection, by path and options: they follow from the wallet's seed,
   * which changes only by a reset or restore on the device, and that restarts it (a new connection). Discovery asks
   * the EVM chains' shared addresses once instead of once per chain.
   */
  #keys = new Map<string, Promise<string>>();

  constructor(backend: DeviceBackend) {
    this.#ctx = { b: backend, version: null };
    this.kind = backend.kind;
    this.#offLink = backend.onDisconnect((reason) => this.#handleDisconnect(reason));
  }

  // ------------------------------------------------------------------ connection

  get connected(): boolean {
    return this.#connected;
  }

  get busy(): boolean {
    return this.#lock.busy;
  }

  /** the SDK transport (for SDK calls not wrapped here) */
  get transport(): ITransport {
    return this.#ctx.b.transport;
  }

  /** cached result of the last getVersion() */
  get version(): DeviceVersion | null {
    return this.#ctx.version;
  }

  on<E extends keyof DeviceEvents>(event: E, listener: (e: DeviceEvents[E]) => void): () => void {
    this.#listeners[event].add(listener);
    return () => this.off(event, listener);
  }

  off<E extends keyof DeviceEvents>(event: E, listener: (e: DeviceEvents[E]) => void): void {
    this.#listeners[event].delete(listener);
  }

  async disconnect(): Promise<void> {
    if (!this.#connected) return;
    await this.#ctx.b.close();
    this.#handleDisconnect('closed by app');
  }

  #handleDisconnect(reason: string): void {
    if (!this.#connected) return;
    this.#connected = false;
    this.#offLink();
    this.#keys.clear();
    this.#table = null;
    const err = new DisconnectedError(`device disconnected: ${reason}`);
    for (const w of [...this.#disconnectWaiters]) w(err);
    this.#disconnectWaiters.clear();
    for (const l of [...this.#listeners.disconnect]) {
      try {
        l({ reason });
      } catch {
        /* ignore listener errors */
      }
    }
  }

  /** Run one device action under the lock; fail fast with DisconnectedError when the link drops. */
  #run<T>(fn: () => Promise<T>): Promise<T> {
    return this.#lock.run(async () => {
      if (!this.#connected) throw new DisconnectedError('device not connected');
      let onDrop!: (e: DisconnectedError) => void;
      const dropped = new Promise<never>((_, reject) => {
        onDrop = reject;
      });
      this.#disconnectWaiters.add(onDrop);
      try {
        return await Promise.race([fn(), dropped]);
      } catch (e) {
        throw this.#connected ? toDeviceError(e, this.#current()) : e instanceof DisconnectedError ? e : new DisconnectedError(String((e as Error)?.message ?? e), { cause: e });
      } finally {
        this.#disconnectWaiters.delete(onDrop);
        dropped.catch(() => undefined);
      }
    });
  }

  #current() {
    const version = this.#ctx.version;
    return { mcu: version?.mcuVersion ?? '', se: version?.seVersion ?? '' };
  }

  // ------------------------------------------------------------------ info

  getVersion(): Promise<DeviceVersion> {
    return this.#run(() => info.getVersion(this.#ctx));
  }

  getWalletInfo(): Promise<WalletInfo> {
    return this.#run(() => info.getWalletInfo(this.#ctx));
  }

  getSEMode(): Promise<SeModeInfo> {
    return this.#run(() => info.getSEMode(this.#ctx));
  }

  // ------------------------------------------------------------------ accounts and tokens

  /** The table, read again when the last read is older than TABLE_FRESH_MS or a write came after it. */
  #readTable(): Promise<DeviceAccount[]> {
    const now = Date.now();
    if (this.#connected && this.#table && now - this.#table.at <= TABLE_FRESH_MS) return this.#table.read;
    const entry = { at: now, read: this.#run(() => accounts.readTable(this.#ctx)) };
    this.#table = entry;
    entry.read.catch(() => {
      if (this.#table === entry) this.#table = null;
    });
    return entry.read;
  }

  /** A write to the table: reads asked from now on wait for it (the lock's order) and read the table again. */
  #write(fn: () => Promise<void>): Promise<void> {
    this.#table = null;
    return this.#run(fn).finally(() => {
      this.#table = null;
    });
  }

  async readTable(): Promise<DeviceAccount[]> {
    return (await this.#readTable()).map((a) => ({ ...a }));
  }

  async getAccounts(coinType?: number, chainId?: number): Promise<DeviceAccount[]> {
    return accounts.accountsIn(await this.readTable(), coinType, chainId);
  }

  async getTokens(coinType?: number, chainId?: number): Promise<DeviceAccount[]> {
    return accounts.tokensIn(await this.readTable(), coinType, chainId);
  }

  setAccount(a: AccountInput): Promise<void> {
    return this.#write(() => accounts.setAccount(this.#ctx, a));
  }

  deleteAccount(path: string, chainId?: number): Promise<void> {
    return this.#write(() => accounts.deleteAccount(this.#ctx, path, chainId));
  }

  setToken(t: TokenInput): Promise<void> {
    return this.#write(() => accounts.setToken(this.#ctx, t));
  }

  deleteToken(path: string, contract: string, chainId?: number): Promise<void> {
    return this.#write(() => accounts.deleteToken(this.#ctx, path, contract, chainId));
  }

  // ------------------------------------------------------------------ addresses and keys

  /** A key read once per connection (see #keys); a failed read is not kept. */
  #key(kind: string, path: string, options: object, read: () => Promise<string>): Promise<string> {
    if (!this.#connected) return this.#run(read); // fails as every action does once the link is gone
    const id = `${kind} ${path} ${JSON.stringify(options)}`;
    let p = this.#keys.get(id);
    if (!p) {
      p = this.#run(read);
      this.#keys.set(id, p);
      p.catch(() => this.#keys.delete(id));
    }
    return p;
  }

  getAddress(path: string, options: AddressOptions = {}): Promise<string> {
    return this.#key('address', path, options, () => keys.getAddress(this.#ctx, path, options));
  }

  showAddress(path: string, options: ShowAddressOptions = {}): Promise<void> {
    return this.#run(() => keys.showAddress(this.#ctx, path, options));
  }

  getPublicKey(path: string, options: AddressOptions = {}): Promise<string> {
    return this.#key('public', path, options, () => keys.getPublicKey(this.#ctx, path, options));
  }

  getXPublicKey(path: string): Promise<string> {
    return this.#key('xpub', path, {}, () => keys.getXPublicKey(this.#ctx, path));
  }

  // ------------------------------------------------------------------ signing

  signBtc(inputs: BtcInput[], outputs: BtcOutputs, options: BtcSignOptions = {}): Promise<SignedTx> {
    return this.#run(() => sign.signBtc(this.#ctx, inputs, outputs, options));
  }

  signEth(path: string, tx: string | Record<string, unknown>, options: SignOptions = {}): Promise<SignedTx> {
    return this.#run(() => sign.signEth(this.#ctx, path, tx, options));
  }

  signEthMessage(path: string, message: string | Uint8Array): Promise<string> {
    return this.#run(() => sign.signEthMessage(this.#ctx, path, message));
  }

  signSolMessage(path: string, message: string | Uint8Array): Promise<string> {
    return this.#run(() => sign.signSolMessage(this.#ctx, path, message));
  }

  signEthTypedData(path: string, typedData: string): Promise<string> {
    return this.#run(() => sign.signEthTypedData(this.#ctx, path, typedData));
  }

  signXrp(path: string, tx: Record<string, unknown>): Promise<SignedTx> {
    return this.#run(() => sign.signXrp(this.#ctx, path, tx));
  }

  signXlm(path: string, tx: Record<string, unknown>): Promise<SignedTx> {
    return this.#run(() => sign.signXlm(this.#ctx, path, tx));
  }

  signTrx(path: string, tx: Record<string, unknown>): Promise<SignedTx> {
    return this.#run(() => sign.signTrx(this.#ctx, path, tx));
  }

  signSol(feePayer: string, tx: Record<string, unknown>, options: SignOptions = {}): Promise<SignedTx> {
    return this.#run(() => sign.signSol(this.#ctx, feePayer, tx, options));
  }

  signBnb(path: string, tx: Record<string, unknown>): Promise<SignedTx> {
    return this.#run(() => sign.signBnb(this.#ctx, path, tx));
  }

  signFio(path: string, sigDataHex: string): Promise<string> {
    return this.#run(() => fio.signFio(this.#ctx, path, sigDataHex));
  }

  getSharedSecret(path: string, publicKeyHex: string): Promise<string> {
    return this.#run(() => fio.getSharedSecret(this.#ctx, path, publicKeyHex));
  }

  // ------------------------------------------------------------------ firmware

  enterMcuBootloader(): Promise<void> {
    return this.#run(() => firmware.enterMcuBootloader(this.#ctx));
  }

  updateMcu(image: ArrayBuffer | Uint8Array, onProgress?: PercentCallback): Promise<void> {
    return this.#run(() => firmware.updateMcu(this.#ctx, image, onProgress));
  }

  enterSeBootloader(): Promise<void> {
    return this.#run(() => firmware.enterSeBootloader(this.#ctx));
  }

  updateSe(image: ArrayBuffer | Uint8Array, onProgress?: PercentCallback): Promise<void> {
    return this.#run(() => firmware.updateSe(this.#ctx, image, onProgress));
  }

  sendOtp(otp: string): Promise<void> {
    return this.#run(async () => {
      const b = this.#ctx.b;
      if (!b.sendOtp) throw new DeviceError('OTP is only used over Bluetooth');
      await b.sendOtp(otp);
    });
  }
}

export { FirmwareTooOldError };
