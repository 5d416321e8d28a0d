/**
 * The chain families this server serves, in `GET /api/chains` order: every family of the manifest
 * (chains/families.json) with a server entry. A new family is its folder and one line in the manifest.
 */
import type { Family } from '@secux-companion/server-kit/facade';
import manifest from '../../../../chains/families.json' with { type: 'json' };

/** One line of the manifest. */
export interface ManifestFamily {
  id: string;
  dir: string;
  entries: string[];
}

/** A family's entry point by its folder: `@secux-companion/chain-<dir>/<entry>` (tests bring a toy family). */
export type EntryImport = (dir: string, entry: string) => Promise<unknown>;
const importEntry: EntryImport = (dir, entry) => import(`@secux-companion/chain-${dir}/${entry}`);

/** The server sides of the manifest's families (each `./server` entry exports `family`). */
export async function loadFamilies(
  families: readonly ManifestFamily[] = manifest.families,
  load: EntryImport = importEntry,
): Promise<Family[]> {
  const mods = await Promise.all(
    families
      .filter((f) => f.entries.includes('server'))
      .map((f) => load(f.dir, 'server') as Promise<{ family: Family }>),
  );
  return mods.map((m) => m.family);
}

export const FAMILIES: readonly Family[] = await loadFamilies();
