/** The EVM family's registry entry: its module, and the EVM entry of the coin menu (its MCU message, the chain list). */
import type { FamilyEntry } from '../types';

export const entry: FamilyEntry = {
  id: 'evm',
  load: () => import('./index'),
  coinRule: {
    unsupported: (coin, check) =>
      coin === 'EVM' ? { messageKey: 'errors.evmRequiresMcu', version: check.requiredMcu } : undefined,
    opens: (coin) => (coin === 'EVM' ? 'evm' : undefined),
  },
};
