/** Parsing of the chain environment variables (CHAIN_* and the families' own), shared by every family. */
import { z } from 'zod';
import { isNonPublicHost } from './rpcGuard.js';
import type { FailoverPolicy } from './failover.js';
import { parseRate, type ProviderKind, type RateSpec } from './rateLimit.js';

/** A whole number within [min, max], given as a string (an environment variable). */
export const int = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { message: 'must be a whole number' })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { message: `must be between ${min} and ${max}` });

export type Env = Record<string, string | undefined>;

export const list = (v: string | undefined) =>
  (v ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export const httpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};
export const urlList = z
  .string()
  .transform(list)
  .refine((l) => l.every((u) => u === 'none' || httpUrl(u)), {
    message: "must be a comma separated list of http(s) URLs (or 'none')",
  });
export const boolStr = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'].includes(v), {
    message: 'must be true/false',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** The set variables among `keys` (blank ones count as unset). */
export function clean(env: Env, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) {
    const v = env[k];
    if (v !== undefined && v.trim() !== '') out[k] = v;
  }
  return out;
}

/** CHAIN_<sym>_<key> for each of `keys` that is set, keyed by <key>. */
export function perChainRaw(env: Env, sym: string, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) {
    const v = env[`CHAIN_${sym}_${k}`];
    if (v !== undefined && v.trim() !== '') out[k] = v;
  }
  return out;
}

/** `none` in a URL list switches the source off; otherwise the list, or undefined when unset. */
export const none = (l?: string[]) => l?.includes('none');

/** Credentials in a URL (http://user:pass@host) are moved to RPC auth and stripped from the URL. */
export function splitAuth(u: string): { url: string; user?: string; password?: string } {
  const url = new URL(u);
  const user = url.username ? decodeURIComponent(url.username) : undefined;
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.username = '';
  url.password = '';
  return { url: url.toString().replace(/\/$/, ''), ...(user !== undefined ? { user, password } : {}) };
}

/**
 * Loopback, private, link-local, unspecified or special-use hosts (never used from the public chain registry): the
 * same rules as the browser-facing RPC guard (evmChains/rpcGuard.ts), e.g. `LOCALHOST.` and NAT64 loopback.
 */
export function isPrivateHost(host: string): boolean {
  return isNonPublicHost(host);
}

/** CHAIN_<SYM>_TIMEOUT_MS: a chain's own per-call timeout, replacing every call class's (every family reads it). */
export const chainTimeout = int(100, 300_000).optional();

/**
 * CHAIN_<SYM>_RATE: the client-side rate of the chain's providers, `requests/seconds` (e.g. `20/60`), or `0` for
 * none (rateLimit.ts); every family reads it. Parsed to a RateSpec, or null for none.
 */
export const chainRate = z
  .string()
  .transform((v, c) => {
    const r = parseRate(v);
    if (r === undefined) {
      c.addIssue({ code: 'custom', message: "must be 'requests/seconds' (e.g. 20/60) or 0 for none" });
      return z.NEVER;
    }
    return r;
  })
  .optional();

/**
 * Declares a chain's provider URLs in the server's token buckets: the chain's own rate (CHAIN_<SYM>_RATE) when set,
 * else the provider kind's default for public hosts.
 */
export function declareRates(
  policy: Pick<FailoverPolicy, 'rates'>,
  urls: readonly string[],
  kind: ProviderKind | null,
  explicit: RateSpec | null | undefined,
): void {
  for (const u of urls) policy.rates?.declare(u, kind, explicit);
}
