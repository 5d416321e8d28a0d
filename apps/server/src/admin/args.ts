/** The admin tool's usage text and how its arguments are read and checked. */
import { LANGS, type Translated } from '../db/schema.js';
import type { FirmwareKind } from '../firmware/image.js';

export const USAGE = `Usage: npx tsx apps/server/src/admin.ts <command> [options]

Firmware
  publish --kind mcu|se --version 2.31 --file ./image.bin [--force] [--model V20] [--file-name name.bin]
          [--date YYYY-MM-DD] [--features-en TEXT]... [--features-zh-TW TEXT]... [--features-pt TEXT]...
          (repeat --features-<lang> for several MCU features; SE takes one text)
  list [--kind mcu|se]
  unpublish --id N
  sample-image --kind mcu|se --version 2.31 --out ./file.bin     (writes a SECUXFW1 sample image)
  verify-image --file ./file.bin                                  (checks a SECUXFW1 image)

Content (translated fields take --<field>-en, --<field>-zh-TW, --<field>-pt)
  news list | news add --date YYYY-MM-DD --title-en .. --content-en .. [--link https://..] | news delete --id N
  banner show | banner set [--enable|--disable] [--web-uri URL] [--image-web URL] [--image-android URL] [--alt-en ..]
  faq list | faq add [--position N] --question-en .. --answer-en .. | faq delete --id N
  log list [--kind mcu|se] | log add --kind mcu|se --version V [--date D] --features-en .. | log delete --kind K --version V

Remote config
  config get | config set <key> <json value> | config unset <key>
  keys: maxFeeLimit, higherFeeLimit, feeLimitCurrency, shownNewsCount, extraRpcs, environments (others allowed)
`;

const BOOLEAN_FLAGS = new Set(['force', 'enable', 'disable']);

export interface ParsedArgs {
  positionals: string[];
  flags: Map<string, string[]>;
}

/** A wrong use of the tool: reported with the usage text (exit code 2). */
export class UsageError extends Error {}

export function parseArgs(argv: string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) {
      let name = a.slice(2);
      let value: string | undefined;
      const eq = name.indexOf('=');
      if (eq >= 0) {
        value = name.slice(eq + 1);
        name = name.slice(0, eq);
      } else if (BOOLEAN_FLAGS.has(name)) value = 'true';
      else {
        value = argv[++i];
        if (value === undefined) throw new UsageError(`--${name} needs a value`);
      }
      flags.set(name, [...(flags.get(name) ?? []), value]);
    } else positionals.push(a);
  }
  return { positionals, flags };
}

export function one(args: ParsedArgs, name: string, required: true): string;
export function one(args: ParsedArgs, name: string, required?: false): string | undefined;
export function one(args: ParsedArgs, name: string, required = false): string | undefined {
  const v = args.flags.get(name);
  if (!v?.length) {
    if (required) throw new UsageError(`--${name} is required`);
    return undefined;
  }
  if (v.length > 1) throw new UsageError(`--${name} given more than once`);
  return v[0];
}

/** `news add --link`: an https page of at most 2048 characters (the app opens it in a new window), or none. */
export function newsLink(v: string | undefined): string | null {
  if (v === undefined || v.trim() === '') return null;
  const link = v.trim();
  let ok = false;
  try {
    const u = new URL(link);
    ok = u.protocol === 'https:' && !u.username && !u.password;
  } catch {
    ok = false;
  }
  if (!ok || link.length > 2048 || /\s/.test(link)) throw new UsageError('--link must be an https URL');
  return link;
}

export function translated(args: ParsedArgs, field: string, required: boolean): Translated<string> {
  const out: Translated<string> = {};
  for (const l of LANGS) {
    const v = one(args, `${field}-${l}`);
    if (v !== undefined) out[l] = v;
  }
  if (required && !out.en) throw new UsageError(`--${field}-en is required`);
  return out;
}

export function translatedList(args: ParsedArgs, field: string): Translated<string[]> {
  const out: Translated<string[]> = {};
  for (const l of LANGS) {
    const v = args.flags.get(`${field}-${l}`);
    if (v?.length) out[l] = v;
  }
  return out;
}

export const kindOf = (v: string | undefined): FirmwareKind => {
  if (v !== 'mcu' && v !== 'se') throw new UsageError("--kind must be 'mcu' or 'se'");
  return v;
};
export const intOf = (v: string, name: string): number => {
  if (!/^\d+$/.test(v)) throw new UsageError(`--${name} must be a whole number`);
  return Number(v);
};
export const dateOf = (v: string | undefined): string | undefined => {
  if (v !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(v)) throw new UsageError('--date must be YYYY-MM-DD');
  return v;
};
