/**
 * Admin command-line tool for firmware releases, content and remote config.
 * Uses the same environment variables as the server (DATA_DIR, DATABASE_URL, ...).
 *
 *   npx tsx apps/server/src/admin.ts help
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, type Config } from './config.js';
import {
  REMOTE_CONFIG_KEY_RE,
  readRemoteConfig,
  setRemoteConfig,
  unsetRemoteConfig,
} from './content/remote-config.js';
import { nowIso, openAndMigrate, type Db, type DbHandle } from './db/index.js';
import { LANGS, type Translated } from './db/schema.js';
import { buildSampleImage, parseImage, type FirmwareKind } from './firmware/image.js';
import { listReleases, publishRelease, removeRelease } from './firmware/store.js';

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

class UsageError extends Error {}

function one(args: ParsedArgs, name: string, required: true): string;
function one(args: ParsedArgs, name: string, required?: false): string | undefined;
function one(args: ParsedArgs, name: string, required = false): string | undefined {
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

function translated(args: ParsedArgs, field: string, required: boolean): Translated<string> {
  const out: Translated<string> = {};
  for (const l of LANGS) {
    const v = one(args, `${field}-${l}`);
    if (v !== undefined) out[l] = v;
  }
  if (required && !out.en) throw new UsageError(`--${field}-en is required`);
  return out;
}

function translatedList(args: ParsedArgs, field: string): Translated<string[]> {
  const out: Translated<string[]> = {};
  for (const l of LANGS) {
    const v = args.flags.get(`${field}-${l}`);
    if (v?.length) out[l] = v;
  }
  return out;
}

const kindOf = (v: string | undefined): FirmwareKind => {
  if (v !== 'mcu' && v !== 'se') throw new UsageError("--kind must be 'mcu' or 'se'");
  return v;
};
const intOf = (v: string, name: string): number => {
  if (!/^\d+$/.test(v)) throw new UsageError(`--${name} must be a whole number`);
  return Number(v);
};
const dateOf = (v: string | undefined): string | undefined => {
  if (v !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(v)) throw new UsageError('--date must be YYYY-MM-DD');
  return v;
};

type Out = (line: string) => void;

export async function runCommand(
  args: ParsedArgs,
  config: Config,
  dbh: DbHandle | undefined,
  out: Out,
): Promise<void> {
  const [cmd, sub, ...rest] = args.positionals;
  const db = () => {
    if (!dbh) throw new Error('no database');
    return dbh;
  };
  switch (cmd) {
    case 'publish': {
      const kind = kindOf(one(args, 'kind', true));
      const file = one(args, 'file', true);
      if (!fs.existsSync(file)) throw new UsageError(`file not found: ${file}`);
      const features = translatedList(args, 'features');
      if (!features.en) throw new UsageError('--features-en is required (at least one)');
      const rel = await publishRelease(db(), config.firmwareDir, {
        kind,
        version: one(args, 'version', true),
        model: one(args, 'model'),
        force: args.flags.has('force'),
        features,
        image: fs.readFileSync(file),
        fileName: one(args, 'file-name'),
        date: dateOf(one(args, 'date')),
      });
      out(
        `published ${rel.kind} ${rel.version} (model ${rel.model}) as ${rel.file_name}, ${rel.size} bytes, sha256 ${rel.sha256}${rel.force ? ', FORCE' : ''}`,
      );
      return;
    }
    case 'list': {
      const k = one(args, 'kind');
      const rows = await listReleases(db(), k ? kindOf(k) : undefined);
      if (!rows.length) out('no firmware releases');
      for (const r of rows)
        out(
          `#${r.id}\t${r.kind}\t${r.version}\tmodel=${r.model}\t${r.force ? 'force' : '-'}\t${r.file_name}\t${r.size}\t${r.sha256}\t${r.created_at}`,
        );
      return;
    }
    case 'unpublish': {
      const ok = await removeRelease(db(), config.firmwareDir, intOf(one(args, 'id', true), 'id'));
      out(ok ? 'removed' : 'no such release');
      return;
    }
    case 'sample-image': {
      const kind = kindOf(one(args, 'kind', true));
      const outFile = one(args, 'out', true);
      const buf = buildSampleImage(kind, one(args, 'version', true));
      fs.mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
      fs.writeFileSync(outFile, buf);
      out(`wrote ${outFile} (${buf.length} bytes)`);
      return;
    }
    case 'verify-image': {
      const img = parseImage(fs.readFileSync(one(args, 'file', true)));
      out(`valid SECUXFW1 image: ${img.kind} ${img.version}, payload ${img.payload.length} bytes`);
      return;
    }
    case 'news': {
      const d = db().db;
      if (sub === 'list') {
        const rows = await d.selectFrom('news').selectAll().orderBy('date', 'desc').execute();
        for (const r of rows) out(`#${r.id}\t${r.date}\t${r.title}${r.link ? `\t${r.link}` : ''}`);
        return;
      }
      if (sub === 'add') {
        const date = dateOf(one(args, 'date')) ?? nowIso().slice(0, 10);
        const r = await d
          .insertInto('news')
          .values({
            date,
            title: JSON.stringify(translated(args, 'title', true)),
            content: JSON.stringify(translated(args, 'content', true)),
            link: newsLink(one(args, 'link')),
            created_at: nowIso(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        out(`added news #${r.id}`);
        return;
      }
      if (sub === 'delete') {
        out(await deleteById(d, 'news', args));
        return;
      }
      break;
    }
    case 'banner': {
      const d = db().db;
      const current = await d
        .selectFrom('banner')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (sub === 'show') {
        out(current ? JSON.stringify(current, null, 2) : 'no banner');
        return;
      }
      if (sub === 'set') {
        const enable = args.flags.has('enable')
          ? 1
          : args.flags.has('disable')
            ? 0
            : (current?.enable_banner ?? 0);
        const alt = translated(args, 'alt', false);
        const values = {
          enable_banner: enable,
          web_uri: one(args, 'web-uri') ?? current?.web_uri ?? '',
          image_web: one(args, 'image-web') ?? current?.image_web ?? '',
          image_android: one(args, 'image-android') ?? current?.image_android ?? '',
          alt: Object.keys(alt).length ? JSON.stringify(alt) : (current?.alt ?? '{}'),
          updated_at: nowIso(),
        };
        if (current) await d.updateTable('banner').set(values).where('id', '=', current.id).execute();
        else await d.insertInto('banner').values(values).execute();
        out('banner updated');
        return;
      }
      break;
    }
    case 'faq': {
      const d = db().db;
      if (sub === 'list') {
        for (const r of await d.selectFrom('faq').selectAll().orderBy('position').execute())
          out(`#${r.id}\t${r.position}\t${r.question}`);
        return;
      }
      if (sub === 'add') {
        const position = one(args, 'position');
        const r = await d
          .insertInto('faq')
          .values({
            position: position ? intOf(position, 'position') : 100,
            question: JSON.stringify(translated(args, 'question', true)),
            answer: JSON.stringify(translated(args, 'answer', true)),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        out(`added faq #${r.id}`);
        return;
      }
      if (sub === 'delete') {
        out(await deleteById(d, 'faq', args));
        return;
      }
      break;
    }
    case 'log': {
      const d = db().db;
      if (sub === 'list') {
        const k = one(args, 'kind');
        let q = d.selectFrom('update_log').selectAll();
        if (k) q = q.where('kind', '=', kindOf(k));
        for (const r of await q.orderBy('kind').orderBy('date', 'desc').execute())
          out(`${r.kind}\t${r.version}\t${r.date}\t${r.features}`);
        return;
      }
      if (sub === 'add') {
        const kind = kindOf(one(args, 'kind', true));
        const version = one(args, 'version', true);
        const features = translatedList(args, 'features');
        if (!features.en) throw new UsageError('--features-en is required');
        const json = JSON.stringify(features);
        await d
          .insertInto('update_log')
          .values({ kind, version, date: dateOf(one(args, 'date')) ?? nowIso().slice(0, 10), features: json })
          .onConflict((oc) => oc.columns(['kind', 'version']).doUpdateSet({ features: json }))
          .execute();
        out(`update log ${kind} ${version} saved`);
        return;
      }
      if (sub === 'delete') {
        const r = await d
          .deleteFrom('update_log')
          .where('kind', '=', kindOf(one(args, 'kind', true)))
          .where('version', '=', one(args, 'version', true))
          .executeTakeFirst();
        out(Number(r.numDeletedRows) ? 'deleted' : 'no such log entry');
        return;
      }
      break;
    }
    case 'config': {
      if (sub === 'get') {
        out(JSON.stringify(await readRemoteConfig(db()), null, 2));
        return;
      }
      const key = rest[0];
      if (sub === 'set' || sub === 'unset') {
        if (!key || !REMOTE_CONFIG_KEY_RE.test(key)) throw new UsageError('a config key is required');
        if (sub === 'unset') {
          out((await unsetRemoteConfig(db(), key)) ? `${key} reset to default` : `${key} was not set`);
          return;
        }
        const raw = rest[1];
        if (raw === undefined)
          throw new UsageError('config set needs a JSON value, e.g. config set maxFeeLimit 500');
        let value: unknown;
        try {
          value = JSON.parse(raw);
        } catch {
          throw new UsageError(`not valid JSON: ${raw} (quote strings: '"USD"')`);
        }
        await setRemoteConfig(db(), key, value);
        out(`${key} = ${JSON.stringify(value)}`);
        return;
      }
      break;
    }
    default:
      break;
  }
  throw new UsageError(cmd ? `unknown command: ${[cmd, sub].filter(Boolean).join(' ')}` : 'no command given');
}

/** `news delete` / `faq delete`: removes the row given by --id and says whether there was one. */
async function deleteById(d: Db, table: 'news' | 'faq', args: ParsedArgs): Promise<string> {
  const r = await d
    .deleteFrom(table)
    .where('id', '=', intOf(one(args, 'id', true), 'id'))
    .executeTakeFirst();
  return Number(r.numDeletedRows) ? 'deleted' : `no such ${table} item`;
}

const NO_DB = new Set(['sample-image', 'verify-image', 'help']);

export async function main(
  argv: string[],
  env: Record<string, string | undefined>,
  out: Out,
  err: Out,
): Promise<number> {
  let args: ParsedArgs;
  try {
    args = parseArgs(argv);
  } catch (e) {
    err(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const cmd = args.positionals[0];
  if (!cmd || cmd === 'help' || args.flags.has('help')) {
    out(USAGE);
    return cmd || args.flags.has('help') ? 0 : 2;
  }
  const loaded = loadConfig(env);
  if (!loaded.ok) {
    err('Invalid configuration:\n' + loaded.errors.map((e) => `  - ${e}`).join('\n'));
    return 1;
  }
  let dbh: DbHandle | undefined;
  try {
    if (!NO_DB.has(cmd)) dbh = await openAndMigrate(loaded.config.db);
    await runCommand(args, loaded.config, dbh, out);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      err(`${e.message}\n\n${USAGE}`);
      return 2;
    }
    err(`error: ${(e as Error).message}`);
    return 1;
  } finally {
    await dbh?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(
    process.argv.slice(2),
    process.env,
    (l) => console.log(l),
    (l) => console.error(l),
  ).then((code) => process.exit(code));
}
