import './sdk-env.js';

export { connectUsb, connectBle, connectEmulator, type OtpRequest, type EmulatorConnectOptions, type ConnectOptions } from './connect.js';
export { SecuxDevice, chainIdToNumber, type DeviceBackend } from './secux-device.js';
export { EmulatorTransport } from './emulator-transport.js';
export {
  DeviceError, UserCancelError, DataError, TransferError, DisconnectedError, WrongOtpError, FirmwareTooOldError,
  toDeviceError, type FirmwareRequirement, type DeviceErrorOptions,
} from './errors.js';
export { trimVersion, compareVersions, coinRequirement, checkRequirement, signRequirement } from './firmware-gates.js';
export { ActionLock } from './lock.js';
export {
  WebUsbDfuDevice, updateMcuOverWebUsb, toDfuPackage, SECUX_BOOTLOADER_USB, SECUX_MCU_USB, type UsbDeviceLike,
} from './webusb-dfu.js';
export type * from './types.js';
