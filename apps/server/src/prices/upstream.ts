/** What a price source answers (the fixed local table or CoinGecko): prices, changes, histories and token images. */
import type { PricePoint, PriceRange } from './history.js';

export type FetchFn = typeof fetch;
/** Largest CoinGecko answer read: a price or image answer for a page of ids is a few kB. */
export const MAX_PRICE_ANSWER_BYTES = 1024 * 1024;
/** Prices (or rates) as checked decimal text, keyed by coin id, contract or currency code. */
export type PriceMap = Record<string, string>;

export interface PriceUpstream {
  readonly source: 'local' | 'coingecko';
  /** Prices keyed by coin id, in `currency` (lower-case code). */
  coins(ids: string[], currency: string): Promise<PriceMap>;
  /**
   * Prices and their 24 h change in percent (checked signed decimal text) keyed by coin id, in one upstream call;
   * an upstream without it answers prices only (the answer then has no `changes24h`).
   */
  coinsWithChange?(ids: string[], currency: string): Promise<{ prices: PriceMap; changes: PriceMap }>;
  /** Prices keyed by contract exactly as requested. */
  tokens(platform: string, contracts: string[], currency: string): Promise<PriceMap>;
  /**
   * Token prices and their 24 h change in percent (checked signed decimal text) keyed by contract as requested, in
   * one upstream call; an upstream without it answers prices only (the answer then has no `changes24h`).
   */
  tokensWithChange?(
    platform: string,
    contracts: string[],
    currency: string,
  ): Promise<{ prices: PriceMap; changes: PriceMap }>;
  /** USD -> currency rates for the 37 display currencies (upper-case codes). */
  fiat(): Promise<PriceMap>;
  /** Token logo URLs (https or same-origin paths) keyed by contract exactly as requested; unknown ones left out. */
  tokenImages(platform: string, contracts: string[]): Promise<ImageMap>;
  /** A coin's checked prices over the range, oldest first, in `currency` (lower-case code); throws when unreadable. */
  history(id: string, currency: string, range: PriceRange): Promise<PricePoint[]>;
  /**
   * A token's checked prices over the range by its platform and contract, oldest first, as {@link history} serves a
   * coin's (the value chart's tokens); throws when unreadable. Absent: tokens have no history (missing).
   */
  tokenHistory?(
    platform: string,
    contract: string,
    currency: string,
    range: PriceRange,
  ): Promise<PricePoint[]>;
  /**
   * An asset's checked prices between `from` and `to` (ms), one a UTC day, oldest first, in `currency` (lower-case
   * code): a coin by id, or a token by platform and contract (the history CSV's fiat at the time); throws when
   * unreadable.
   */
  daily?(asset: PriceAsset, currency: string, from: number, to: number): Promise<PricePoint[]>;
  /** How many days back the upstream serves historical prices; absent: as far as it has them. */
  readonly historyDays?: number;
}

/** A coin by its price-service id, or a token by its platform and contract. */
export type PriceAsset = { id: string } | { platform: string; contract: string };

export const assetKey = (a: PriceAsset) => ('id' in a ? a.id : `${a.platform}:${a.contract}`);

export type ImageMap = Record<string, string>;
