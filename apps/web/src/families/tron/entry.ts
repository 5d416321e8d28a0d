/**
 * The TRON family's registry entry: its module, and its firmware rule — TRX on an SE below its minimum cannot run
 * on the device at all (the unsupported-device modal: contact support).
 */
import type { FamilyEntry } from '../types';

export const entry: FamilyEntry = {
  id: 'trx',
  load: () => import('./index'),
  coinRule: { unsupported: (_coin, check) => (check.seOk ? undefined : { kind: 'unsupportedDevice' }) },
};
