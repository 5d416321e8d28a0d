/**
 * MCU update of a real SecuX device over WebUSB without the SDK's `threads` worker.
 *
 * `SecuxUpdate.UpdateMCU(data, true, cb)` spawns `worker.js` (threads), which the web build aliases away
 * (apps/web/vite.config.ts). The SDK's worker-free entry point is `SecuxUpdate.UpdateMCUWithDevice(device, data,
 * cb)`, written for its Bluetooth DFU device: it needs `packetSize`, `Write` (control request), `Read`
 * (control response) and `WritePacket` (a data packet without response). `WebUsbDfuDevice` offers that interface
 * on a WebUSB `USBDevice` in bootloader mode, reproducing what the worker does over USB.
 *
 * Facts taken from the SecuX SDK source (github.com/SecuX/secux-js, read at commit 9386135):
 * - packages/protocol-device/src/protocol-update.ts: `BOOTLOADER = { vendorId: 0x1915 (6421), productId: 0x4296
 *   (17046) }`; `UpdateMCU(data, true)` → `updateInWorker` asks for exactly that device (`requestDevice({ filters:
 *   [BOOTLOADER] })`); `UpdateMCUWithDevice` calls `beginUpdate(data, false, device.packetSize)`, i.e. the
 *   Bluetooth framing (data packets without an opcode), `Write`+`Read` for requests that need a response and
 *   `WritePacket` for the others.
 * - packages/protocol-device/src/worker.ts: over USB the worker opens the bootloader device with `SecuxWebUSB`,
 *   runs `beginUpdate(data, true)` (packet size 64) and sends every command with `transport.Write`, reading the
 *   answer with `transport.Read()` when one is expected.
 * - packages/protocol-device/src/dfu.ts: USB data packets are `[0x08, ...chunk]` (`buildPacketBuffer`, isUSB),
 *   chunks are `min(maxSize, packetSize - packetSize % 16) - 4` bytes (60 with 64-byte packets, the same in both
 *   framings), and after each USB data packet `proceed` busy-waits 10 ms ("wait for nordic chip processing").
 *   Control requests: select `06 type`, create `01 type len32`, CRC `03`, execute `04`; answers `60 op 01 …`.
 *   The firmware is a Nordic DFU zip (`package.ts`: manifest.json, `dat_file` init packet, `bin_file` image).
 * - packages/transport-webusb/src/transport-webusb.ts: configuration 1, interface 0, endpoint 1 for
 *   `transferOut` and `transferIn`, 64-byte packets; in bootloader mode writes are sent unpadded and
 *   `Read` is a single `transferIn(1, 64)`.
 */
import './sdk-env.js';
import { SecuxUpdate } from '@secux/protocol-device/lib/protocol-update';
import { crc32 } from './dfu.js';
import { DataError, DisconnectedError } from './errors.js';
import type { PercentCallback } from './types.js';

/** protocol-update.ts `BOOTLOADER` (= transport-webusb.ts `SECUX_USB_DEVICE.BOOTLOADER`) */
export const SECUX_BOOTLOADER_USB = Object.freeze({ vendorId: 0x1915, productId: 0x4296 });
/** transport-webusb.ts `SECUX_USB_DEVICE.MCU` (normal mode) */
export const SECUX_MCU_USB = Object.freeze({ vendorId: 0x1915, productId: 0x4297 });

const CONFIGURATION_ID = 1; // transport-webusb.ts CONFIGURATION_ID
const INTERFACE_ID = 0; // transport-webusb.ts INTERFACE_ID
const ENDPOINT_ID = 1; // transport-webusb.ts ENDPOINT_ID (OUT and IN)
const PACKET_SIZE = 64; // transport-webusb.ts PACKET; dfu.ts beginUpdate default packetSize
const USB_DATA_OPCODE = 0x08; // dfu.ts buildPacketBuffer (isUSB)
const USB_PACKET_DELAY_MS = 10; // dfu.ts delayTime, applied after every USB data packet

/** The part of WebUSB's `USBDevice` this module uses (a real `USBDevice` satisfies it). */
export interface UsbDeviceLike {
  readonly vendorId: number;
  readonly productId: number;
  readonly opened: boolean;
  readonly configuration?: {
    configurationValue: number;
    interfaces: ReadonlyArray<{ interfaceNumber: number; claimed: boolean }>;
  } | null;
  open(): Promise<void>;
  close(): Promise<void>;
  selectConfiguration(configurationValue: number): Promise<void>;
  claimInterface(interfaceNumber: number): Promise<void>;
  releaseInterface(interfaceNumber: number): Promise<void>;
  transferOut(endpointNumber: number, data: BufferSource): Promise<{ status: string; bytesWritten?: number }>;
  transferIn(endpointNumber: number, length: number): Promise<{ status: string; data?: DataView }>;
}

/** The part of `navigator.usb` used here. */
export interface UsbLike {
  getDevices(): Promise<UsbDeviceLike[]>;
  requestDevice(options: { filters: Array<{ vendorId: number; productId?: number }> }): Promise<UsbDeviceLike>;
}

export function webUsb(): UsbLike {
  const usb = (globalThis.navigator as { usb?: UsbLike } | undefined)?.usb;
  if (!usb) throw new DataError('WebUSB is not available in this browser');
  return usb;
}

export function isSecuxBootloader(device: Pick<UsbDeviceLike, 'vendorId' | 'productId'>): boolean {
  return device.vendorId === SECUX_BOOTLOADER_USB.vendorId && device.productId === SECUX_BOOTLOADER_USB.productId;
}

export interface WebUsbDfuOptions {
  /** pause after each data packet, default 10 ms like the SDK worker (tests use 0) */
  packetDelayMs?: number;
}

/** The ITransportNordic subset `SecuxUpdate.UpdateMCUWithDevice` uses, over WebUSB. */
export class WebUsbDfuDevice {
  readonly packetSize = PACKET_SIZE;
  #device: UsbDeviceLike;
  #delay: number;
  #claimedHere = false;

  constructor(device: UsbDeviceLike, options: WebUsbDfuOptions = {}) {
    if (!isSecuxBootloader(device)) throw new DataError('not a SecuX device in MCU bootloader mode');
    this.#device = device;
    this.#delay = options.packetDelayMs ?? USB_PACKET_DELAY_MS;
  }

  /** Opens the device and claims interface 0, unless the connection (SecuxWebUSB) already did. */
  async open(): Promise<void> {
    const d = this.#device;
    if (!d.opened) await d.open();
    if (d.configuration?.configurationValue !== CONFIGURATION_ID) await d.selectConfiguration(CONFIGURATION_ID);
    const claimed = d.configuration?.interfaces.find((i) => i.interfaceNumber === INTERFACE_ID)?.claimed ?? false;
    if (!claimed) {
      await d.claimInterface(INTERFACE_ID);
      this.#claimedHere = true;
    }
  }

  /** Releases what open() claimed (a device the connection opened stays open). */
  async close(): Promise<void> {
    if (!this.#claimedHere) return;
    this.#claimedHere = false;
    await this.#device.releaseInterface(INTERFACE_ID).catch(() => undefined);
  }

  /** A control request (select / create / CRC / execute): sent as is, unpadded, like worker.ts. */
  async Write(data: Uint8Array): Promise<void> {
    await this.#out(data);
  }

  /** The control response: one 64-byte IN transfer. */
  async Read(): Promise<Buffer> {
    const r = await this.#device.transferIn(ENDPOINT_ID, PACKET_SIZE);
    if (r.status !== 'ok') throw new DisconnectedError(`USB read failed (transfer status "${r.status}")`);
    const v = r.data;
    return v ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : Buffer.alloc(0);
  }

  /** A data packet: the Bluetooth framing UpdateMCUWithDevice builds gets the USB write opcode 0x08. */
  async WritePacket(data: Uint8Array): Promise<void> {
    const p = new Uint8Array(data.length + 1);
    p[0] = USB_DATA_OPCODE;
    p.set(data, 1);
    await this.#out(p);
    if (this.#delay > 0) await new Promise((resolve) => setTimeout(resolve, this.#delay));
  }

  async #out(data: Uint8Array): Promise<void> {
    if (data.length > PACKET_SIZE) throw new DataError(`DFU packet of ${data.length} bytes exceeds ${PACKET_SIZE}`);
    const r = await this.#device.transferOut(ENDPOINT_ID, Uint8Array.from(data));
    if (r.status !== 'ok') throw new DisconnectedError(`USB write failed (transfer status "${r.status}")`);
  }
}

// ------------------------------------------------------------------ firmware package

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const SAMPLE_MAGIC = 'SECUXFW1';

/**
 * The SDK's DFU code takes a Nordic DFU zip. A vendor zip is passed through; a `SECUXFW1` image (this project's
 * firmware host, apps/server/README-firmware.md) is wrapped as the application of a zip whose init packet is the
 * image length (u32 LE), the same init object `dfu.ts` sends to the emulator.
 */
export function toDfuPackage(image: Uint8Array): Uint8Array {
  if (ZIP_MAGIC.every((b, i) => image[i] === b)) return image;
  if (new TextDecoder().decode(image.subarray(0, SAMPLE_MAGIC.length)) !== SAMPLE_MAGIC) {
    throw new DataError('MCU image is neither a DFU package (zip) nor a SECUXFW1 image');
  }
  const init = new Uint8Array(4);
  new DataView(init.buffer).setUint32(0, image.length, true);
  const manifest = JSON.stringify({ manifest: { application: { bin_file: 'application.bin', dat_file: 'application.dat' } } });
  return storedZip([
    ['manifest.json', new TextEncoder().encode(manifest)],
    ['application.dat', init],
    ['application.bin', image],
  ]);
}

/** Minimal zip writer (method 0 "stored", no compression). */
function storedZip(files: Array<[string, Uint8Array]>): Uint8Array {
  const local: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const [name, data] of files) {
    const n = new TextEncoder().encode(name);
    const crc = crc32(data) >>> 0;
    const lh = new DataView(new ArrayBuffer(30));
    lh.setUint32(0, 0x04034b50, true);
    lh.setUint16(4, 20, true);
    lh.setUint32(14, crc, true);
    lh.setUint32(18, data.length, true);
    lh.setUint32(22, data.length, true);
    lh.setUint16(26, n.length, true);
    local.push(new Uint8Array(lh.buffer), n, data);
    const ch = new DataView(new ArrayBuffer(46));
    ch.setUint32(0, 0x02014b50, true);
    ch.setUint16(4, 20, true);
    ch.setUint16(6, 20, true);
    ch.setUint32(16, crc, true);
    ch.setUint32(20, data.length, true);
    ch.setUint32(24, data.length, true);
    ch.setUint16(28, n.length, true);
    ch.setUint32(42, offset, true);
    central.push(new Uint8Array(ch.buffer), n);
    offset += 30 + n.length + data.length;
  }
  const cdSize = central.reduce((s, b) => s + b.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, files.length, true);
  end.setUint16(10, files.length, true);
  end.setUint32(12, cdSize, true);
  end.setUint32(16, offset, true);
  const parts = [...local, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(parts.reduce((s, b) => s + b.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

// ------------------------------------------------------------------ update

/** MCU update over WebUSB through `SecuxUpdate.UpdateMCUWithDevice` (no worker). */
export async function updateMcuOverWebUsb(
  device: UsbDeviceLike,
  image: Uint8Array,
  onProgress?: PercentCallback,
  options: WebUsbDfuOptions = {},
): Promise<void> {
  const pkg = toDfuPackage(image);
  const dfu = new WebUsbDfuDevice(device, options);
  await dfu.open();
  try {
    await SecuxUpdate.UpdateMCUWithDevice(dfu as never, pkg, (p: number) => onProgress?.(Math.min(100, Math.floor(p))));
  } finally {
    await dfu.close();
  }
}

/**
 * The bootloader device to update: the connected one when it already is the bootloader, else one the site
 * may use already, else the WebUSB chooser filtered to the bootloader (as the SDK's `updateInWorker` does).
 */
export async function findBootloaderDevice(connected?: UsbDeviceLike): Promise<UsbDeviceLike> {
  if (connected && isSecuxBootloader(connected)) return connected;
  const usb = webUsb();
  const known = (await usb.getDevices()).find((d) => isSecuxBootloader(d));
  return known ?? (await usb.requestDevice({ filters: [{ ...SECUX_BOOTLOADER_USB }] }));
}
