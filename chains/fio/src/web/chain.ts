/**
 * The FIO chains as the web app keeps them: chain-fio's adapter over the product API (FIO or TFIO), the display unit
 * (core's table), and whether the server serves it from the local simulator (no public explorer then).
 */
import { CHAINS } from '@secux-companion/core';
import {
  createFioProductApiChain,
  createFioProductApiReader,
  type FioAdapter,
  type FioBackend,
} from '@secux-companion/chain-fio';
import type { FamilyChain } from '@secux-companion/web-kit/family/types';
import { servedLocally } from '@secux-companion/web-kit/family/served';

export type FioCoin = 'FIO' | 'TFIO';

export interface FioChain extends FamilyChain {
  coin: FioCoin;
  adapter: FioAdapter;
  /** The name-service reads (names, availability, mapped addresses, fees). */
  reader: FioBackend;
}

const cached = new Map<FioCoin, Promise<FioChain>>();

export function getFioChain(coin: FioCoin): Promise<FioChain> {
  let pending = cached.get(coin);
  if (!pending) {
    pending = servedLocally(coin).then((local) => ({
      coin,
      adapter: createFioProductApiChain({ chain: coin }),
      reader: createFioProductApiReader({ chain: coin }),
      unit: { symbol: coin, decimals: CHAINS[coin].decimals, digits: CHAINS[coin].displayDigits },
      local,
    }));
    cached.set(coin, pending);
    pending.catch(() => cached.delete(coin));
  }
  return pending;
}
