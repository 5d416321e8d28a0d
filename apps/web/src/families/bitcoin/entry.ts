/** The bitcoin family's registry entry: its module, and BTC's own firmware messages (native SegWit, Taproot). */
import type { FamilyEntry } from '../types';

export const entry: FamilyEntry = {
  id: 'utxo',
  load: () => import('./index'),
  coinRule: {
    unsupported: (coin, check) => {
      if (coin !== 'BTC' && coin !== 'TBTC') return undefined;
      if (!check.mcuOk) return { messageKey: 'errors.nativeSegwitRequiresMcu' };
      if (!check.seOk) return { messageKey: 'errors.taprootRequiresSe', version: check.requiredSe };
      return undefined;
    },
  },
};
