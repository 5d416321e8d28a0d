/**
 * The family registry: which family module serves a coin, loaded on demand (each family is its own lazy
 * chunk). Adding a family is one line here; a coin without an entry shows the generic 'not yet available'
 * message on its account list.
 */
import { CHAINS, type ChainFamily, type ChainSymbol } from '@secux-companion/core';
import type { AnyFamily, FamilyModule } from './types';

const MODULES: Partial<Record<ChainFamily, () => Promise<FamilyModule>>> = {
  utxo: () => import('./bitcoin'),
  evm: () => import('./evm'),
  bnb: () => import('./bnb'),
  xrp: () => import('./xrp'),
  fio: () => import('./fio'),
  trx: () => import('./tron'),
  xlm: () => import('./stellar'),
  sol: () => import('./solana'),
};

/** The family of a coin is core's chain table's `family`. */
function loaderOf(coin: ChainSymbol) {
  return MODULES[CHAINS[coin].family];
}

/** The coin has a family on the web (its account screens exist). */
export function hasFamily(coin: ChainSymbol | null | undefined): boolean {
  return !!coin && !!loaderOf(coin);
}

const loaded = new Map<ChainFamily, Promise<AnyFamily>>();

/** The coin's family module; rejects for a coin without one. */
export function loadFamily(coin: ChainSymbol): Promise<AnyFamily> {
  const key = CHAINS[coin].family;
  const load = MODULES[key];
  if (!load) return Promise.reject(new Error(`no family for ${coin}`));
  let hit = loaded.get(key);
  if (!hit) {
    hit = load().then((m) => m.family);
    loaded.set(key, hit);
    hit.catch(() => loaded.delete(key));
  }
  return hit;
}
