/** CoinGecko as the price source: its documented routes, each answer size-capped and checked for meaning. */
import { divideToFiatRate, parsePrice, parsePriceChange } from '@secux-companion/core';
import { httpRequest, parseJson } from '@secux-companion/server-kit/failover';
import { FIAT_CURRENCIES } from './constants.js';
import {
  PUBLIC_PLAN_HISTORY_DAYS,
  RANGE_DAYS,
  parseMarketChart,
  parseRangeChart,
  type PricePoint,
  type PriceRange,
} from './history.js';
import {
  MAX_PRICE_ANSWER_BYTES,
  type FetchFn,
  type ImageMap,
  type PriceAsset,
  type PriceMap,
  type PriceUpstream,
} from './upstream.js';

export class CoinGeckoUpstream implements PriceUpstream {
  readonly source = 'coingecko' as const;
  /** The public API (keyless or a Demo key) serves a year of history; a paid plan's host (pro-api) all of it. */
  readonly historyDays: number | undefined;
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string | undefined,
    private readonly fetchFn: FetchFn,
    private readonly timeoutMs: number,
  ) {
    this.historyDays = baseUrl.includes('pro-api.') ? undefined : PUBLIC_PLAN_HISTORY_DAYS;
  }

  private async get(pathAndQuery: string): Promise<Record<string, Record<string, unknown>>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.apiKey)
      headers[this.baseUrl.includes('pro-api.') ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key'] = this.apiKey;
    // Size-capped read; a non-2xx answer throws (a ProviderError) like a malformed one.
    const res = await httpRequest(this.fetchFn, `${this.baseUrl}${pathAndQuery}`, {
      headers,
      signal: AbortSignal.timeout(this.timeoutMs),
      maxBytes: MAX_PRICE_ANSWER_BYTES,
    });
    const body = parseJson(res.text);
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new Error('coingecko: unexpected body');
    return body as Record<string, Record<string, unknown>>;
  }

  async coins(ids: string[], currency: string): Promise<PriceMap> {
    const cur = currency.toLowerCase();
    const body = await this.get(
      `/simple/price?ids=${encodeURIComponent(ids.join(','))}&vs_currencies=${cur}`,
    );
    const out: PriceMap = {};
    for (const id of ids) {
      const price = parsePrice(body[id]?.[cur]);
      if (price !== null) out[id] = price;
    }
    return out;
  }

  /** /simple/price with `include_24hr_change`: `{ id: { usd: 1, usd_24h_change: -1.2 } }`, each value checked. */
  async coinsWithChange(ids: string[], currency: string): Promise<{ prices: PriceMap; changes: PriceMap }> {
    const cur = currency.toLowerCase();
    const body = await this.get(
      `/simple/price?ids=${encodeURIComponent(ids.join(','))}&vs_currencies=${cur}&include_24hr_change=true`,
    );
    const prices: PriceMap = {};
    const changes: PriceMap = {};
    for (const id of ids) {
      const price = parsePrice(body[id]?.[cur]);
      if (price === null) continue;
      prices[id] = price;
      const change = parsePriceChange(body[id]?.[`${cur}_24h_change`]);
      if (change !== null) changes[id] = change;
    }
    return { prices, changes };
  }

  async tokens(platform: string, contracts: string[], currency: string): Promise<PriceMap> {
    const cur = currency.toLowerCase();
    const body = await this.get(
      `/simple/token_price/${encodeURIComponent(platform)}?contract_addresses=${encodeURIComponent(contracts.join(','))}&vs_currencies=${cur}`,
    );
    const out: PriceMap = {};
    for (const c of contracts) {
      const price = parsePrice((body[c] ?? body[c.toLowerCase()])?.[cur]);
      if (price !== null) out[c] = price;
    }
    return out;
  }

  /** /simple/token_price with `include_24hr_change`: `{ contract: { usd: 1, usd_24h_change: 0.01 } }`, checked. */
  async tokensWithChange(
    platform: string,
    contracts: string[],
    currency: string,
  ): Promise<{ prices: PriceMap; changes: PriceMap }> {
    const cur = currency.toLowerCase();
    const body = await this.get(
      `/simple/token_price/${encodeURIComponent(platform)}?contract_addresses=${encodeURIComponent(contracts.join(','))}&vs_currencies=${cur}&include_24hr_change=true`,
    );
    const prices: PriceMap = {};
    const changes: PriceMap = {};
    for (const c of contracts) {
      const entry = body[c] ?? body[c.toLowerCase()];
      const price = parsePrice(entry?.[cur]);
      if (price === null) continue;
      prices[c] = price;
      const change = parsePriceChange(entry?.[`${cur}_24h_change`]);
      if (change !== null) changes[c] = change;
    }
    return { prices, changes };
  }

  /** One documented /coins/{platform}/contract/{address} call per contract; a failed one is left out. */
  async tokenImages(platform: string, contracts: string[]): Promise<ImageMap> {
    const out: ImageMap = {};
    const results = await Promise.allSettled(
      contracts.map((c) =>
        this.get(`/coins/${encodeURIComponent(platform)}/contract/${encodeURIComponent(c)}`),
      ),
    );
    if (results.every((r) => r.status === 'rejected')) throw new Error('coingecko: no token image');
    results.forEach((r, i) => {
      const image =
        r.status === 'fulfilled' ? (r.value.image as Record<string, unknown> | undefined) : undefined;
      const url = image?.small ?? image?.thumb;
      if (typeof url === 'string' && url.startsWith('https://')) out[contracts[i]!] = url;
    });
    return out;
  }

  /** One documented /coins/{id}/market_chart call; the answer checked and thinned (history.ts). */
  async history(id: string, currency: string, range: PriceRange): Promise<PricePoint[]> {
    const body = await this.get(
      `/coins/${encodeURIComponent(id)}/market_chart?vs_currency=${encodeURIComponent(currency.toLowerCase())}&days=${RANGE_DAYS[range]}`,
    );
    return parseMarketChart(body, range, Date.now());
  }

  /** One documented /coins/{platform}/contract/{address}/market_chart call; checked and thinned like a coin's. */
  async tokenHistory(
    platform: string,
    contract: string,
    currency: string,
    range: PriceRange,
  ): Promise<PricePoint[]> {
    const body = await this.get(
      `/coins/${encodeURIComponent(platform)}/contract/${encodeURIComponent(contract)}/market_chart?vs_currency=${encodeURIComponent(currency.toLowerCase())}&days=${RANGE_DAYS[range]}`,
    );
    return parseMarketChart(body, range, Date.now());
  }

  /**
   * One documented market_chart/range call, a coin's (/coins/{id}/…) or a token's (/coins/{platform}/contract/{c}/…),
   * with UNIX seconds; the answer checked and reduced to a point a day (history.ts).
   */
  async daily(asset: PriceAsset, currency: string, from: number, to: number): Promise<PricePoint[]> {
    const path =
      'id' in asset
        ? `/coins/${encodeURIComponent(asset.id)}`
        : `/coins/${encodeURIComponent(asset.platform)}/contract/${encodeURIComponent(asset.contract)}`;
    const body = await this.get(
      `${path}/market_chart/range?vs_currency=${encodeURIComponent(currency.toLowerCase())}&from=${Math.floor(from / 1000)}&to=${Math.ceil(to / 1000)}`,
    );
    return parseRangeChart(body, from, to);
  }

  /** USD -> X derived from bitcoin's price in every currency (one documented /simple/price call). */
  async fiat(): Promise<PriceMap> {
    const list = FIAT_CURRENCIES.map((c) => c.toLowerCase()).join(',');
    const btc = (await this.get(`/simple/price?ids=bitcoin&vs_currencies=${list}`)).bitcoin ?? {};
    const usd = parsePrice(btc.usd);
    if (usd === null) throw new Error('coingecko: no USD price');
    const out: PriceMap = {};
    for (const c of FIAT_CURRENCIES) {
      const price = parsePrice(btc[c.toLowerCase()]);
      const rate = price === null ? null : divideToFiatRate(price, usd);
      if (rate !== null) out[c] = rate;
    }
    return out;
  }
}
