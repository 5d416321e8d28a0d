/**
 * GET /api/domain/resolve?domain=&coin=: Unstoppable Domains proxy (the API key stays on the server).
 * Looks up records crypto.{COIN}.address then crypto.{COIN}.version.{COIN}.address. Every failure answers 404 with
 * the spec wording 'can not resolve domain from {domain}' (plus a machine-readable reason).
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
  { address: string; record: string } | { reason: 'not_found' | 'not_registered' | 'upstream_error' };

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
      new HttpError(404, `can not resolve domain from ${q.domain}`, {
        reason,
        domain: q.domain,
        coin: q.coin,
      });
    let r: { records: Record<string, unknown>; registered: boolean } | null;
    if (config.unstoppable.apiKey) r = await lookup(q.domain);
    else if (config.profile === 'local') {
      // Local profile without a UD key: domains come from remote config key `localDomains`
      // ({"alice.crypto": {"crypto.ETH.address": "0x..."}}), set with the admin tool.
      const local = (await readRemoteConfig(dbh)).localDomains;
      const records =
        local && typeof local === 'object' ? (local as Record<string, unknown>)[q.domain] : undefined;
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
