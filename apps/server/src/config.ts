/**
 * Server configuration, read from environment variables and validated with zod.
 *
 * `loadConfig(env)` never throws on bad input: it returns either a typed config or the list of problems
 * (one line per bad variable) so `main.ts` can print them and exit with code 1.
 */
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { int } from '@secux-companion/server-kit/env';

/** Repository root (apps/server/src -> ../../..). Relative paths in env vars resolve against it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where the local profile serves the stand-in buy widgets (under the API prefix; see routes/buy.ts). */
export const BUY_STAND_IN_PATH = '/api/buy/stand-in';

export type WalletProfile = 'local' | 'mainnet';
export type DbKind = 'sqlite' | 'postgres';

export interface Config {
  profile: WalletProfile;
  port: number;
  host: string;
  dataDir: string;
  firmwareDir: string;
  db: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  webDist: string;
  corsOrigins: string[];
  /**
   * Which X-Forwarded-* hops to believe (for the client IP of the rate limits and https for HSTS): `false` (none, the
   * default), a hop count (the nearest N proxies), or the proxies' addresses/CIDRs. Never "every hop".
   */
  trustProxy: TrustProxy;
  /** Always send Strict-Transport-Security (otherwise only when the request arrived over https). */
  hsts: boolean;
  csp: {
    frameAncestors: string[];
    extraConnectSrc: string[];
    extraFrameSrc: string[];
  };
  buyWidget: {
    url: string;
    partnerId: string;
    hmacSecret: string | undefined;
    primaryColor: string;
    /** Origins allowed in frame-src (the first provider's origin plus BUY_WIDGET_FRAME_ORIGINS). */
    frameOrigins: string[];
  };
  /** Second (EU) buy provider: initialised by postMessage, so no secret (spec 01 §4 "Buy widgets"). */
  buyWidget2: {
    url: string;
    /** Origins allowed in frame-src for it. */
    frameOrigins: string[];
  };
  /**
   * Serve the stand-in buy widgets (local profile only): dev fixtures that speak each provider's
   * postMessage protocol so the buy flow runs offline.
   */
  buyStandIn: boolean;
  unstoppable: { apiUrl: string; apiKey: string | undefined };
  coingecko: { apiUrl: string; apiKey: string | undefined };
  prices: { ttlMs: number; failureTtlMs: number };
  upstreamTimeoutMs: number;
  rateLimit: { max: number; windowMs: number };
  /** POST /api/txlog: rows older than maxAgeMs or beyond the newest maxRows are deleted; dailyCap posts per client. */
  txLog: { maxAgeMs: number; maxRows: number; dailyCap: number };
  bodyLimit: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Seed sample firmware/content when tables are empty (default: on for the local profile). */
  seedSamples: boolean;
}

export type TrustProxy = false | { hops: number } | { proxies: string[] };

export type LoadResult = { ok: true; config: Config } | { ok: false; errors: string[] };

const list = (v: string | undefined): string[] =>
  (v ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

const bool = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''].includes(v), {
    message: 'must be true/false (or 1/0, yes/no, on/off)',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** An environment variable holding a whole number from min to max. */
export { int };

const httpUrl = z
  .string()
  .trim()
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { message: 'must be an absolute http(s) URL' },
  );

/** A CSP source expression: scheme-only ('https:'), an origin (with optional * subdomain), or a quoted keyword. */
const CSP_SOURCE =
  /^(?:'(?:self|none)'|[a-z][a-z0-9+.-]*:|(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*\.)?[a-z0-9.-]+(?::(?:\d{1,5}|\*))?(?:\/[^\s;,']*)?)$/i;
const cspList = z
  .string()
  .transform(list)
  .refine((arr) => arr.every((s) => CSP_SOURCE.test(s)), {
    message:
      "must be a comma/space separated list of CSP sources (e.g. https://rpc.example.com, wss://x.example, 'self')",
  });

const originList = z
  .string()
  .transform(list)
  .refine(
    (arr) =>
      arr.every((s) => {
        if (s === '*') return true;
        try {
          const u = new URL(s);
          return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === s.replace(/\/$/, '');
        } catch {
          return false;
        }
      }),
    { message: 'must be a comma separated list of origins like https://wallet.example.com (or *)' },
  )
  .transform((arr) => arr.map((s) => s.replace(/\/$/, '')));

/** Names proxy-addr (Fastify's trust check) knows for whole private ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(s: string): boolean {
  if (PROXY_RANGE_NAMES.includes(s)) return true;
  const [addr = '', prefix, ...rest] = s.split('/');
  const family = net.isIP(addr);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off (`false`/`0`/unset), a hop count (`1`..`10`: the nearest proxies, so X-Forwarded-For's last N
 * entries) or a comma list of proxy addresses/CIDRs (also `loopback`, `linklocal`, `uniquelocal`). `true`/`all`
 * (trust every hop) is refused: any client could then name its own IP in X-Forwarded-For and skip the rate limits.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): TrustProxy => {
    const lower = v.toLowerCase();
    if (['', '0', 'false', 'no', 'off'].includes(lower)) return false;
    if (['true', 'yes', 'on', 'all', '*'].includes(lower)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'trusting every hop would let any client choose its own IP (and skip the rate limits); set the number of ' +
          'proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8, loopback)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(lower)) {
      const hops = Number(lower);
      if (hops > 10) {
        ctx.addIssue({ code: 'custom', message: 'a hop count must be between 0 and 10' });
        return z.NEVER;
      }
      return { hops };
    }
    const proxies = list(v);
    const bad = proxies.filter((p) => !isProxyAddress(p));
    if (!proxies.length || bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hop count (0-10) or a comma list of proxy IP addresses/CIDRs (bad: ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return { proxies };
  });

const EnvSchema = z.object({
  WALLET_PROFILE: z.enum(['local', 'mainnet'], { message: "must be 'local' or 'mainnet'" }).default('local'),
  PORT: int(0, 65535).default(8080),
  HOST: z.string().trim().min(1, { message: 'must not be empty' }).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(?:ql)?:\/\/\S+$/, { message: 'must be a postgres:// or postgresql:// connection URL' })
    .optional(),
  WEB_DIST: z.string().trim().min(1).default('apps/web/dist'),
  CORS_ORIGINS: originList.default([]),
  TRUST_PROXY: trustProxy.default(false),
  HSTS: bool.default(false),
  FRAME_ANCESTORS: cspList.default([]),
  EXTRA_CONNECT_SRC: cspList.default([]),
  EXTRA_FRAME_SRC: cspList.default([]),
  BUY_WIDGET_URL: httpUrl.optional(),
  BUY_WIDGET_PARTNER_ID: z
    .string()
    .trim()
    .regex(/^[\w.-]{1,64}$/, { message: 'must be 1-64 letters, digits, _ . -' })
    .optional(),
  BUY_WIDGET_HMAC_SECRET: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  BUY_WIDGET_PRIMARY_COLOR: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{6}$/, { message: 'must be 6 hex digits' })
    .default('1B61AC'),
  BUY_WIDGET_FRAME_ORIGINS: cspList.default([]),
  BUY_WIDGET2_URL: httpUrl.optional(),
  UD_API_URL: httpUrl.default('https://api.unstoppabledomains.com/resolve'),
  UD_API_KEY: z.string().trim().min(1).optional(),
  COINGECKO_API_URL: httpUrl.optional(),
  COINGECKO_API_KEY: z.string().trim().min(1).optional(),
  PRICE_CACHE_TTL_SECONDS: int(1, 86400).default(60),
  UPSTREAM_TIMEOUT_MS: int(100, 120000).default(10000),
  RATE_LIMIT_MAX: int(0, 100_000_000).default(1200),
  RATE_LIMIT_WINDOW_SECONDS: int(1, 86400).default(60),
  TXLOG_RETENTION_DAYS: int(1, 3650).default(90),
  TXLOG_MAX_ROWS: int(1, 100_000_000).default(100_000),
  TXLOG_DAILY_CAP: int(0, 1_000_000).default(200),
  BODY_LIMIT: int(1024, 10 * 1024 * 1024).default(256 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_SAMPLES: bool.optional(),
});

/** Empty strings count as "not set" so `FOO= npm start` falls back to the default. */
function cleanEnv(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.shape)) {
    const v = env[key];
    if (v !== undefined && v.trim() !== '') out[key] = v;
  }
  return out;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): LoadResult {
  const parsed = EnvSchema.safeParse(cleanEnv(env));
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => {
      const key = String(i.path[0] ?? '?');
      const value = env[key];
      const shown =
        key.includes('SECRET') || key.includes('KEY') || key === 'DATABASE_URL'
          ? '(hidden)'
          : JSON.stringify(value);
      return `${key}=${shown}: ${i.message}`;
    });
    return { ok: false, errors };
  }
  const e = parsed.data;
  const local = e.WALLET_PROFILE === 'local';

  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR);
  const webDist = path.resolve(REPO_ROOT, e.WEB_DIST);

  // Buy widgets. The local profile points both providers at the server's own stand-in pages (there is
  // no internet in local runs), on the host name `localhost` while the app is opened at 127.0.0.1: the
  // same server under another host name is another origin, so the app's origin checks are real.
  const standInBase = `http://localhost:${e.PORT}${BUY_STAND_IN_PATH}`;
  const buyUrl = e.BUY_WIDGET_URL ?? (local ? `${standInBase}/primary.html` : 'https://trade-ui.coinify.com');
  const buy2Url =
    e.BUY_WIDGET2_URL ?? (local ? `${standInBase}/secondary.html` : 'https://buy-eu.secuxtech.com/widget');
  const hmacSecret = e.BUY_WIDGET_HMAC_SECRET ?? (local ? 'local-development-only-secret' : undefined);
  const frameOrigins = [new URL(buyUrl).origin, ...e.BUY_WIDGET_FRAME_ORIGINS];

  // Demo/keyless host by default; set COINGECKO_API_URL=https://pro-api.coingecko.com/api/v3 for a Pro key.
  const coingeckoUrl = e.COINGECKO_API_URL ?? 'https://api.coingecko.com/api/v3';

  const config: Config = {
    profile: e.WALLET_PROFILE,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    firmwareDir: path.join(dataDir, 'firmware'),
    db: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'wallet.sqlite') },
    webDist,
    corsOrigins: e.CORS_ORIGINS,
    trustProxy:
      e.TRUST_PROXY === false || ('hops' in e.TRUST_PROXY && e.TRUST_PROXY.hops === 0)
        ? false
        : e.TRUST_PROXY,
    hsts: e.HSTS,
    csp: {
      frameAncestors: e.FRAME_ANCESTORS,
      extraConnectSrc: e.EXTRA_CONNECT_SRC,
      extraFrameSrc: e.EXTRA_FRAME_SRC,
    },
    buyWidget: {
      url: buyUrl,
      partnerId: e.BUY_WIDGET_PARTNER_ID ?? (local ? 'local' : ''),
      hmacSecret,
      primaryColor: e.BUY_WIDGET_PRIMARY_COLOR,
      frameOrigins: [...new Set(frameOrigins)],
    },
    buyWidget2: { url: buy2Url, frameOrigins: [new URL(buy2Url).origin] },
    buyStandIn: local,
    unstoppable: { apiUrl: e.UD_API_URL.replace(/\/+$/, ''), apiKey: e.UD_API_KEY },
    coingecko: { apiUrl: coingeckoUrl.replace(/\/+$/, ''), apiKey: e.COINGECKO_API_KEY },
    prices: {
      ttlMs: e.PRICE_CACHE_TTL_SECONDS * 1000,
      failureTtlMs: Math.min(10_000, e.PRICE_CACHE_TTL_SECONDS * 1000),
    },
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_SECONDS * 1000 },
    txLog: {
      maxAgeMs: e.TXLOG_RETENTION_DAYS * 86_400_000,
      maxRows: e.TXLOG_MAX_ROWS,
      dailyCap: e.TXLOG_DAILY_CAP,
    },
    bodyLimit: e.BODY_LIMIT,
    logLevel: e.LOG_LEVEL,
    seedSamples: e.SEED_SAMPLES ?? local,
  };
  return { ok: true, config };
}

/** Human-readable summary (no secrets) printed at start. */
export function describeConfig(c: Config): string {
  return [
    `profile=${c.profile}`,
    `db=${c.db.kind === 'sqlite' ? `sqlite:${c.db.file}` : 'postgres'}`,
    `web=${c.webDist}`,
    `cors=${c.corsOrigins.length ? c.corsOrigins.join(',') : '(same-origin only)'}`,
    `trustProxy=${c.trustProxy === false ? 'off' : 'hops' in c.trustProxy ? `${c.trustProxy.hops} hop(s)` : c.trustProxy.proxies.join(',')}`,
    `prices=${c.profile === 'local' ? 'local table' : 'coingecko'}`,
    `buyWidget=${c.buyWidget.hmacSecret ? 'configured' : 'NOT configured (BUY_WIDGET_HMAC_SECRET missing)'}`,
    `domains=${c.unstoppable.apiKey ? 'configured' : 'NOT configured (UD_API_KEY missing)'}`,
  ].join(' ');
}
