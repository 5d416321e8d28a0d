/**
 * The family registry as the shared screens reach it. The root provides it (main.tsx; the tests' set-up), so no
 * shared module imports a family: the arrows run from the families down to the shared screens, never back up.
 */
import type { ChainSymbol } from '@secux-companion/core';
import type { AnyFamily, CoinRule, FamilyDirectory, FamilyPage, NameResolver } from '../family/types';

let provided: FamilyDirectory | undefined;

/** Called once by the root, before the first render. */
export function provideFamilies(directory: FamilyDirectory): void {
  provided = directory;
}

function directory(): FamilyDirectory {
  if (!provided) throw new Error('no family registry: the root provides it (provideFamilies)');
  return provided;
}

/** The coin has a family on the web (its account screens exist). */
export function hasFamily(coin: ChainSymbol | null | undefined): boolean {
  return directory().has(coin);
}

/** The coin's family module; rejects for a coin without one. */
export async function loadFamily(coin: ChainSymbol): Promise<AnyFamily> {
  return directory().load(coin);
}

/** What selecting the coin leads to where its family decides (spec 01 §4). */
export function coinRule(coin: ChainSymbol): CoinRule | undefined {
  return directory().coinRule(coin);
}

/** The recipient names the families resolve (FIO's crypto handles). */
export function nameResolvers(): readonly NameResolver[] {
  return directory().nameResolvers;
}

/** The pages the families add to the wallet (routes below /wallet). */
export function familyPages(): readonly FamilyPage[] {
  return directory().pages;
}
