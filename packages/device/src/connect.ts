import './sdk-env.js';
import { SecuxWebUSB } from '@secux/transport-webusb';
import { SecuxWebBLE } from '@secux/transport-webble';
import { SecuxUpdate } from '@secux/protocol-device/lib/protocol-update';
import type { SecuxEmulator } from '@secux-companion/emulator';
import { SecuxDevice, type DeviceBackend } from './secux-device.js';
import { EmulatorTransport } from './emulator-transport.js';
import { DeviceError, toDeviceError, WrongOtpError } from './errors.js';
import type { Device } from './types.js';
import {
  findBootloaderDevice, SECUX_BOOTLOADER_USB, SECUX_MCU_USB, toDfuPackage, updateMcuOverWebUsb, webUsb,
  type UsbDeviceLike,
} from './webusb-dfu.js';

export type OtpRequest = () => Promise<string>;

export interface ConnectOptions {
  /** SDK exchange timeout in ms (default 20000; signing and address display never time out) */
  timeout?: number;
}

function listeners() {
  const set = new Set<(reason: string) => void>();
  return {
    add(l: (reason: string) => void) {
      set.add(l);
      return () => set.delete(l);
    },
    fire(reason: string) {
      for (const l of [...set]) l(reason);
    },
  };
}

/**
 * Ask the browser for a SecuX USB device (WebUSB chooser, same filters as `SecuxWebUSB.Create`) and connect.
 * Works in bootloader mode too; there the MCU update runs over WebUSB without the SDK's worker (webusb-dfu.ts).
 */
export async function connectUsb(): Promise<SecuxDevice> {
  const dis = listeners();
  let transport: SecuxWebUSB;
  let usbDevice: UsbDeviceLike;
  try {
    usbDevice = await webUsb().requestDevice({ filters: [{ ...SECUX_MCU_USB }, { ...SECUX_BOOTLOADER_USB }] });
    transport = new SecuxWebUSB(
      usbDevice as never,
      () => undefined,
      () => dis.fire('usb device removed'),
    );
    await transport.Connect();
  } catch (e) {
    throw usbConnectionFailed(e);
  }
  const backend: DeviceBackend = {
    kind: 'usb',
    transport,
    bootloader: transport.isBootLoader(),
    close: () => transport.Disconnect(),
    onDisconnect: dis.add,
    updateMcuNative: async (image, onProgress) => {
      // the connected device when it is the bootloader, else the bootloader the user picks (SDK behaviour)
      const target = await findBootloaderDevice(usbDevice);
      await updateMcuOverWebUsb(target, image, onProgress);
    },
  };
  return new SecuxDevice(backend);
}

/**
 * Bluetooth (Web Bluetooth chooser). The device shows an OTP; `onOtpRequest` must resolve with
 * the code the user typed. A wrong OTP disconnects the device (WrongOtpError).
 */
export async function connectBle(onOtpRequest: OtpRequest): Promise<SecuxDevice> {
  const dis = listeners();
  let transport: SecuxWebBLE;
  try {
    transport = await SecuxWebBLE.Create(
      () => undefined,
      () => dis.fire('bluetooth disconnected'),
    );
    await transport.Connect();
  } catch (e) {
    throw toDeviceError(e);
  }
  const device = new SecuxDevice({
    kind: 'ble',
    transport,
    bootloader: false,
    close: () => transport.Disconnect(),
    onDisconnect: dis.add,
    sendOtp: async (otp) => {
      try {
        await transport.SendOTP(otp);
      } catch (e) {
        await transport.Disconnect().catch(() => undefined);
        dis.fire('wrong OTP');
        throw e;
      }
    },
    // the SDK's Nordic BLE DFU also takes a DFU zip
    updateMcuNative: (image, onProgress) => SecuxUpdate.UpdateMCU(toDfuPackage(image), false, (p: number) => onProgress?.(p)),
  });
  await pair(device, onOtpRequest);
  return device;
}

/** A USB connection that could not be opened: the app says 'USB connection failed.'. */
function usbConnectionFailed(e: unknown): DeviceError {
  const error = toDeviceError(e);
  return new DeviceError(error.message, { cause: error, messageKey: 'usbConnectionFailed' });
}

/** Sends the OTP the user typed; a refused one disconnects the device and is a WrongOtpError ('Wrong OTP.'). */
async function pair(device: SecuxDevice, onOtpRequest: OtpRequest): Promise<void> {
  const otp = await onOtpRequest();
  try {
    await device.sendOtp(otp);
  } catch (e) {
    await device.disconnect().catch(() => undefined);
    throw new WrongOtpError(`Bluetooth pairing failed: ${(e as Error).message}`, { cause: e });
  }
}

export interface EmulatorConnectOptions extends ConnectOptions {
  /** 'usb' (default) or 'ble' (OTP pairing) */
  via?: 'usb' | 'ble';
  /** required for 'ble': returns the OTP shown on the emulator screen */
  onOtpRequest?: OtpRequest;
}

/** Connect to a software SecuX device through the same SDK code path. */
export async function connectEmulator(emulator: SecuxEmulator, options: EmulatorConnectOptions = {}): Promise<SecuxDevice> {
  const via = options.via ?? 'usb';
  const transport = new EmulatorTransport(emulator, via, options.timeout);
  try {
    await transport.Connect();
  } catch (e) {
    throw via === 'usb' ? usbConnectionFailed(e) : toDeviceError(e);
  }
  const bootloader = transport.isBootloader;
  const backend: DeviceBackend = {
    kind: via === 'usb' ? 'emulator-usb' : 'emulator-ble',
    transport,
    bootloader,
    close: () => transport.Disconnect(),
    onDisconnect: (l) => transport.onDisconnect(l),
    dfu: {
      packetSize: 64,
      write: async (d) => transport.Write(Buffer.from(d)),
      read: () => transport.dfuRead(),
    },
  };
  if (via === 'ble') backend.sendOtp = async (otp) => void (await transport.SendOTP(otp));
  const device = new SecuxDevice(backend);
  if (via === 'ble') {
    if (!options.onOtpRequest) {
      await device.disconnect();
      throw new Error('connectEmulator: onOtpRequest is required for Bluetooth');
    }
    await pair(device, options.onOtpRequest);
  }
  return device;
}

export type { Device };
