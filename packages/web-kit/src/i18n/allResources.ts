import type { Language } from './language';
import { buildTree, type Tree } from './resources';

/** Every language at once (tests and tools); the app itself loads only the languages it shows. */
const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });

export const resources: Record<Language, Tree> = {
  en: buildTree('en', files),
  'zh-TW': buildTree('zh-TW', files),
  pt: buildTree('pt', files),
};
