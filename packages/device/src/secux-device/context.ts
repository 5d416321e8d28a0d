/** What every device operation shares: the connection, the last version read, the exchange and the firmware checks. */
import '../sdk-env.js';
import type { ITransport } from '@secux/transport';
import { getBuffer } from '@secux/utility/lib/communication';
import { sha256 as sha256Sync } from '@noble/hashes/sha2.js';
import { DataError, type FirmwareRequirement } from '../errors.js';
import type { DfuChannel } from '../dfu.js';
import { checkRequirement, coinRequirement, signRequirement } from '../firmware-gates.js';
import type { ConnectionKind, DeviceVersion, PercentCallback } from '../types.js';

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

export interface DeviceContext {
  b: DeviceBackend;
  /** The result of the last getVersion(). */
  version: DeviceVersion | null;
}

type AnyFn = (...args: never[]) => unknown;
export const sdk = <T>(x: T) => x as unknown as Record<string, AnyFn> & T;

export const COIN_SOL = 501;

export function coinTypeOf(path: string): number {
  const m = /^m\/\d+'?\/(\d+)'?/.exec(path);
  if (!m) throw new DataError(`invalid path ${path}`);
  return Number(m[1]);
}

export function purposeOf(path: string): number {
  const m = /^m\/(\d+)'?/.exec(path);
  return m ? Number(m[1]) : 0;
}

export function exchange(ctx: DeviceContext, data: unknown): Promise<Buffer> {
  return ctx.b.transport.Exchange(getBuffer(data as Buffer));
}

function requireFirmware(ctx: DeviceContext, req: FirmwareRequirement): void {
  if (!ctx.version) return;
  checkRequirement(req, ctx.version);
}

export function notBootloader(ctx: DeviceContext): void {
  if (ctx.b.bootloader) throw new DataError('device is in bootloader mode');
}

export function checkCoin(ctx: DeviceContext, path: string): void {
  if (ctx.version && !ctx.version.bootloader) {
    checkRequirement(coinRequirement(coinTypeOf(path), purposeOf(path)), ctx.version);
  }
}

/** Before every signature: the send gate and the coin's requirement (spec 01 §5), as core defines them. */
export function checkSigning(ctx: DeviceContext, coinType: number, purpose = 44): void {
  requireFirmware(ctx, signRequirement(coinType, purpose));
}

export async function sha256(data: Uint8Array): Promise<Uint8Array> {
  return sha256Sync(data);
}

export function toBytes(image: ArrayBuffer | Uint8Array): Uint8Array {
  return image instanceof Uint8Array ? image : new Uint8Array(image);
}
