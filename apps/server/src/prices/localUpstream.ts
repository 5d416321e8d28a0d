/** The local profile's price source: a fixed table (constants.ts), deterministic histories, no network. */
import { multiplyPrice, parsePriceChange } from '@secux-companion/core';
import {
  LOCAL_COIN_CHANGE_24H_PCT,
  LOCAL_COIN_PRICES_USD,
  LOCAL_FIAT_RATES,
  LOCAL_TOKEN_CHANGE_24H_PCT,
  LOCAL_TOKEN_PRICES_USD,
  LOCAL_TOKEN_IMAGES,
  type FiatCurrency,
} from './constants.js';
import { localDaily, localHistory, type PricePoint, type PriceRange } from './history.js';
import type { ImageMap, PriceAsset, PriceMap, PriceUpstream } from './upstream.js';

export class LocalPriceUpstream implements PriceUpstream {
  readonly source = 'local' as const;
  constructor(private readonly now: () => number = Date.now) {}
  private rate(currency: string): string | undefined {
    return LOCAL_FIAT_RATES[currency.toUpperCase() as FiatCurrency];
  }
  async coins(ids: string[], currency: string): Promise<PriceMap> {
    const rate = this.rate(currency);
    const out: PriceMap = {};
    if (rate === undefined) return out;
    for (const id of ids) {
      const usd = LOCAL_COIN_PRICES_USD[id];
      const price = usd === undefined ? null : multiplyPrice(usd, rate);
      if (price !== null) out[id] = price;
    }
    return out;
  }
  async coinsWithChange(ids: string[], currency: string): Promise<{ prices: PriceMap; changes: PriceMap }> {
    const prices = await this.coins(ids, currency);
    const changes: PriceMap = {};
    for (const id of Object.keys(prices)) {
      const change = parsePriceChange(LOCAL_COIN_CHANGE_24H_PCT[id]);
      if (change !== null) changes[id] = change;
    }
    return { prices, changes };
  }
  async tokens(platform: string, contracts: string[], currency: string): Promise<PriceMap> {
    const rate = this.rate(currency);
    const table = LOCAL_TOKEN_PRICES_USD[platform] ?? {};
    const out: PriceMap = {};
    if (rate === undefined) return out;
    for (const c of contracts) {
      const usd = table[c] ?? table[c.toLowerCase()];
      const price = usd === undefined ? null : multiplyPrice(usd, rate);
      if (price !== null) out[c] = price;
    }
    return out;
  }
  async tokensWithChange(
    platform: string,
    contracts: string[],
    currency: string,
  ): Promise<{ prices: PriceMap; changes: PriceMap }> {
    const prices = await this.tokens(platform, contracts, currency);
    const table = LOCAL_TOKEN_CHANGE_24H_PCT[platform] ?? {};
    const changes: PriceMap = {};
    for (const c of Object.keys(prices)) {
      const change = parsePriceChange(table[c] ?? table[c.toLowerCase()]);
      if (change !== null) changes[c] = change;
    }
    return { prices, changes };
  }
  async fiat(): Promise<PriceMap> {
    return { ...LOCAL_FIAT_RATES };
  }
  async tokenImages(platform: string, contracts: string[]): Promise<ImageMap> {
    const table = LOCAL_TOKEN_IMAGES[platform] ?? {};
    const out: ImageMap = {};
    for (const c of contracts) {
      const url = table[c] ?? table[c.toLowerCase()];
      if (url !== undefined) out[c] = url;
    }
    return out;
  }
  /** The deterministic table: the asset's local price times the wave of time, daily; none for an unknown asset. */
  async daily(asset: PriceAsset, currency: string, from: number, to: number): Promise<PricePoint[]> {
    const price =
      'id' in asset
        ? (await this.coins([asset.id], currency))[asset.id]
        : (await this.tokens(asset.platform, [asset.contract], currency))[asset.contract];
    return price === undefined ? [] : localDaily(price, from, to);
  }
  /** The deterministic table (history.ts): the coin's local price times a wave of time; none for an unknown coin. */
  async history(id: string, currency: string, range: PriceRange): Promise<PricePoint[]> {
    const price = (await this.coins([id], currency))[id];
    return price === undefined ? [] : localHistory(price, range, this.now());
  }
  /** The same table for a token: its local price times the wave of time; none for an unknown token. */
  async tokenHistory(
    platform: string,
    contract: string,
    currency: string,
    range: PriceRange,
  ): Promise<PricePoint[]> {
    const price = (await this.tokens(platform, [contract], currency))[contract];
    return price === undefined ? [] : localHistory(price, range, this.now());
  }
}
