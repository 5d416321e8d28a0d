/**
 * The web side of the manifest (chains/families.json): a Vite plugin serving `virtual:families`, the list of every
 * family with a "web" entry point. Each family's early rules (`@secux-companion/chain-<dir>/web/entry`, read before
 * its module loads) are imported as they are; its module (`@secux-companion/chain-<dir>/web`) is a lazy import, its
 * own chunk. So a new family is its folder plus its manifest line: no shared module names a family.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const MANIFEST = new URL('../../chains/families.json', import.meta.url);
const ID = 'virtual:families';
const RESOLVED = '\0' + ID;

interface ManifestFamily {
  id: string;
  dir: string;
  entries: string[];
}

/** The module's source: `entries`, one per web family in the manifest's order. */
export function familiesModule(manifest: { families: ManifestFamily[] }): string {
  const web = manifest.families.filter((f) => f.entries.includes('web'));
  const imports = web.map(
    (f, i) => `import { entry as e${i} } from '@secux-companion/chain-${f.dir}/web/entry';`,
  );
  const items = web.map(
    (f, i) =>
      `  { ...e${i}, id: ${JSON.stringify(f.id)}, load: () => import('@secux-companion/chain-${f.dir}/web') },`,
  );
  return [...imports, 'export const entries = [', ...items, '];', ''].join('\n');
}

export function families(): Plugin {
  return {
    name: 'families',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      this.addWatchFile(MANIFEST.pathname);
      return familiesModule(JSON.parse(readFileSync(MANIFEST, 'utf8')) as { families: ManifestFamily[] });
    },
  };
}
