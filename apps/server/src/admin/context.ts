/** What every admin command is given: its arguments, the server's configuration, the database and where to print. */
import type { Config } from '../config.js';
import type { DbHandle } from '../db/index.js';
import type { ParsedArgs } from './args.js';

export type Out = (line: string) => void;

export interface CommandContext {
  args: ParsedArgs;
  config: Config;
  /** The sub-command (`news add` → 'add'). */
  sub: string | undefined;
  /** The positionals after the sub-command. */
  rest: string[];
  /** The open database; throws 'no database' when the command was started without one. */
  db(): DbHandle;
  out: Out;
}

/** Runs a command; false when its sub-command is not one it knows. */
export type Command = (ctx: CommandContext) => Promise<boolean>;
