/** The EVM family's registry entry, the rules read before its module loads: the EVM entry of the coin menu (its MCU message, the chain list), and its chains area (the chain list, an added chain's account page). */
import type { FamilyRules } from '@secux-companion/web-kit/family/types';

export const entry: FamilyRules = {
  coinRule: {
    unsupported: (coin, check) =>
      coin === 'EVM' ? { messageKey: 'errors.evmRequiresMcu', version: check.requiredMcu } : undefined,
    opens: (coin) => (coin === 'EVM' ? 'evm' : undefined),
  },
  pages: [
    { path: 'evm-chains', load: () => import('./chainsArea/EvmChainsPage') },
    { path: 'evm-chains/account', load: () => import('./chainsArea/EvmAccountPage') },
  ],
};
