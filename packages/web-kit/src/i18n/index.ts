import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  chooseLanguage,
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  SUPPORTED_LANGUAGES,
  type Language,
} from './language';
import { loadLanguage, type TextLoaders, type Tree } from './resources';

/**
 * Screen texts live in one file per area and language (locales/{lng}/{area}.json, keys `area.*`),
 * so each feature owns its file. Only the language on screen is loaded: the others arrive when
 * the user picks them, which keeps the landing page light.
 */
const ownLoaders = import.meta.glob<Tree>('./locales/*/*.json', { import: 'default' });
let loaders: TextLoaders = ownLoaders;

/**
 * The families' texts (each family's `src/web/locales/{lng}/{area}.json`), given by the root that knows the
 * families (main.tsx, the tests' set-up) before {@link initI18n}: this kit names no family.
 */
export function provideTexts(familyTexts: TextLoaders): void {
  loaders = { ...ownLoaders, ...familyTexts };
}

async function ensureLanguage(lng: Language): Promise<void> {
  if (i18next.hasResourceBundle(lng, 'translation')) return;
  i18next.addResourceBundle(lng, 'translation', await loadLanguage(lng, loaders));
}

/** Every language at once, this kit's and the provided families' texts (tests and tools). */
export async function allResources(): Promise<Record<Language, Tree>> {
  const all = await Promise.all(
    SUPPORTED_LANGUAGES.map(async (lng) => [lng, await loadLanguage(lng, loaders)]),
  );
  return Object.fromEntries(all) as Record<Language, Tree>;
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export async function initI18n(languages: readonly string[] = navigator.languages ?? [navigator.language]) {
  const lng = chooseLanguage(languages, storedLanguage());
  await i18next.use(initReactI18next).init({
    resources: { [lng]: { translation: await loadLanguage(lng, loaders) } },
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lng;
  return i18next;
}

export async function setLanguage(lng: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts this page only.
  }
  await ensureLanguage(lng);
  document.documentElement.lang = lng;
  return i18next.changeLanguage(lng);
}

export { i18next };
export type { TextLoaders, Tree };
