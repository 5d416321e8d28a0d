/**
 * Admin command-line tool for firmware releases, content and remote config.
 * Uses the same environment variables as the server (DATA_DIR, DATABASE_URL, ...).
 *
 *   npx tsx apps/server/src/admin.ts help
 *
 * One command per file in admin/ (arguments in admin/args.ts, dispatch in admin/commands.ts); this file is the entry.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from './config.js';
import { openAndMigrate, type DbHandle } from './db/index.js';
import { parseArgs, USAGE, UsageError, type ParsedArgs } from './admin/args.js';
import { runCommand } from './admin/commands.js';
import type { Out } from './admin/context.js';

export { newsLink, parseArgs, USAGE, type ParsedArgs } from './admin/args.js';
export { runCommand } from './admin/commands.js';

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
