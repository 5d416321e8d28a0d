/**
 * The FIO chains as the web app keeps them: chain-fio's adapter over the product API (FIO or TFIO), the display unit
 * (core's table), and whether the server serves it from the local simulator (no public explorer then).
 */
import { CHAINS } from '@secux-companion/core';
import {
  createFioProductApiChain,
  createFioProductApiReader,
  isValidHandle,
  type FioAdapter,
  type FioBackend,
} from '@secux-companion/chain-fio';
import type { FamilyChain } from '@secux-companion/web-kit/family/types';

export type FioCoin = 'FIO' | 'TFIO';

export interface FioChain extends FamilyChain {
  coin: FioCoin;
  adapter: FioAdapter;
  /** The name-service reads (names, availability, mapped addresses, fees). */
  reader: FioBackend;
}

const cached = new Map<FioCoin, Promise<FioChain>>();

/**
 * What the server says of the chain (GET /api/chains/:chain): whether it runs on the local simulator (no public
 * explorer then) and the technology provider id every action carries (issue 31 item 4; a value that is not a handle
 * is dropped: no TPID rather than an action the chain refuses).
 */
export async function servedFio(coin: FioCoin): Promise<{ local: boolean; tpid: string }> {
  const res = await fetch(`/api/chains/${coin}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api/chains/${coin} answered ${res.status}`);
  const body = (await res.json()) as { source?: unknown; tpid?: unknown };
  const tpid = typeof body.tpid === 'string' && isValidHandle(body.tpid) ? body.tpid : '';
  return { local: body.source === 'local', tpid };
}

export function getFioChain(coin: FioCoin): Promise<FioChain> {
  let pending = cached.get(coin);
  if (!pending) {
    pending = servedFio(coin).then(({ local, tpid }) => ({
      coin,
      adapter: createFioProductApiChain({ chain: coin, tpid }),
      reader: createFioProductApiReader({ chain: coin }),
      unit: { symbol: coin, decimals: CHAINS[coin].decimals, digits: CHAINS[coin].displayDigits },
      local,
    }));
    cached.set(coin, pending);
    pending.catch(() => cached.delete(coin));
  }
  return pending;
}
