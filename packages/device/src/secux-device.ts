import './sdk-env.js';
import { ITransport } from '@secux/transport';
import { getBuffer } from '@secux/utility/lib/communication';
import { SecuxDevice as SdkDevice } from '@secux/protocol-device';
import { SecuxScreenDevice } from '@secux/protocol-device/lib/protocol-screendevice';
import { SecuxUpdate } from '@secux/protocol-device/lib/protocol-update';
import { SecuxTransactionTool } from '@secux/protocol-transaction';
import { EllipticCurve } from '@secux/protocol-transaction/lib/interface';
import { SecuxBTC } from '@secux/app-btc';
import { SecuxETH } from '@secux/app-eth';
import { SecuxXRP } from '@secux/app-xrp';
import { SecuxXLM } from '@secux/app-xlm';
import { SecuxTRX } from '@secux/app-trx';
import { SecuxSOL } from '@secux/app-sol';
import { SecuxBNB } from '@secux/app-bnb';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 as sha256Sync } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ActionLock } from './lock.js';
import {
  DataError, DeviceError, DisconnectedError, FirmwareTooOldError, toDeviceError, type FirmwareRequirement,
} from './errors.js';
import { dfuUpdate, type DfuChannel } from './dfu.js';
import { checkRequirement, coinRequirement, signRequirement, trimVersion } from './firmware-gates.js';
import type {
  AccountInput, AddressOptions, BtcInput, BtcOutputs, BtcSignOptions, ConnectionKind, Device, DeviceAccount,
  DeviceEvents, DeviceModel, DeviceVersion, PercentCallback, SeModeInfo, ShowAddressOptions, SignedTx, SignOptions,
  TokenInput, WalletInfo,
} from './types.js';

/** What a concrete connection provides to SecuxDevice. */
export interface DeviceBackend {
  kind: ConnectionKind;
  transport: ITransport;
  /** MCU bootloader (DFU) mode at connect time */
  bootloader: boolean;
  close(): Promise<void>;
  /** subscribe to link loss; returns unsubscribe */
  onDisconnect(listener: (reason: string) => void): () => void;
  sendOtp?(otp: string): Promise<void>;
  /** raw DFU channel (emulator) */
  dfu?: DfuChannel;
  /** real-device MCU update through the SDK */
  updateMcuNative?(image: Uint8Array, onProgress?: PercentCallback): Promise<void>;
}

type AnyFn = (...args: never[]) => unknown;
const sdk = <T>(x: T) => x as unknown as Record<string, AnyFn> & T;

const MODEL_NAMES = ['W10', 'W20', 'V20', 'T20', 'T20X', 'C20'];

function toBytes(image: ArrayBuffer | Uint8Array): Uint8Array {
  return image instanceof Uint8Array ? image : new Uint8Array(image);
}

const COIN_SOL = 501;

function coinTypeOf(path: string): number {
  const m = /^m\/\d+'?\/(\d+)'?/.exec(path);
  if (!m) throw new DataError(`invalid path ${path}`);
  return Number(m[1]);
}

function purposeOf(path: string): number {
  const m = /^m\/(\d+)'?/.exec(path);
  return m ? Number(m[1]) : 0;
}

/** "0x38" | 56 | "56" -> 56 (chain ids above 2^53 are not expected on EVM). */
export function chainIdToNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return v.startsWith('0x') ? parseInt(v, 16) : Number(v);
  return 0;
}

export class SecuxDevice implements Device {
  readonly kind: ConnectionKind;
  #b: DeviceBackend;
  #lock = new ActionLock();
  #connected = true;
  #listeners: { [E in keyof DeviceEvents]: Set<(e: DeviceEvents[E]) => void> } = { disconnect: new Set() };
  #disconnectWaiters = new Set<(e: DisconnectedError) => void>();
  #version: DeviceVersion | null = null;
  #offLink: () => void;

  constructor(backend: DeviceBackend) {
    this.#b = backend;
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
    return this.#b.transport;
  }

  /** cached result of the last getVersion() */
  get version(): DeviceVersion | null {
    return this.#version;
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
    await this.#b.close();
    this.#handleDisconnect('closed by app');
  }

  #handleDisconnect(reason: string): void {
    if (!this.#connected) return;
    this.#connected = false;
    this.#offLink();
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
    return { mcu: this.#version?.mcuVersion ?? '', se: this.#version?.seVersion ?? '' };
  }

  #exchange(data: unknown): Promise<Buffer> {
    return this.#b.transport.Exchange(getBuffer(data as Buffer));
  }

  #requireFirmware(req: FirmwareRequirement): void {
    if (!this.#version) return;
    checkRequirement(req, this.#version);
  }

  #notBootloader(): void {
    if (this.#b.bootloader) throw new DataError('device is in bootloader mode');
  }

  // ------------------------------------------------------------------ info

  getVersion(): Promise<DeviceVersion> {
    return this.#run(async () => {
      if (this.#b.bootloader) {
        const v: DeviceVersion = {
          mcuVersion: '', mcuVersionFull: '', seVersion: '', bootloaderVersion: '', model: 'unknown', bootloader: true,
        };
        this.#version = v;
        return v;
      }
      const rsp = await this.#exchange(SdkDevice.prepareGetVersion());
      const info = SdkDevice.resolveVersion(rsp);
      const model = (info.model && MODEL_NAMES.includes(info.model) ? info.model : 'unknown') as DeviceModel;
      const v: DeviceVersion = {
        mcuVersion: trimVersion(info.mcuFwVersion),
        mcuVersionFull: info.mcuFwVersion,
        seVersion: info.seFwVersion,
        bootloaderVersion: info.bootloaderVersion,
        model,
        customerId: info.customerId,
        deviceId: info.deviceId,
        bootloader: false,
      };
      ITransport.mcuVersion = info.mcuFwVersion;
      ITransport.seVersion = info.seFwVersion;
      this.#version = v;
      return v;
    });
  }

  getWalletInfo(): Promise<WalletInfo> {
    return this.#run(async () => {
      this.#notBootloader();
      const rsp = await this.#exchange(SdkDevice.prepareGetWalletInfo());
      const w = SdkDevice.resolveWalletInfo(rsp);
      return {
        walletStatus: w.walletStatus,
        walletName: w.walletName,
        walletIndex: w.walletIndex,
        deviceType: this.#version?.model ?? 'unknown',
        ready: w.walletStatus === 34 || w.walletStatus === 98,
      };
    });
  }

  getSEMode(): Promise<SeModeInfo> {
    return this.#run(async () => {
      this.#notBootloader();
      const info = await SecuxUpdate.getSEModeState(this.#b.transport);
      return { mode: info.mode, state: info.state, bootloader: ![2, 3, 5, 7].includes(info.mode) };
    });
  }

  // ------------------------------------------------------------------ accounts and tokens

  readTable(): Promise<DeviceAccount[]> {
    return this.#run(() => this.#readTable());
  }

  async #readTable(): Promise<DeviceAccount[]> {
    this.#notBootloader();
    const size = SecuxScreenDevice.resolveAccountSize(await this.#exchange(SecuxScreenDevice.prepareGetAccountSize()));
    const out: DeviceAccount[] = [];
    for (let i = 0; i < size; i++) {
      const info = SecuxScreenDevice.resolveAccountInfo(await this.#exchange(SecuxScreenDevice.prepareGetAccountInfo(i)));
      const a: DeviceAccount = {
        name: info.name,
        path: info.path,
        balance: info.balance,
        symbol: info.symbol,
        chainId: chainIdToNumber(info.chainId),
      };
      if (info.decimal !== undefined) a.decimal = info.decimal;
      if (info.contract) a.contract = info.contract;
      out.push(a);
    }
    return out;
  }

  #filter(list: DeviceAccount[], coinType?: number, chainId?: number) {
    return list.filter(
      (a) => (coinType === undefined || coinTypeOf(a.path) === coinType) && (chainId === undefined || a.chainId === chainId),
    );
  }

  getAccounts(coinType?: number, chainId?: number): Promise<DeviceAccount[]> {
    return this.#run(async () => this.#filter(await this.#readTable(), coinType, chainId).filter((a) => !a.contract));
  }

  getTokens(coinType?: number, chainId?: number): Promise<DeviceAccount[]> {
    return this.#run(async () => this.#filter(await this.#readTable(), coinType, chainId).filter((a) => !!a.contract));
  }

  setAccount(a: AccountInput): Promise<void> {
    return this.#run(async () => {
      this.#notBootloader();
      const info: Record<string, unknown> = {
        name: a.name,
        path: a.path,
        balance: a.balance,
        symbol: a.symbol ?? '',
        decimal: a.decimal ?? 0,
      };
      if (a.chainId) info.chainId = a.chainId;
      await this.#exchange(SecuxScreenDevice.prepareSetAccount(info as never));
    });
  }

  deleteAccount(path: string, chainId?: number): Promise<void> {
    return this.#run(async () => {
      this.#notBootloader();
      await this.#exchange(SecuxScreenDevice.prepareDeleteAccount(path, { chainId: chainId ?? 0 } as never));
    });
  }

  setToken(t: TokenInput): Promise<void> {
    return this.#run(async () => {
      this.#notBootloader();
      const info: Record<string, unknown> = {
        name: t.name,
        path: t.path,
        balance: t.balance,
        symbol: t.symbol,
        decimal: t.decimal,
        contract: t.contract,
      };
      if (t.chainId) info.chainId = t.chainId;
      await this.#exchange(SecuxScreenDevice.prepareSetAccount(info as never));
    });
  }

  deleteToken(path: string, contract: string, chainId?: number): Promise<void> {
    return this.#run(async () => {
      this.#notBootloader();
      await this.#exchange(SecuxScreenDevice.prepareDeleteAccount(path, { chainId: chainId ?? 0, contract } as never));
    });
  }

  // ------------------------------------------------------------------ addresses and keys

  #checkCoin(path: string): void {
    if (this.#version && !this.#version.bootloader) {
      checkRequirement(coinRequirement(coinTypeOf(path), purposeOf(path)), this.#version);
    }
  }

  /** Before every signature: the send gate and the coin's requirement (spec 01 §5), as core defines them. */
  #checkSigning(coinType: number, purpose = 44): void {
    this.#requireFirmware(signRequirement(coinType, purpose));
  }

  getAddress(path: string, options: AddressOptions = {}): Promise<string> {
    return this.#run(async () => {
      this.#notBootloader();
      this.#checkCoin(path);
      const t = this.#b.transport;
      switch (coinTypeOf(path)) {
        case 60:
          return SecuxETH.getAddress.call(t, path);
        case 144:
          return SecuxXRP.getAddress.call(t, path);
        case 148:
          return SecuxXLM.getAddress.call(t, path);
        case 195:
          return SecuxTRX.getAddress.call(t, path);
        case 501:
          return SecuxSOL.getAddress.call(t, path);
        case 714:
          return SecuxBNB.getAddress.call(t, path);
        case 235:
          return fioAddress(await this.#secpPublicKey(path));
        default:
          return SecuxBTC.getAddress.call(t, path, options as never);
      }
    });
  }

  async #secpPublicKey(path: string): Promise<Buffer> {
    const rsp = await this.#exchange(SecuxTransactionTool.getPublickey(path, EllipticCurve.SECP256K1));
    return Buffer.from(SecuxTransactionTool.resolvePublickey(rsp, EllipticCurve.SECP256K1, true), 'base64');
  }

  showAddress(path: string, options: ShowAddressOptions = {}): Promise<void> {
    return this.#run(async () => {
      this.#notBootloader();
      const opt: Record<string, unknown> = { needToConfirm: true };
      if (options.chainId) opt.chainId = options.chainId;
      const rsp = await this.#exchange(SdkDevice.prepareShowAddress(path, opt as never));
      SdkDevice.resolveResponse(rsp);
    });
  }

  getPublicKey(path: string, options: AddressOptions = {}): Promise<string> {
    return this.#run(async () => {
      this.#notBootloader();
      const t = this.#b.transport;
      switch (coinTypeOf(path)) {
        case 60:
          return SecuxETH.getPublickey.call(t, path);
        case 144:
          return SecuxXRP.getPublickey.call(t, path);
        case 148:
          return SecuxXLM.getPublickey.call(t, path);
        case 195:
          return SecuxTRX.getPublickey.call(t, path);
        case 501:
          return SecuxSOL.getPublickey.call(t, path);
        case 714:
          return SecuxBNB.getPublickey.call(t, path);
        case 235:
          return (await this.#secpPublicKey(path)).toString('hex');
        default:
          return SecuxBTC.getPublickey.call(t, path, options as never);
      }
    });
  }

  getXPublicKey(path: string): Promise<string> {
    return this.#run(async () => {
      this.#notBootloader();
      const t = this.#b.transport;
      switch (coinTypeOf(path)) {
        case 60:
          return SecuxETH.getXPublickey.call(t, path);
        case 144:
          return SecuxXRP.getXPublickey.call(t, path);
        case 195:
          return SecuxTRX.getXPublickey.call(t, path);
        case 714:
          return SecuxBNB.getXPublickey.call(t, path);
        case 148:
        case 501:
          throw new DataError('ed25519 chains have no extended public key');
        default: {
          const rsp = await this.#exchange(SecuxTransactionTool.getXPublickey(path));
          return SecuxTransactionTool.resolveXPublickey(rsp, path);
        }
      }
    });
  }

  // ------------------------------------------------------------------ signing

  signBtc(inputs: BtcInput[], outputs: BtcOutputs, options: BtcSignOptions = {}): Promise<SignedTx> {
    return this.#run(async () => {
      this.#notBootloader();
      const first = inputs[0];
      if (!first) throw new DataError('no inputs');
      this.#checkSigning(coinTypeOf(first.path), purposeOf(first.path));
      const t = this.#b.transport;
      const { onProgress, ...opt } = options;
      const prepared = (await SecuxBTC.sign.call(t, structuredClone(inputs) as never, structuredClone(outputs) as never, opt as never)) as {
        multi_command: unknown[];
        rawTx: string;
        publickeys: Array<string | Buffer>;
        coin: number;
      };
      const responses: Buffer[] = [];
      const total = prepared.multi_command.length;
      for (let i = 0; i < total; i++) {
        onProgress?.(i + 1, total);
        responses.push(await this.#exchange(prepared.multi_command[i]));
      }
      const rawTx = SecuxBTC.resolveTransaction(responses, {
        rawTx: prepared.rawTx,
        publickeys: prepared.publickeys,
        coin: prepared.coin,
      } as never);
      return { rawTx };
    });
  }

  signEth(path: string, tx: string | Record<string, unknown>, options: SignOptions = {}): Promise<SignedTx> {
    return this.#run(async () => {
      this.#notBootloader();
      this.#checkSigning(coinTypeOf(path), purposeOf(path));
      let prepared: { commandData: unknown; rawTx: unknown };
      if (typeof tx === 'string') {
        prepared = sdk(SecuxETH).prepareSignSerialized(path, Buffer.from(tx.replace(/^0x/, ''), 'hex')) as never;
      } else {
        const is1559 = 'maxFeePerGas' in tx || 'priorityFee' in tx || 'maxPriorityFeePerGas' in tx;
        const fn = is1559 ? 'prepareSignEIP1559' : 'prepareSignEIP155';
        prepared = (sdk(SecuxETH)[fn] as (p: string, c: unknown) => typeof prepared)(path, tx);
      }
      options.onProgress?.(1, 1);
      const rsp = await this.#exchange(prepared.commandData);
      const signature = SecuxETH.resolveSignature(rsp);
      const rawTx = SecuxETH.resolveTransaction(rsp, prepared.rawTx as never);
      return { rawTx, signature: `0x${signature}` };
    });
  }

  signEthMessage(path: string, message: string): Promise<string> {
    return this.#run(async () => {
      this.#notBootloader();
      const rsp = await this.#exchange(SecuxETH.prepareSignMessage(path, message));
      return `0x${SecuxETH.resolveSignatureEIP155(rsp)}`;
    });
  }

  signEthTypedData(path: string, typedData: string): Promise<string> {
    return this.#run(async () => {
      this.#notBootloader();
      const rsp = await this.#exchange(SecuxETH.prepareSignTypedData(path, typedData));
      return `0x${SecuxETH.resolveSignatureEIP155(rsp)}`;
    });
  }

  signXrp(path: string, tx: Record<string, unknown>): Promise<SignedTx> {
    return this.#run(async () => {
      this.#notBootloader();
      this.#checkSigning(coinTypeOf(path), purposeOf(path));
      const { commandData, serialized } = SecuxXRP.prepareSign(path, structuredClone(tx) as never);
      const rsp = await this.#exchange(commandData);
      return { rawTx: SecuxXRP.resolveTransaction(rsp, serialized), signature: SecuxXRP.resolveSignature(rsp) };
    });
  }

  signXlm(path: string, tx: Record<string, unknown>): Promise<SignedTx> {
    return this.#run(async () => {
      this.#notBootloader();
      this.#checkSigning(coinTypeOf(path), purposeOf(path));
      const { commandData, serialized } = SecuxXLM.prepareSign(path, structuredClone(tx) as never);
      const rsp = await this.#exchange(commandData);
      return { rawTx: SecuxXLM.resolveTransaction(rsp, serialized), signature: SecuxXLM.resolveSignature(rsp) };
    });
  }

  signTrx(path: string, tx: Record<string, unknown>): Promise<SignedTx> {
    return this.#run(async () => {
      this.#notBootloader();
      this.#checkSigning(coinTypeOf(path), purposeOf(path));
      const { commandData, rawTx } = SecuxTRX.prepareSign(path, structuredClone(tx) as never);
      const rsp = await this.#exchange(commandData);
      return { rawTx: SecuxTRX.resolveTransaction(rsp, rawTx), signature: SecuxTRX.resolveSignature(rsp) };
    });
  }

  signSol(feePayer: string, tx: Record<string, unknown>, options: SignOptions = {}): Promise<SignedTx> {
    return this.#run(async () => {
      this.#notBootloader();
      this.#checkSigning(COIN_SOL);
      const { commandData, serialized } = SecuxSOL.prepareSign(feePayer, structuredClone(tx) as never);
      options.onProgress?.(1, 1);
      const rsp = await this.#exchange(commandData);
      return { rawTx: SecuxSOL.resolveTransaction(rsp, serialized) };
    });
  }

  signBnb(path: string, tx: Record<string, unknown>): Promise<SignedTx> {
    return this.#run(async () => {
      this.#notBootloader();
      this.#checkSigning(coinTypeOf(path), purposeOf(path));
      const { commandData, serialized } = SecuxBNB.prepareSign(path, structuredClone(tx) as never);
      const rsp = await this.#exchange(commandData);
      return { rawTx: SecuxBNB.resolveTransaction(rsp, serialized), signature: SecuxBNB.resolveSignature(rsp) };
    });
  }

  signFio(path: string, sigDataHex: string): Promise<string> {
    return this.#run(async () => {
      this.#notBootloader();
      this.#checkCoin(path);
      const digest = await sha256(Buffer.from(sigDataHex.replace(/^0x/, ''), 'hex'));
      const cmd = SecuxTransactionTool.signTransaction(path, Buffer.from(digest), { curve: EllipticCurve.SECP256K1_LOW_R });
      const rsp = await this.#exchange(cmd);
      const sig = Buffer.from(SecuxTransactionTool.resolveSignature(rsp), 'base64');
      return fioSignature(sig);
    });
  }

  getSharedSecret(path: string, publicKeyHex: string): Promise<string> {
    return this.#run(async () => {
      this.#notBootloader();
      const cmd = SecuxTransactionTool.getECIESsecret(path, Buffer.from(publicKeyHex.replace(/^0x/, ''), 'hex'));
      const rsp = await this.#exchange(cmd);
      return Buffer.from(SecuxTransactionTool.resolveECIESsecret(rsp) as Buffer).toString('hex');
    });
  }

  // ------------------------------------------------------------------ firmware

  enterMcuBootloader(): Promise<void> {
    return this.#run(async () => {
      this.#notBootloader();
      const rsp = await this.#exchange(SecuxUpdate.prepareEnterMCUBootloader());
      if (!SecuxUpdate.resolveStatus(rsp)) throw new DataError('device refused to enter the MCU bootloader');
    });
  }

  updateMcu(image: ArrayBuffer | Uint8Array, onProgress?: PercentCallback): Promise<void> {
    return this.#run(async () => {
      const bytes = toBytes(image);
      if (this.#b.dfu) {
        if (!this.#b.bootloader) throw new DataError('device is not in bootloader mode: call enterMcuBootloader() and reconnect');
        await dfuUpdate(this.#b.dfu, bytes, onProgress);
        return;
      }
      if (!this.#b.updateMcuNative) throw new DeviceError('MCU update is not available on this connection');
      await this.#b.updateMcuNative(bytes, onProgress);
    });
  }

  enterSeBootloader(): Promise<void> {
    return this.#run(async () => {
      this.#notBootloader();
      const rsp = await this.#exchange(SecuxUpdate.prepareEnterSEBootloader());
      if (!SecuxUpdate.resolveStatus(rsp)) throw new DataError('device refused to enter the SE bootloader');
    });
  }

  updateSe(image: ArrayBuffer | Uint8Array, onProgress?: PercentCallback): Promise<void> {
    return this.#run(async () => {
      this.#notBootloader();
      const bytes = toBytes(image);
      await SecuxUpdate.UpdateSE(this.#b.transport, await seImageToJob(bytes), (p: number) => onProgress?.(p));
      onProgress?.(100);
    });
  }

  sendOtp(otp: string): Promise<void> {
    return this.#run(async () => {
      if (!this.#b.sendOtp) throw new DeviceError('OTP is only used over Bluetooth');
      await this.#b.sendOtp(otp);
    });
  }
}

async function sha256(data: Uint8Array): Promise<Uint8Array> {
  return sha256Sync(data);
}

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

// FIO helpers (there is no published @secux/app-fio): legacy "FIO…" key and SIG_K1 signatures.

function fioAddress(pub33: Uint8Array): string {
  const check = ripemd160(pub33).subarray(0, 4);
  return `FIO${base58.encode(Uint8Array.from([...pub33, ...check]))}`;
}

function fioSignature(sig65: Buffer): string {
  let s = secp256k1.Signature.fromBytes(sig65.subarray(0, 64), 'compact');
  let rec = sig65[64] ?? 0;
  if (s.hasHighS()) {
    s = new secp256k1.Signature(s.r, secp256k1.Point.Fn.ORDER - s.s);
    rec ^= 1;
  }
  const body = Uint8Array.from([rec + 4 + 27, ...s.toBytes('compact')]);
  const check = ripemd160(Uint8Array.from([...body, ...new TextEncoder().encode('K1')])).subarray(0, 4);
  return `SIG_K1_${base58.encode(Uint8Array.from([...body, ...check]))}`;
}

export { FirmwareTooOldError };
