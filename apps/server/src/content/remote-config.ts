import type { DbHandle } from '../db/index.js';
import { nowIso } from '../db/index.js';

/** Remote-config defaults (spec 01 §9): used for every key the database does not override. */
export const REMOTE_CONFIG_DEFAULTS = {
  /** Maximum fee (USD) before a transaction is blocked. */
  maxFeeLimit: 1000,
  /** Fee (USD) above which the higher-fee alert is shown. */
  higherFeeLimit: 100,
  feeLimitCurrency: 'USD',
  shownNewsCount: 4,
  /** Extra RPC URLs per chain, e.g. {"ETH": ["https://..."], "56": ["https://..."]}. */
  extraRpcs: {} as Record<string, string[]>,
  /** Free-form environment flags for the web app. */
  environments: {} as Record<string, unknown>,
};
export type RemoteConfigKey = keyof typeof REMOTE_CONFIG_DEFAULTS;
export type RemoteConfig = typeof REMOTE_CONFIG_DEFAULTS & Record<string, unknown>;

export const REMOTE_CONFIG_KEY_RE = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

export async function readRemoteConfig(dbh: DbHandle): Promise<RemoteConfig> {
  const rows = await dbh.db.selectFrom('remote_config').select(['key', 'value']).execute();
  const out: Record<string, unknown> = { ...REMOTE_CONFIG_DEFAULTS };
  for (const r of rows) {
    try {
      out[r.key] = JSON.parse(r.value);
    } catch {
      /* ignore unreadable values; default stays */
    }
  }
  return out as RemoteConfig;
}

/** Validates known keys so a typo in the admin tool cannot break the web app. */
export function checkRemoteConfigValue(key: string, value: unknown): string | undefined {
  if (!REMOTE_CONFIG_KEY_RE.test(key)) return `invalid key '${key}'`;
  switch (key) {
    case 'maxFeeLimit':
    case 'higherFeeLimit':
      return typeof value === 'number' && Number.isFinite(value) && value >= 0
        ? undefined
        : `${key} must be a number >= 0`;
    case 'shownNewsCount':
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 100
        ? undefined
        : 'shownNewsCount must be an integer 0..100';
    case 'feeLimitCurrency':
      return typeof value === 'string' && /^[A-Z]{3}$/.test(value)
        ? undefined
        : 'feeLimitCurrency must be a 3-letter code';
    case 'extraRpcs':
      return value &&
        typeof value === 'object' &&
        !Array.isArray(value) &&
        Object.values(value).every(
          (l) => Array.isArray(l) && l.every((u) => typeof u === 'string' && /^(https?|wss?):\/\//.test(u)),
        )
        ? undefined
        : 'extraRpcs must be an object of chain -> list of http(s)/ws(s) URLs';
    case 'localDomains':
      return value &&
        typeof value === 'object' &&
        !Array.isArray(value) &&
        Object.values(value).every(
          (r) =>
            r &&
            typeof r === 'object' &&
            !Array.isArray(r) &&
            Object.values(r).every((a) => typeof a === 'string'),
        )
        ? undefined
        : 'localDomains must be {"name.crypto": {"crypto.ETH.address": "0x..."}}';
    case 'environments':
      return value && typeof value === 'object' && !Array.isArray(value)
        ? undefined
        : 'environments must be an object';
    default:
      return undefined;
  }
}

export async function setRemoteConfig(dbh: DbHandle, key: string, value: unknown): Promise<void> {
  const problem = checkRemoteConfigValue(key, value);
  if (problem) throw new Error(problem);
  const json = JSON.stringify(value);
  const updated_at = nowIso();
  await dbh.db
    .insertInto('remote_config')
    .values({ key, value: json, updated_at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at }))
    .execute();
}

export async function unsetRemoteConfig(dbh: DbHandle, key: string): Promise<boolean> {
  const r = await dbh.db.deleteFrom('remote_config').where('key', '=', key).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
