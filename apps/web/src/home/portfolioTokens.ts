/**
 * The tokens of the home portfolio (issue 33): each refreshed coin's accounts are asked for their funded tokens
 * through the family's `tokenHoldings` slot (TRON and Solana answer from the account read discovery already made, so
 * no request; EVM reads the tokens the user switched on in one batch per account), summed per coin, then priced in
 * one request per price platform (`/api/prices/tokens`, with the 24 h change) for every coin's tokens together. A
 * token's read never delays its coin: the coin is up to date when its accounts are; its tokens follow.
 */
import { useQueries } from '@tanstack/react-query';
import { CHAINS, type ChainSymbol } from '@secux-companion/core';
import { loadFamily } from '@secux-companion/web-kit/state/families';
import { fetchTokenQuotes, type CoinQuote } from '@secux-companion/web-kit/accounts/api';
import type { CoinDiscovery } from '@secux-companion/web-kit/accounts/discovery';
import { tokenKey, tokenTotals, type TokenHoldingInput } from './portfolio';

/** A coin's token summed over its accounts, with the contract the price service knows it by. */
export interface CoinToken extends TokenHoldingInput {
  priceContract: string | null;
  /** What each account holding it holds (account id → smallest unit): the value chart walks each account's back. */
  accounts: Readonly<Record<string, bigint>>;
}

/** Every funded token of a coin's accounts, summed by contract; none when the family has no tokens slot. */
export async function readCoinTokens(
  coin: ChainSymbol,
  accounts: NonNullable<CoinDiscovery['accounts']>,
): Promise<CoinToken[]> {
  const family = await loadFamily(coin);
  if (!family.tokenHoldings || !accounts.length) return [];
  const chain = await family.loadChain(coin);
  const perAccount = await Promise.all(
    // One account's tokens that cannot be read leave that account's tokens out (the coin itself is read).
    accounts.map((a) => family.tokenHoldings!(chain, a).catch(() => [])),
  );
  const priceContract = new Map(perAccount.flat().map((t) => [t.contract, t.priceContract]));
  const held = new Map<string, Record<string, bigint>>();
  perAccount.forEach((list, i) => {
    for (const t of list) {
      if (t.balance <= 0n) continue;
      const byAccount = held.get(t.contract) ?? {};
      byAccount[accounts[i]!.id] = (byAccount[accounts[i]!.id] ?? 0n) + t.balance;
      held.set(t.contract, byAccount);
    }
  });
  return tokenTotals(coin, perAccount).map((t) => ({
    ...t,
    priceContract: priceContract.get(t.contract) ?? null,
    accounts: held.get(t.contract) ?? {},
  }));
}

/** The tokens' contracts to price, per price platform (core's chain table): one request each. */
export function contractsByPlatform(tokens: readonly CoinToken[]): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const t of tokens) {
    const platform = CHAINS[t.coin as ChainSymbol]?.pricePlatform;
    if (!platform || !t.priceContract) continue;
    out.set(platform, (out.get(platform) ?? new Set()).add(t.priceContract));
  }
  return new Map([...out].map(([p, set]) => [p, [...set].sort()]));
}

export interface PortfolioTokens {
  tokens: CoinToken[];
  /** Quotes keyed by {@link tokenKey}; a token the service does not price has none (missing, never 0). */
  quotes: Record<string, CoinQuote>;
  /** A token read or price request is under way. */
  pending: boolean;
}

/** The funded tokens of the refreshed coins in `list`, and their quotes in `currency`. */
export function usePortfolioTokens(list: readonly CoinDiscovery[], currency: string): PortfolioTokens {
  const read = list.filter((c) => c.accounts && c.accounts.length > 0);
  const holdings = useQueries({
    queries: read.map((c) => ({
      queryKey: ['portfolio-token-holdings', c.coin, c.refreshedAt],
      queryFn: () => readCoinTokens(c.coin, c.accounts!),
      staleTime: Infinity,
      retry: false,
    })),
  });
  const tokens = holdings.flatMap((h) => h.data ?? []);
  const platforms = [...contractsByPlatform(tokens)];
  const prices = useQueries({
    queries: platforms.map(([platform, contracts]) => ({
      queryKey: ['portfolio-token-quotes', platform, contracts.join(','), currency],
      queryFn: () => fetchTokenQuotes(platform, contracts, currency),
      staleTime: 60_000,
    })),
  });
  const byPlatform = new Map(platforms.map(([p], i) => [p, prices[i]?.data]));
  const quotes: Record<string, CoinQuote> = {};
  for (const t of tokens) {
    const platform = CHAINS[t.coin as ChainSymbol]?.pricePlatform;
    const q = platform && t.priceContract ? byPlatform.get(platform)?.[t.priceContract] : undefined;
    if (q) quotes[tokenKey(t.coin, t.contract)] = q;
  }
  return {
    tokens,
    quotes,
    pending: holdings.some((h) => h.isPending) || prices.some((p) => p.isPending),
  };
}
