import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import zhTW from './locales/zh-TW.json';
import pt from './locales/pt.json';
import { errorMessages } from '@secux-companion/core';
import { chooseLanguage, DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, type Language } from './language';

/** Screen texts plus the core error catalogue under `errors.*`, per language. */
export const resources = {
  en: { ...en, errors: errorMessages.en },
  'zh-TW': { ...zhTW, errors: errorMessages['zh-TW'] },
  pt: { ...pt, errors: errorMessages.pt },
} as const;

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
