import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildFirmwareImage, SecuxEmulator, type EmulatorLink } from '@secux-companion/emulator';
import { connectUsb } from './connect.js';
import {
  SECUX_BOOTLOADER_USB, toDfuPackage, updateMcuOverWebUsb, WebUsbDfuDevice, type UsbDeviceLike, type UsbLike,
} from './webusb-dfu.js';

/**
 * A WebUSB `USBDevice` in SecuX bootloader mode whose wire is the emulator's own DFU implementation:
 * bytes written to endpoint 1 OUT go to the emulator, its answers are read from endpoint 1 IN.
 */
class FakeBootloaderUsb implements UsbDeviceLike {
  readonly vendorId = SECUX_BOOTLOADER_USB.vendorId;
  readonly productId = SECUX_BOOTLOADER_USB.productId;
  opened = false;
  configuration: { configurationValue: number; interfaces: Array<{ interfaceNumber: number; claimed: boolean }> } | null = null;
  present = true;
  written: Uint8Array[] = [];
  #link: EmulatorLink | null = null;
  #inbox: Uint8Array[] = [];
  #waiters: Array<(p: Uint8Array | null) => void> = [];

  constructor(readonly emulator: SecuxEmulator) {}

  async open() {
    this.#link = this.emulator.connect('usb', {
      onData: (p) => {
        const w = this.#waiters.shift();
        if (w) w(p);
        else this.#inbox.push(p);
      },
      onDisconnect: () => {
        // the device reboots: it leaves the bus
        this.#link = null;
        this.present = false;
        for (const w of this.#waiters.splice(0)) w(null);
      },
    });
    this.opened = true;
  }
  async close() {
    this.#link?.close();
    this.opened = false;
  }
  async reset() {}
  async selectConfiguration(value: number) {
    expect(value).toBe(1);
    this.configuration = { configurationValue: 1, interfaces: [{ interfaceNumber: 0, claimed: false }] };
  }
  async claimInterface(n: number) {
    const i = this.configuration?.interfaces.find((x) => x.interfaceNumber === n);
    if (!i) throw new Error('NotFoundError: no such interface');
    i.claimed = true;
  }
  async releaseInterface(n: number) {
    const i = this.configuration?.interfaces.find((x) => x.interfaceNumber === n);
    if (i) i.claimed = false;
  }
  #check(endpoint: number) {
    expect(endpoint).toBe(1);
    if (!this.configuration?.interfaces[0]?.claimed) throw new Error('InvalidStateError: interface not claimed');
  }
  async transferOut(endpoint: number, data: BufferSource) {
    this.#check(endpoint);
    const bytes = new Uint8Array(ArrayBuffer.isView(data) ? data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) : data);
    expect(bytes.length).toBeLessThanOrEqual(64);
    if (!this.#link) return { status: 'stall', bytesWritten: 0 };
    this.written.push(bytes);
    this.#link.write(bytes);
    return { status: 'ok', bytesWritten: bytes.length };
  }
  async transferIn(endpoint: number, length: number) {
    this.#check(endpoint);
    expect(length).toBe(64);
    const p = this.#inbox.shift() ?? (this.#link ? await new Promise<Uint8Array | null>((r) => this.#waiters.push(r)) : null);
    if (!p) return { status: 'stall' };
    return { status: 'ok', data: new DataView(p.buffer, p.byteOffset, p.byteLength) };
  }
}

const payload = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + 3) & 0xff);

async function waitFor(cond: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timeout');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('MCU update over WebUSB without the SDK worker (SecuxUpdate.UpdateMCUWithDevice)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('wraps a SECUXFW1 image into a DFU package and passes a zip through', () => {
    const image = buildFirmwareImage('mcu', '2.31', payload(100));
    const zip = toDfuPackage(image);
    expect([...zip.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(toDfuPackage(zip)).toBe(zip);
    expect(() => toDfuPackage(new Uint8Array(80))).toThrow(/neither/);
  });

  it('refuses a device that is not the SecuX bootloader', () => {
    const fake = { ...new FakeBootloaderUsb(new SecuxEmulator()), productId: 0x4297 } as unknown as UsbDeviceLike;
    expect(() => new WebUsbDfuDevice(fake)).toThrow(/bootloader/);
  });

  it('updates the emulator MCU through a fake USBDevice (two 4 KiB objects, 60-byte chunks, 0x08 framing)', async () => {
    vi.stubGlobal('window', {});
    const emulator = new SecuxEmulator({ startInBootloader: true, mcuVersion: '2.20.0' });
    const usb = new FakeBootloaderUsb(emulator);
    const image = buildFirmwareImage('mcu', '2.31', payload(5000));
    const progress: number[] = [];
    await updateMcuOverWebUsb(usb, image, (p) => progress.push(p), { packetDelayMs: 0 });
    expect(progress.at(-1)).toBe(100);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
    // data packets: opcode 0x08 + at most 60 bytes; control requests unpadded
    const data = usb.written.filter((p) => p[0] === 0x08);
    expect(data.every((p) => p.length <= 61)).toBe(true);
    expect(data.reduce((n, p) => n + p.length - 1, 0)).toBe(4 + image.length);
    expect(usb.written.filter((p) => p[0] === 0x01 && p[1] === 0x02)).toHaveLength(2);
    await waitFor(() => !emulator.state.mcuBootloader);
    expect(emulator.state.mcuVersion).toBe('2.31');
  });

  it('a corrupted image is refused by the bootloader and the update fails', async () => {
    vi.stubGlobal('window', {});
    const emulator = new SecuxEmulator({ startInBootloader: true, mcuVersion: '2.20.0' });
    const usb = new FakeBootloaderUsb(emulator);
    const image = buildFirmwareImage('mcu', '2.31', payload(300));
    image[100] = (image[100] ?? 0) ^ 0xff;
    await expect(updateMcuOverWebUsb(usb, image, undefined, { packetDelayMs: 0 })).rejects.toThrow(/operation fail/);
    expect(emulator.state.mcuBootloader).toBe(true);
    expect(emulator.state.mcuVersion).toBe('2.20.0');
  });

  it('connectUsb in bootloader mode: device.updateMcu runs over the same USBDevice, then the device leaves', async () => {
    const emulator = new SecuxEmulator({ startInBootloader: true, mcuVersion: '2.20.0' });
    const fake = new FakeBootloaderUsb(emulator);
    const usb: UsbLike = {
      getDevices: async () => (fake.present ? [fake] : []),
      requestDevice: async (o) => {
        expect(o.filters).toContainEqual({ vendorId: 6421, productId: 17046 });
        return fake;
      },
    };
    vi.stubGlobal('navigator', { usb });
    vi.stubGlobal('window', {});
    const device = await connectUsb();
    expect((await device.getVersion()).bootloader).toBe(true);
    const gone = new Promise<string>((resolve) => device.on('disconnect', (e) => resolve(e.reason)));
    const progress: number[] = [];
    await device.updateMcu(buildFirmwareImage('mcu', '2.32', payload(1200)), (p) => progress.push(p));
    expect(progress.at(-1)).toBe(100);
    await waitFor(() => !emulator.state.mcuBootloader);
    expect(emulator.state.mcuVersion).toBe('2.32');
    expect(await gone).toMatch(/removed/);
  });
});
