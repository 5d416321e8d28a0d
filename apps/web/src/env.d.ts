/// <reference types="vite/client" />
declare const __EMULATOR_ENABLED__: boolean;
/** Every family with a web entry point in chains/families.json (served by apps/web/families.ts). */
declare module 'virtual:families' {
  import type { FamilyEntry } from '@secux-companion/web-kit/family/types';
  export const entries: readonly FamilyEntry[];
  /** Each family's text files, lazily: keyed `<dir>/locales/<language>/<area>.json`. */
  export const texts: Record<string, () => Promise<import('@secux-companion/web-kit/i18n').Tree>>;
}
