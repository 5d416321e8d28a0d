import type { DeviceModel, EmulatorConfig } from './emulator.js';

const MODELS: DeviceModel[] = ['W10', 'W20', 'V20', 'T20', 'C20'];

/**
 * Emulator configuration from environment variables:
 * WALLET_EMULATOR_MNEMONIC, WALLET_EMULATOR_MCU, WALLET_EMULATOR_SE, WALLET_EMULATOR_DEVICE_TYPE,
 * WALLET_EMULATOR_WALLET_STATUS, WALLET_EMULATOR_BOOTLOADER (1/true/yes).
 * Pass `import.meta.env` (Vite, with a VITE_ prefix accepted too) or `process.env`.
 */
export function configFromEnv(env: Record<string, string | undefined> = readProcessEnv()): EmulatorConfig {
  const get = (k: string) => {
    const v = env[`WALLET_EMULATOR_${k}`] ?? env[`VITE_WALLET_EMULATOR_${k}`];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const cfg: EmulatorConfig = {};
  const mnemonic = get('MNEMONIC');
  if (mnemonic) cfg.mnemonic = mnemonic;
  const mcu = get('MCU');
  if (mcu) cfg.mcuVersion = mcu;
  const se = get('SE');
  if (se) cfg.seVersion = se;
  const type = get('DEVICE_TYPE')?.toUpperCase();
  if (type) {
    if (!MODELS.includes(type as DeviceModel)) throw new Error(`WALLET_EMULATOR_DEVICE_TYPE must be one of ${MODELS.join(', ')}`);
    cfg.deviceType = type as DeviceModel;
  }
  const status = get('WALLET_STATUS');
  if (status) {
    const n = Number(status);
    if (!Number.isInteger(n) || n < 0 || n > 255) throw new Error('WALLET_EMULATOR_WALLET_STATUS must be 0..255');
    cfg.walletStatus = n;
  }
  const boot = get('BOOTLOADER');
  if (boot) cfg.startInBootloader = /^(1|true|yes|on)$/i.test(boot);
  return cfg;
}

function readProcessEnv(): Record<string, string | undefined> {
  const g = globalThis as { process?: { env?: Record<string, string | undefined> } };
  return g.process?.env ?? {};
}
