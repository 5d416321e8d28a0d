/**
 * The family registry: each family's entry (its module, loaded on demand as its own lazy chunk, and the rules read
 * before it loads), from the manifest chains/families.json through `virtual:families` (apps/web/families.ts). Adding
 * a family is its folder plus its manifest line; a coin without an entry shows the generic 'not yet available'
 * message on its account list. Only the roots import it: main.tsx (and the tests' set-up) provide it to the shared
 * screens through state/families.ts, so no shared module imports a family.
 */
import { CHAINS, type ChainFamily, type ChainSymbol } from '@secux-companion/core';
import type { AnyFamily, FamilyDirectory, FamilyEntry } from '@secux-companion/web-kit/family/types';
import { entries } from 'virtual:families';

/** ADA has no family package (no account screens): its one rule, the Cardano portal (spec 01 §4), is the shell's. */
const cardano: FamilyEntry = { id: 'ada', coinRule: { opens: () => 'cardano' } };

const ENTRIES: readonly FamilyEntry[] = [...entries, cardano];

const BY_ID = new Map<ChainFamily, FamilyEntry>(ENTRIES.map((e) => [e.id, e]));

/** The family of a coin is core's chain table's `family`. */
const entryOf = (coin: ChainSymbol) => BY_ID.get(CHAINS[coin].family);

/** The coin has a family on the web (its account screens exist). */
export function hasFamily(coin: ChainSymbol | null | undefined): boolean {
  return !!coin && !!entryOf(coin)?.load;
}

const loaded = new Map<ChainFamily, Promise<AnyFamily>>();

/** The coin's family module; rejects for a coin without one. */
export function loadFamily(coin: ChainSymbol): Promise<AnyFamily> {
  const key = CHAINS[coin].family;
  const load = BY_ID.get(key)?.load;
  if (!load) return Promise.reject(new Error(`no family for ${coin}`));
  let hit = loaded.get(key);
  if (!hit) {
    hit = load().then((m) => m.family);
    loaded.set(key, hit);
    hit.catch(() => loaded.delete(key));
  }
  return hit;
}

/** The registry as the root provides it to the shared screens. */
export const families: FamilyDirectory = {
  has: hasFamily,
  load: loadFamily,
  coinRule: (coin) => entryOf(coin)?.coinRule,
  nameResolvers: ENTRIES.flatMap((e) => (e.nameResolver ? [e.nameResolver] : [])),
  pages: ENTRIES.flatMap((e) => e.pages ?? []),
};
