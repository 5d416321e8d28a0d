/** The admin commands by name, and running one. */
import type { Config } from '../config.js';
import type { DbHandle } from '../db/index.js';
import { UsageError, type ParsedArgs } from './args.js';
import { banner } from './banner.js';
import type { Command, Out } from './context.js';
import { faq } from './faq.js';
import { list, publish, sampleImage, unpublish, verifyImage } from './firmware.js';
import { news } from './news.js';
import { remoteConfig } from './remoteConfig.js';
import { updateLog } from './updateLog.js';

const COMMANDS: Record<string, Command> = {
  publish,
  list,
  unpublish,
  'sample-image': sampleImage,
  'verify-image': verifyImage,
  news,
  banner,
  faq,
  log: updateLog,
  config: remoteConfig,
};

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
  const command = cmd !== undefined && Object.hasOwn(COMMANDS, cmd) ? COMMANDS[cmd] : undefined;
  if (command && (await command({ args, config, sub, rest, db, out }))) return;
  throw new UsageError(cmd ? `unknown command: ${[cmd, sub].filter(Boolean).join(' ')}` : 'no command given');
}
