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
   * The external pages the web app links to (issue 18 item 4, issue 31 item 3). The defaults are the vendor's public
   * addresses, each with the public source it was read from; every key can be overridden (or unset with '') through
   * `links` in the remote config. A key left empty has no public address that could be found (issue 31's closing
   * note): the web app then falls back to `website` or leaves the link out — it never guesses an address.
   */
  links: {
    /** The product's home page: the fallback of a help link that is not configured. */
    website: 'https://secuxtech.com/',
    /** SecuX's own page (the terms the wallet's users accept; linked from the vendor's site). */
    terms: 'https://secuxtech.com/secuxess-and-secux-mobile-app-terms-of-use/',
    /**
     * GAP: no public address of SecuX's privacy policy was found (the terms page names one without a link in the
     * stored copy); falls back to `website`.
     */
    privacy: '',
    /**
     * GAP (help, the three guides): SecuX's help centre lives under https://secuxtech.com/community/how-it-works/…
     * (e.g. …/secux-authenticator/2-user-guide, seen in public search results), but no public page for the web
     * wallet's "add accounts", "send and receive" or "device functions" guides, nor the help centre's own index, was
     * found; they fall back to `website` (as does the fee alert's "contact support", which opens `help`).
     */
    help: '',
    guideAddAccount: '',
    guideSendReceive: '',
    guideDevice: '',
    /**
     * GAP: SecuX publishes no Cardano portal address that could be found (its ADA SDK, @secux/app-ada, names none); the
     * portal's Go button waits for a configured address.
     */
    cardanoPortal: '',
    /** GAP: no public address of a SecuX dApp-connect page was found; the landing's "Try it" waits for one. */
    dappConnect: '',
    /**
     * The mobile app's listing (Bluetooth update instructions): "SecuX Mobile" by SecuX on Google Play, package
     * com.secuxapp — source: WalletScrutiny's public record of the app,
     * https://github.com/WalletScrutiny/WalletScrutinyCom/blob/master/_android/com.secuxapp.md (appId com.secuxapp,
     * website secuxtech.com).
     */
    mobileApp: 'https://play.google.com/store/apps/details?id=com.secuxapp',
    /**
     * Where the browser gate sends iPhone and iPad users: "SecuX Mobile" by SecuX Technology Inc. on the App Store,
     * id 1477437607 (bundle com.secuxtech.secuxcess2) — source: WalletScrutiny's public record of the app,
     * https://github.com/WalletScrutiny/WalletScrutinyCom/blob/master/_iphone/com.secuxtech.secuxcess2.md
     * (idd '1477437607', developerName SecuX Technology Inc.). The country-neutral form sends each user to their
     * own store.
     */
    iosAppStore: 'https://apps.apple.com/app/id1477437607',
    /**
     * BNB Chain's official token recovery for the retired BNB Beacon Chain (BEP-299): since the hosted dApp closed on
     * 2026-07-01, BNB Chain's self-service tool (chain-bnb's BNB_TOKEN_RECOVERY_URL, from BNB Chain's docs).
     */
    bnbTokenRecovery: BNB_TOKEN_RECOVERY_URL,
    /**
     * Support address for the unsupported-device modal (an e-mail address, not a URL). GAP: SecuX publishes no
     * support e-mail address that could be found in public sources (only developers' addresses in its SDKs, which
     * are not a support channel); the modal then points to `help`.
     */
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
