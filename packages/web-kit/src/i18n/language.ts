export const SUPPORTED_LANGUAGES = ['en', 'zh-TW', 'pt'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'user-language';

/** Maps one BCP-47 tag to a supported interface language, or null. */
export function matchLanguage(tag: string): Language | null {
  const lower = tag.trim().toLowerCase();
  if (!lower) return null;
  const primary = lower.split('-')[0];
  if (primary === 'en') return 'en';
  if (primary === 'pt') return 'pt';
  // The product ships one Chinese: Traditional. Every zh variant gets it.
  if (primary === 'zh') return 'zh-TW';
  return null;
}

/**
 * The language shown while not connected: a choice the user made in the dropdown,
 * else the first supported browser language, else English.
 */
export function chooseLanguage(browserLanguages: readonly string[], stored?: string | null): Language {
  if (stored && (SUPPORTED_LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  for (const tag of browserLanguages) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
