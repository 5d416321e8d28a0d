/** The emulator's public types and constants, and what its parts share: the resolved configuration and the status error. */
import type { AccountStorage } from '../storage.js';

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

export type Tap = (dir: 'in' | 'out', packet: Uint8Array) => void;

/** The configuration with every default filled in. */
export type ResolvedConfig = Required<Omit<EmulatorConfig, 'storage' | 'autoApprove' | 'otp' | 'passphrase'>> & { passphrase: string };

/** A command refused with this status word. */
export class StatusError extends Error {
  constructor(readonly status: number) {
    super(`status 0x${status.toString(16)}`);
  }
}
