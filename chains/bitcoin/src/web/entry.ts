/** The bitcoin family's registry entry, the rules read before its module loads: BTC's own firmware messages (native SegWit, Taproot). */
import type { FamilyRules } from '@secux-companion/web-kit/family/types';

export const entry: FamilyRules = {
  coinRule: {
    unsupported: (coin, check) => {
      if (coin !== 'BTC' && coin !== 'TBTC') return undefined;
      if (!check.mcuOk) return { messageKey: 'errors.nativeSegwitRequiresMcu' };
      if (!check.seOk) return { messageKey: 'errors.taprootRequiresSe', version: check.requiredSe };
      return undefined;
    },
  },
};
