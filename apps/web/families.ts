/**
 * The web side of the manifest (chains/families.json): a Vite plugin serving `virtual:families`, the list of every
 * family with a "web" entry point. Each family's early rules (`@secux-companion/chain-<dir>/web/entry`, read before
 * its module loads) are imported as they are; its module (`@secux-companion/chain-<dir>/web`) is a lazy import, its
 * own chunk. So a new family is its folder plus its manifest line: no shared module names a family.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const MANIFEST = new URL('../../chains/families.json', import.meta.url);
const CHAINS = new URL('../../chains/', import.meta.url);
const ID = 'virtual:families';
const RESOLVED = '\0' + ID;

interface ManifestFamily {
  id: string;
  dir: string;
  entries: string[];
}

/** A family's text files (`src/web/locales/<language>/<area>.json`), as `<language>/<area>.json`. */
function textFiles(dir: string): string[] {
  const root = new URL(`${dir}/src/web/locales/`, CHAINS);
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((lng) =>
    readdirSync(new URL(`${lng}/`, root))
      .filter((f) => f.endsWith('.json'))
      .map((f) => `${lng}/${f}`),
  );
}

/**
 * The module's source: `entries`, one per web family in the manifest's order, and `texts`, a lazy loader per
 * family text file (keyed `<dir>/locales/<language>/<area>.json`) that i18n loads with the shared texts.
 */
export function familiesModule(
  manifest: { families: ManifestFamily[] },
  filesOf: (dir: string) => string[] = textFiles,
): string {
  const web = manifest.families.filter((f) => f.entries.includes('web'));
  const imports = web.map(
    (f, i) => `import { entry as e${i} } from '@secux-companion/chain-${f.dir}/web/entry';`,
  );
  const items = web.map(
    (f, i) =>
      `  { ...e${i}, id: ${JSON.stringify(f.id)}, load: () => import('@secux-companion/chain-${f.dir}/web') },`,
  );
  const texts = web.flatMap((f) =>
    filesOf(f.dir).map((file) => {
      const key = JSON.stringify(`${f.dir}/locales/${file}`);
      return `  ${key}: () => import('@secux-companion/chain-${f.dir}/locales/${file}').then((m) => m.default),`;
    }),
  );
  return [
    ...imports,
    'export const entries = [',
    ...items,
    '];',
    'export const texts = {',
    ...texts,
    '};',
    '',
  ].join('\n');
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
