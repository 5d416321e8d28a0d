import { errorMessages } from '@secux-companion/core';
import type { Language } from './language';

export type Tree = { [key: string]: string | Tree };
/** Lazy loaders of text files, keyed by a path ending `locales/<language>/<area>.json`. */
export type TextLoaders = Record<string, () => Promise<Tree>>;

/** `…/locales/<language>/<area>.json`: this kit's files and each family's (chains/<dir>/src/web/locales). */
const AREA_FILE = /\/locales\/([^/]+)\/([^/]+)\.json$/;

/** Builds one language's tree from its area files (`area.json` → keys `area.*`) and the core error catalogue. */
export function buildTree(lng: Language, files: Record<string, Tree>): Tree {
  const tree: Tree = {};
  for (const [path, content] of Object.entries(files)) {
    const match = AREA_FILE.exec(path);
    if (match && match[1] === lng) tree[match[2]!] = content;
  }
  tree.errors = errorMessages[lng];
  return tree;
}

/** The area files of one language, from a lazy glob. */
export async function loadLanguage(lng: Language, loaders: TextLoaders): Promise<Tree> {
  const entries = Object.entries(loaders).filter(([path]) => AREA_FILE.exec(path)?.[1] === lng);
  const files = Object.fromEntries(
    await Promise.all(entries.map(async ([path, load]) => [path, await load()] as const)),
  );
  return buildTree(lng, files);
}
