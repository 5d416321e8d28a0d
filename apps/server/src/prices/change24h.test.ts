/**
 * The 24 h change beside the coin prices (issue 33): `/api/prices/coins` keeps `prices` as it was and adds
 * `changes24h` (percent per coin id) when the upstream gives it; each change is checked for meaning.
 */
import { describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { CoinGeckoUpstream } from './coingecko.js';
import { LocalPriceUpstream } from './localUpstream.js';
import { createPriceService } from './service.js';

const config = { profile: 'local', prices: { ttlMs: 60_000, failureTtlMs: 1_000 } } as unknown as Config;

describe('24 h change of coin prices', () => {
  it('the local table gives a deterministic change for every priced coin it lists', async () => {
    const up = new LocalPriceUpstream();
    const { prices, changes } = await up.coinsWithChange(['bitcoin', 'ethereum', 'unknown-coin'], 'eur');
    expect(Object.keys(prices).sort()).toEqual(['bitcoin', 'ethereum']);
    expect(changes).toEqual({ bitcoin: '2.5', ethereum: '-1.2' });
  });

  it('the answer keeps `prices` unchanged and adds `changes24h` beside it', async () => {
    const svc = createPriceService(config, fetch, new LocalPriceUpstream());
    const body = JSON.parse((await svc.coins(['bitcoin', 'ripple'], 'usd')).body) as Record<string, unknown>;
    expect(body.prices).toEqual({ bitcoin: 65000, ripple: 0.6 });
    expect(body.changes24h).toEqual({ bitcoin: 2.5, ripple: 1.6 });
    expect(body.currency).toBe('usd');
  });

  it("reads CoinGecko's include_24hr_change in the same call and drops changes that mean nothing", async () => {
    const urls: string[] = [];
    const fake = (async (url: string) => {
      urls.push(url);
      return new Response(
        JSON.stringify({
          bitcoin: { usd: 60000, usd_24h_change: -1.234567 },
          ethereum: { usd: 3000, usd_24h_change: 'junk' },
          dogecoin: { usd: 0.1, usd_24h_change: -250 },
          litecoin: { usd: 80 },
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    }) as typeof fetch;
    const up = new CoinGeckoUpstream('https://cg.test/api/v3', undefined, fake, 1_000);
    const { prices, changes } = await up.coinsWithChange(
      ['bitcoin', 'ethereum', 'dogecoin', 'litecoin'],
      'usd',
    );
    expect(urls).toHaveLength(1);
    expect(urls[0]).toContain('include_24hr_change=true');
    expect(prices).toEqual({ bitcoin: '60000', ethereum: '3000', dogecoin: '0.1', litecoin: '80' });
    // missing or meaningless changes are left out (shown as missing), never 0
    expect(changes).toEqual({ bitcoin: '-1.2346' });
  });

  it('an upstream without changes answers prices only', async () => {
    const svc = createPriceService(config, fetch, {
      source: 'local',
      coins: async () => ({ bitcoin: '1' }),
    } as never);
    const body = JSON.parse((await svc.coins(['bitcoin'], 'usd')).body) as Record<string, unknown>;
    expect(body.prices).toEqual({ bitcoin: 1 });
    expect(body).not.toHaveProperty('changes24h');
  });
});
