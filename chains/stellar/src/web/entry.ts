/**
 * The Stellar family's registry entry, the rules read before its module loads: its firmware rule — XLM on an SE below its minimum cannot run
 * on the device at all (the unsupported-device modal: contact support).
 */
import type { FamilyRules } from '@secux-companion/web-kit/family/types';

export const entry: FamilyRules = {
  coinRule: { unsupported: (_coin, check) => (check.seOk ? undefined : { kind: 'unsupportedDevice' }) },
};
