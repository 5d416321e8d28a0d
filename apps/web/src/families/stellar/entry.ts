/**
 * The Stellar family's registry entry: its module, and its firmware rule — XLM on an SE below its minimum cannot run
 * on the device at all (the unsupported-device modal: contact support).
 */
import type { FamilyEntry } from '../types';

export const entry: FamilyEntry = {
  id: 'xlm',
  load: () => import('./index'),
  coinRule: { unsupported: (_coin, check) => (check.seOk ? undefined : { kind: 'unsupportedDevice' }) },
};
