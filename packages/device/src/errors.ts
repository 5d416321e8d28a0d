/** Typed device errors. Messages keep the SDK wording, e.g. "[SecuX device] USER_CANCEL (0x9001)". */
import type { CatalogueMessageKey } from '@secux-companion/core';

export interface DeviceErrorOptions {
  cause?: unknown;
  /** The catalogue message the app shows for this failure (core's deviceErrorMessageKey reads it). */
  messageKey?: CatalogueMessageKey;
}

export class DeviceError extends Error {
  /** The catalogue message to show, when the failure has one of its own (spec 01 §8 messages). */
  readonly messageKey?: CatalogueMessageKey;
  constructor(message: string, options?: DeviceErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    if (options?.messageKey) this.messageKey = options.messageKey;
  }
}

/** The user rejected on the device (status 0x9001). */
export class UserCancelError extends DeviceError {
  readonly statusCode = 0x9001;
  constructor(message = '[SecuX device] USER_CANCEL (0x9001)', options?: DeviceErrorOptions) {
    super(message, options);
  }
}

/** The device refused the data (status 0x5001 DATA_ERROR, or another non-success status word). */
export class DataError extends DeviceError {
  constructor(
    message: string,
    readonly statusCode?: number,
    options?: DeviceErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Transport failure: timeout, malformed response, write failure. The device stopped answering: the user is
 * told to log out with the power button and reconnect ('unexpectedPowerOff').
 */
export class TransferError extends DeviceError {
  constructor(message: string, options?: DeviceErrorOptions) {
    super(message, { messageKey: 'unexpectedPowerOff', ...options });
  }
}

/** The device is not connected (or disconnected during the action). */
export class DisconnectedError extends DeviceError {
  constructor(message = 'device disconnected', options?: DeviceErrorOptions) {
    super(message, options);
  }
}

/** Bluetooth pairing: the device refused the one-time password and disconnected ('wrongOtp'). */
export class WrongOtpError extends DisconnectedError {
  constructor(message = 'wrong OTP', options?: DeviceErrorOptions) {
    super(message, { messageKey: 'wrongOtp', ...options });
  }
}

export interface FirmwareRequirement {
  mcu?: string;
  se?: string;
}

/** The firmware is older than a feature needs ('firmwareUpdateRequired'). `required` holds the minimum versions. */
export class FirmwareTooOldError extends DeviceError {
  constructor(
    readonly required: FirmwareRequirement,
    readonly current: { mcu: string; se: string },
    message?: string,
  ) {
    super(
      message ??
        `This feature requires at least ${[required.mcu && `MCU ${required.mcu}`, required.se && `SE ${required.se}`]
          .filter(Boolean)
          .join(' and ')} firmware version, please update first.`,
      { messageKey: 'firmwareUpdateRequired' },
    );
  }
}

const STATUS_NAMES: Record<number, string> = {
  0x9000: 'SUCCESS',
  0x9001: 'USER_CANCEL',
  0x5001: 'DATA_ERROR',
  0x5002: 'CLA_ERROR',
  0x5003: 'INS_ERROR',
};

/** Convert anything the SDK throws (Error, TransportStatusError, rejected strings) into a typed error. */
export function toDeviceError(e: unknown, current?: { mcu: string; se: string }): DeviceError {
  if (e instanceof DeviceError) return e;
  const err = e as { statusCode?: unknown; message?: unknown; name?: unknown; restrict?: unknown } | undefined;
  const message = typeof e === 'string' ? e : typeof err?.message === 'string' ? err.message : String(e);
  const status = typeof err?.statusCode === 'number' ? err.statusCode : undefined;
  if (status === 0x9001 || /USER_CANCEL/.test(message)) return new UserCancelError(message || undefined, { cause: e });
  if (status !== undefined) {
    return new DataError(message || `[SecuX device] ${STATUS_NAMES[status] ?? 'UNKNOWN_ERROR'} (0x${status.toString(16)})`, status, { cause: e });
  }
  if (/DATA_ERROR/.test(message)) return new DataError(message, 0x5001, { cause: e });
  if (err?.name === 'FirmwareError' || /firmware/i.test(message) && /version/i.test(message)) {
    const m = /(mcu|se)\D*?(\d+(?:\.\d+)+)/i.exec(message);
    const req: FirmwareRequirement = {};
    if (m?.[1]?.toLowerCase() === 'se') req.se = m[2];
    else if (m) req.mcu = m[2];
    return new FirmwareTooOldError(req, current ?? { mcu: '', se: '' }, message);
  }
  if (/disconnect|not connected|closed/i.test(message)) return new DisconnectedError(message, { cause: e });
  if (/TransferError|timeout|transfer status|Failed to (read|write)/i.test(message)) return new TransferError(message, { cause: e });
  return new DeviceError(message, { cause: e });
}
