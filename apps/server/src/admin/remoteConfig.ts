/** `config get | set <key> <json value> | unset <key>`: the remote config the app reads. */
import {
  REMOTE_CONFIG_KEY_RE,
  readRemoteConfig,
  setRemoteConfig,
  unsetRemoteConfig,
} from '../content/remote-config.js';
import { UsageError } from './args.js';
import type { Command } from './context.js';

export const remoteConfig: Command = async ({ sub, rest, db, out }) => {
  if (sub === 'get') {
    out(JSON.stringify(await readRemoteConfig(db()), null, 2));
    return true;
  }
  const key = rest[0];
  if (sub !== 'set' && sub !== 'unset') return false;
  if (!key || !REMOTE_CONFIG_KEY_RE.test(key)) throw new UsageError('a config key is required');
  if (sub === 'unset') {
    out((await unsetRemoteConfig(db(), key)) ? `${key} reset to default` : `${key} was not set`);
    return true;
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
  return true;
};
