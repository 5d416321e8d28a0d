import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { allResources } from './index';

/** Every web source: the shell, this kit and each family's web side (chains/<dir>/src/web). */
const repo = join(import.meta.dirname, '../../../..');
const webDirs = [
  join(repo, 'apps/web/src'),
  join(repo, 'packages/web-kit/src'),
  ...readdirSync(join(repo, 'chains'))
    .map((d) => join(repo, 'chains', d, 'src/web'))
    .filter((d) => existsSync(d)),
];
import { chooseLanguage, matchLanguage } from './language';

function flatten(obj: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(out, flatten(v, key));
    else out[key] = String(v);
  }
  return out;
}

/** The tests' set-up (apps/web/src/test/families.ts) provides the families' texts, as main.tsx does. */
const resources = await allResources();

describe('translations', () => {
  it("holds the families' texts too", () => {
    expect(Object.keys(resources.en)).toEqual(expect.arrayContaining(['tron', 'fio', 'evm']));
  });

  const flat = Object.fromEntries(Object.entries(resources).map(([lng, r]) => [lng, flatten(r)]));
  const allKeys = new Set(Object.values(flat).flatMap((r) => Object.keys(r)));

  it.each(Object.keys(resources))('%s has every key, none empty', (lng) => {
    const missing = [...allKeys].filter((k) => !flat[lng]![k]?.trim());
    expect(missing).toEqual([]);
  });

  it('interpolation variables match across languages', () => {
    const vars = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();
    for (const key of allKeys) {
      expect({ key, vars: vars(flat['zh-TW']![key]!) }).toEqual({ key, vars: vars(flat.en![key]!) });
      expect({ key, vars: vars(flat.pt![key]!) }).toEqual({ key, vars: vars(flat.en![key]!) });
    }
  });

  it('every t() key used in the source exists', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.tsx?$/.test(name) && !/\.test\./.test(name)) files.push(p);
      }
    };
    webDirs.forEach(walk);
    const used = new Set<string>();
    for (const f of files) {
      const src = readFileSync(f, 'utf8');
      for (const m of src.matchAll(
        /\b(?:t|i18nKey=|titleKey=|messageKey:?)\(?\s*['"]([a-zA-Z][\w-]*(?:\.[\w-]+)+)['"]/g,
      )) {
        used.add(m[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(5);
    const missing = [...used].filter((k) => !(k in flat.en!));
    expect(missing).toEqual([]);
  });

  it('components hold no hard-coded user-visible text', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (name.endsWith('.tsx') && !name.includes('.test.')) {
          const src = readFileSync(p, 'utf8');
          // JSX text: a run of letters between a closing '>' (not an arrow's '=>') and the next '<' or '{'.
          for (const m of src.matchAll(/(?<!=)>\s*([^<>{}\n]*[A-Za-z\u4e00-\u9fff][^<>{}\n]*)\s*</g)) {
            const text = m[1]!.trim();
            if (text && !/^[\s\W]*$/.test(text) && !/=>|&&|\|\||\(|\)/.test(text))
              offenders.push(`${name}: ${text}`);
          }
          for (const m of src.matchAll(
            /\b(?:aria-label|title|placeholder|alt|label)="([^"]*[A-Za-z][^"]*)"/g,
          )) {
            offenders.push(`${name}: ${m[1]}`);
          }
        }
      }
    };
    webDirs.forEach(walk);
    expect(offenders).toEqual([]);
  });
});

describe('language choice', () => {
  it('maps browser tags to supported languages', () => {
    expect(matchLanguage('pt-BR')).toBe('pt');
    expect(matchLanguage('pt-PT')).toBe('pt');
    expect(matchLanguage('zh-TW')).toBe('zh-TW');
    expect(matchLanguage('zh-Hant-HK')).toBe('zh-TW');
    expect(matchLanguage('en-GB')).toBe('en');
    expect(matchLanguage('fr-FR')).toBeNull();
  });

  it('follows the first supported browser language, else English', () => {
    expect(chooseLanguage(['fr-FR', 'pt-BR', 'en'])).toBe('pt');
    expect(chooseLanguage(['zh-TW'])).toBe('zh-TW');
    expect(chooseLanguage(['de', 'ja'])).toBe('en');
    expect(chooseLanguage([])).toBe('en');
  });

  it('a choice the user stored wins over the browser; an unknown stored value is ignored', () => {
    expect(chooseLanguage(['pt-BR'], 'zh-TW')).toBe('zh-TW');
    expect(chooseLanguage(['pt-BR'], 'xx')).toBe('pt');
  });
});
