import { FirmwareTooOldError, type FirmwareRequirement } from './errors.js';
import type { DeviceVersion } from './types.js';

/** "2.30.1" -> "2.30" */
export function trimVersion(v: string): string {
  return v.split('.').slice(0, 2).join('.');
}

/** Compare dotted versions numerically on the first `parts` components. */
export function compareVersions(a: string, b: string, parts = 3): number {
  const pa = a.split('.').map((x) => parseInt(x, 10) || 0);
  const pb = b.split('.').map((x) => parseInt(x, 10) || 0);
  for (let i = 0; i < parts; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Per-coin minimum firmware (spec 01 §5). */
export function coinRequirement(coinType: number, purpose = 44): FirmwareRequirement {
  const r: FirmwareRequirement = {};
  switch (coinType) {
    case 0:
    case 1:
      r.mcu = purpose === 84 || purpose === 86 ? '2.19' : undefined;
      r.se = purpose === 84 || purpose === 86 ? '1.92' : undefined;
      break;
    case 20:
      r.mcu = '2.0';
      break;
    case 5:
    case 3:
      r.mcu = '2.2';
      break;
    case 195:
      r.mcu = '2.23';
      r.se = '1.77';
      break;
    case 60:
      r.mcu = '2.12';
      break;
    case 235:
      r.mcu = '2.22';
      r.se = '1.96';
      break;
    case 501:
      r.mcu = '2.23';
      r.se = '1.94';
      break;
    case 148:
      r.se = '1.83';
      break;
  }
  if (!r.mcu) delete r.mcu;
  if (!r.se) delete r.se;
  return r;
}

/** Throws FirmwareTooOldError; device type C20 is exempt from MCU requirements. */
export function checkRequirement(req: FirmwareRequirement, v: DeviceVersion): void {
  const mcuOld = !!req.mcu && v.model !== 'C20' && !!v.mcuVersion && compareVersions(v.mcuVersion, req.mcu, 2) < 0;
  const seOld = !!req.se && !!v.seVersion && compareVersions(v.seVersion, req.se, 2) < 0;
  if (mcuOld || seOld) throw new FirmwareTooOldError(req, { mcu: v.mcuVersion, se: v.seVersion });
}
