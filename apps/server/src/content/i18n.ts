import { LANGS, type Lang, type Translated } from '../db/schema.js';

export function isLang(v: unknown): v is Lang {
  return typeof v === 'string' && (LANGS as readonly string[]).includes(v);
}

/** Parses a stored JSON translation map; a plain string counts as English. */
export function parseTranslated<T>(json: string): Translated<T> {
  try {
    const v: unknown = JSON.parse(json);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Translated<T>;
    return { en: v as T };
  } catch {
    return { en: json as unknown as T };
  }
}

/** The value for `lang`, falling back to English, then to any language present. */
export function pick<T>(t: Translated<T>, lang: Lang, fallback: T): T {
  return t[lang] ?? t.en ?? Object.values(t).find((x) => x !== undefined) ?? fallback;
}
