import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { errorMessages } from '@secux-companion/core';
import { chooseLanguage, DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, type Language } from './language';

type Tree = { [key: string]: string | Tree };

/**
 * Screen texts live in one file per area and language (locales/{lng}/{area}.json, keys `area.*`),
 * so each feature owns its file; the core error catalogue joins them under `errors.*`.
 */
const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });

function load(lng: Language): Tree {
  const tree: Tree = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match && match[1] === lng) tree[match[2]!] = content;
  }
  tree.errors = errorMessages[lng];
  return tree;
}

export const resources: Record<Language, Tree> = {
  en: load('en'),
  'zh-TW': load('zh-TW'),
  pt: load('pt'),
};

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function initI18n(languages: readonly string[] = navigator.languages ?? [navigator.language]) {
  const lng = chooseLanguage(languages, storedLanguage());
  void i18next.use(initReactI18next).init({
    resources: Object.fromEntries(Object.entries(resources).map(([k, v]) => [k, { translation: v }])),
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lng;
  return i18next;
}

export function setLanguage(lng: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts this page only.
  }
  document.documentElement.lang = lng;
  return i18next.changeLanguage(lng);
}

export { i18next };
