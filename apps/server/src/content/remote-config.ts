import { BNB_TOKEN_RECOVERY_URL } from '@secux-companion/chain-bnb';
import { REMOTE_LINK_KEYS, type RemoteLinkKey } from '@secux-companion/core';
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
  /**
   * The external pages the web app links to (issue 18 item 4). Only the product's pages known to be real are
   * defaults; every other link is empty until configured, and the web app then falls back to `website` or
   * leaves the link out (it never guesses an address).
   */
  links: {
    /** The product's home page: the fallback of a help link that is not configured. */
    website: 'https://secuxtech.com/',
    terms: 'https://secuxtech.com/secuxess-and-secux-mobile-app-terms-of-use/',
    privacy: '',
    help: '',
    guideAddAccount: '',
    guideSendReceive: '',
    guideDevice: '',
    cardanoPortal: '',
    dappConnect: '',
    /** The mobile app's listing (Bluetooth update instructions). */
    mobileApp: '',
    /** Where the browser gate sends iPhone and iPad users (the app's App Store page). */
    iosAppStore: '',
    /**
     * BNB Chain's official token recovery for the retired BNB Beacon Chain (BEP-299): since the hosted dApp closed on
     * 2026-07-01, BNB Chain's self-service tool (chain-bnb's BNB_TOKEN_RECOVERY_URL, from BNB Chain's docs).
     */
    bnbTokenRecovery: BNB_TOKEN_RECOVERY_URL,
    /** Support address for the unsupported-device modal (an e-mail address, not a URL). */
    supportEmail: '',
  } as Record<LinkKey, string>,
};

/** The link keys are core's (the web app reads the same list). */
export const LINK_KEYS = REMOTE_LINK_KEYS;
export type LinkKey = RemoteLinkKey;

const EMAIL_RE = /^[^\s@<>()"]+@[^\s@<>()"]+\.[^\s@<>()"]+$/;

/** A `links` value: known keys only; https URLs (supportEmail: an e-mail address); '' unsets a link. */
export function checkLinks(value: unknown): string | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'links must be an object';
  for (const [k, v] of Object.entries(value)) {
    if (!(LINK_KEYS as readonly string[]).includes(k))
      return `links: unknown key '${k}' (${LINK_KEYS.join(', ')})`;
    if (typeof v !== 'string') return `links.${k} must be a string`;
    if (v === '') continue;
    if (k === 'supportEmail' ? !EMAIL_RE.test(v) : !/^https:\/\/[^\s]+$/.test(v))
      return k === 'supportEmail'
        ? 'links.supportEmail must be an e-mail address'
        : `links.${k} must be an https URL`;
  }
  return undefined;
}
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
  // Configured links override the defaults one by one (a stored value left out keeps its default).
  if (out.links !== REMOTE_CONFIG_DEFAULTS.links) {
    out.links =
      checkLinks(out.links) === undefined
        ? { ...REMOTE_CONFIG_DEFAULTS.links, ...(out.links as Record<string, string>) }
        : REMOTE_CONFIG_DEFAULTS.links;
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
    case 'links':
      return checkLinks(value);
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
