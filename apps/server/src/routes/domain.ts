/**
 * GET /api/domain/resolve?domain=&coin=: Unstoppable Domains proxy (the API key stays on the server).
 * First the supported TLDs (UD's GET /supported_tlds, cached for an hour; reference apis/unstoppable-domains.md:
 * UD says not to hard-code them): a domain under another TLD is not UD's. Then the records crypto.{COIN}.address,
 * else crypto.{COIN}.version.{COIN}.address. Every failure answers 404 with a machine-readable reason the web app
 * turns into the spec's texts (spec 03 §5, §8): 'Can not get supported tlds' (tlds_unavailable), 'Can not get
 * address' (upstream_error), else 'can not resolve domain from {domain}' (the error field says which).
 * The local profile without a UD key answers from remote config `localDomains`: its TLDs are those of its domains.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { HttpError, parseInput } from '@secux-companion/server-kit/errors';
import { httpRequest, parseJson } from '@secux-companion/server-kit/failover';
import { readRemoteConfig } from '../content/remote-config.js';
import { SingleFlightCache } from '../prices/cache.js';

/** Largest Unstoppable Domains answer read: one domain's records are a few kB. */
const MAX_DOMAIN_ANSWER_BYTES = 256 * 1024;
/** Largest supported-TLD answer read, and most TLDs kept: UD lists a few hundred short names. */
const MAX_TLDS_ANSWER_BYTES = 256 * 1024;
const MAX_TLDS = 5000;
/** How long a supported-TLD list is reused (they change rarely), and a failure remembered. */
const TLDS_TTL_MS = 3_600_000;
const TLDS_FAILURE_TTL_MS = 5_000;
const TLD_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** UD's supported_tlds answer ({"tlds": ["crypto", …]}) as lower-case labels, or null when it is not one. */
export function parseSupportedTlds(body: unknown): string[] | null {
  const list = (body as { tlds?: unknown } | null)?.tlds;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_TLDS) return null;
  const out = new Set<string>();
  for (const t of list) {
    if (typeof t !== 'string') return null;
    const label = t.trim().toLowerCase();
    if (!TLD_RE.test(label)) return null;
    out.add(label);
  }
  return [...out];
}

/** The last label of a domain name. */
const tldOf = (domain: string) => domain.slice(domain.lastIndexOf('.') + 1);

const Query = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9][a-z0-9-]{0,62}$/, {
      message: 'must be a domain name like brad.crypto',
    }),
  coin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,10}$/, { message: 'must be a coin ticker like ETH' }),
});

type Outcome =
  | { address: string; record: string }
  | { reason: 'not_found' | 'not_registered' | 'upstream_error' | 'unsupported_tld' | 'tlds_unavailable' };

/** What each failure says (spec 03 §8); the web app shows the catalogue's text for the reason. */
const FAILURE_TEXT: Partial<Record<string, string>> = {
  tlds_unavailable: 'Can not get supported tlds',
  upstream_error: 'Can not get address',
};

export function pickAddress(
  records: Record<string, unknown>,
  coin: string,
): { address: string; record: string } | undefined {
  for (const key of [`crypto.${coin}.address`, `crypto.${coin}.version.${coin}.address`]) {
    const v = records[key];
    if (typeof v === 'string' && v.trim()) return { address: v.trim(), record: key };
  }
  return undefined;
}

export function registerDomainRoutes(api: FastifyInstance, { config, fetch, dbh }: AppDeps): void {
  const cache = new SingleFlightCache<{ records: Record<string, unknown>; registered: boolean } | null>(2000);
  const tldCache = new SingleFlightCache<string[] | null>(1);

  /** UD's supported TLDs (cached), or null when they cannot be read. */
  async function udTlds(): Promise<string[] | null> {
    return tldCache.get('tlds', async () => {
      try {
        const res = await httpRequest(fetch, `${config.unstoppable.apiUrl}/supported_tlds`, {
          headers: { authorization: `Bearer ${config.unstoppable.apiKey}` },
          signal: AbortSignal.timeout(config.upstreamTimeoutMs),
          maxBytes: MAX_TLDS_ANSWER_BYTES,
        });
        const tlds = parseSupportedTlds(parseJson(res.text));
        return { value: tlds, ttlMs: tlds ? TLDS_TTL_MS : TLDS_FAILURE_TTL_MS };
      } catch {
        return { value: null, ttlMs: TLDS_FAILURE_TTL_MS };
      }
    });
  }

  async function lookup(domain: string) {
    return cache.get(domain, async () => {
      try {
        // Size-capped read; any other non-2xx answer throws and is not cached for long.
        const res = await httpRequest(
          fetch,
          `${config.unstoppable.apiUrl}/domains/${encodeURIComponent(domain)}`,
          {
            headers: { authorization: `Bearer ${config.unstoppable.apiKey}` },
            signal: AbortSignal.timeout(config.upstreamTimeoutMs),
            pass: [404],
            maxBytes: MAX_DOMAIN_ANSWER_BYTES,
          },
        );
        if (res.status === 404) return { value: { records: {}, registered: false }, ttlMs: 60_000 };
        const body = parseJson(res.text) as { meta?: { owner?: unknown }; records?: unknown } | null;
        if (!body || typeof body !== 'object') return { value: null, ttlMs: 5_000 };
        const records =
          body.records && typeof body.records === 'object' ? (body.records as Record<string, unknown>) : {};
        return { value: { records, registered: body.meta?.owner != null }, ttlMs: 60_000 };
      } catch {
        return { value: null, ttlMs: 5_000 };
      }
    });
  }

  api.get('/domain/resolve', async (req, reply) => {
    const q = parseInput(Query, req.query, 'query');
    const fail = (reason: string) =>
      new HttpError(404, FAILURE_TEXT[reason] ?? `can not resolve domain from ${q.domain}`, {
        reason,
        domain: q.domain,
        coin: q.coin,
      });
    let r: { records: Record<string, unknown>; registered: boolean } | null;
    if (config.unstoppable.apiKey) {
      const tlds = await udTlds();
      if (!tlds) throw fail('tlds_unavailable');
      if (!tlds.includes(tldOf(q.domain))) throw fail('unsupported_tld');
      r = await lookup(q.domain);
    } else if (config.profile === 'local') {
      // Local profile without a UD key: domains come from remote config key `localDomains`
      // ({"alice.crypto": {"crypto.ETH.address": "0x..."}}), set with the admin tool; its TLDs are the supported ones.
      const local = (await readRemoteConfig(dbh)).localDomains;
      const table = local && typeof local === 'object' ? (local as Record<string, unknown>) : {};
      const tlds = new Set(Object.keys(table).map((d) => tldOf(d.toLowerCase())));
      if (!tlds.has(tldOf(q.domain))) throw fail('unsupported_tld');
      const records = table[q.domain];
      r =
        records && typeof records === 'object'
          ? { records: records as Record<string, unknown>, registered: true }
          : { records: {}, registered: false };
    } else throw fail('not_configured');
    let outcome: Outcome;
    if (!r) outcome = { reason: 'upstream_error' };
    else if (!r.registered) outcome = { reason: 'not_registered' };
    else outcome = pickAddress(r.records, q.coin) ?? { reason: 'not_found' };
    if ('reason' in outcome) throw fail(outcome.reason);
    reply.header('cache-control', 'no-store');
    return {
      provider: config.unstoppable.apiKey ? 'unstoppable' : 'local',
      domain: q.domain,
      coin: q.coin,
      address: outcome.address,
      record: outcome.record,
    };
  });
}
