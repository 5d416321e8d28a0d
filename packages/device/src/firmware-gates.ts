import {
  chainByCoinType,
  checkCoinFirmware,
  checkFeature,
  compareSeVersions,
  DEVICE_TYPE_C20,
  mcuAtLeast,
  seAtLeast,
  trimMcuVersion,
  type DeviceVersions,
  type FirmwareCheck,
} from '@secux-companion/core';
import { FirmwareTooOldError, type FirmwareRequirement } from './errors.js';
import type { DeviceVersion } from './types.js';

/** "2.30.1" -> "2.30" (core's rule). */
export const trimVersion = trimMcuVersion;

/** Compare dotted versions numerically on the first three components (core's SE comparison). */
export const compareVersions = compareSeVersions;

const BIP_NATIVE_SEGWIT = 84;
const BIP_TAPROOT = 86;
const COIN_BNB = 714;

function merge(...checks: FirmwareCheck[]): FirmwareRequirement {
  const r: FirmwareRequirement = {};
  for (const c of checks) {
    if (c.requiredMcu && (!r.mcu || compareSeVersions(c.requiredMcu, r.mcu) > 0)) r.mcu = c.requiredMcu;
    if (c.requiredSe && (!r.se || compareSeVersions(c.requiredSe, r.se) > 0)) r.se = c.requiredSe;
  }
  return r;
}

/**
 * The firmware a coin (and, for BTC, its address type) needs: spec 01 §5's per-coin minimums,
 * the native-segwit / Taproot feature gates and BNB's gate, all from core.
 */
export function coinRequirement(coinType: number, purpose = 44): FirmwareRequirement {
  const chain = chainByCoinType(coinType);
  if (!chain) return {};
  const none: DeviceVersions = { mcu: '0', se: '0' };
  const checks = [checkCoinFirmware(chain.symbol, none)];
  if (purpose === BIP_NATIVE_SEGWIT) checks.push(checkFeature('nativeSegwit', none));
  if (purpose === BIP_TAPROOT) checks.push(checkFeature('taproot', none));
  if (coinType === COIN_BNB) checks.push(checkFeature('bnb', none));
  return merge(...checks);
}

/** What signing needs: core's send gate (2.9) and the coin's own requirement. */
export function signRequirement(coinType: number, purpose = 44): FirmwareRequirement {
  const none: DeviceVersions = { mcu: '0', se: '0' };
  return merge(checkFeature('send', none), requirementChecks(coinRequirement(coinType, purpose)));
}

function requirementChecks(r: FirmwareRequirement): FirmwareCheck {
  return { mcuOk: !r.mcu, seOk: !r.se, requiredMcu: r.mcu, requiredSe: r.se };
}

/** Throws FirmwareTooOldError when the device is below a requirement; C20 is exempt from MCU requirements. */
export function checkRequirement(req: FirmwareRequirement, v: DeviceVersion): void {
  const mcuOld =
    !!req.mcu && v.model !== DEVICE_TYPE_C20 && !!v.mcuVersion && !mcuAtLeast(v.mcuVersion, req.mcu);
  const seOld = !!req.se && !!v.seVersion && !seAtLeast(v.seVersion, req.se);
  if (mcuOld || seOld) throw new FirmwareTooOldError(req, { mcu: v.mcuVersion, se: v.seVersion });
}
