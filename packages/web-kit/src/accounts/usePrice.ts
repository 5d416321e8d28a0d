import { useQuery } from '@tanstack/react-query';
import type { ChainSymbol } from '@secux-companion/core';
import { selectedCurrency } from '../lib/currency';
import { fetchCoinPrice } from './api';

/** The price query of one coin in a display currency: one cache entry every screen shares (null: 'Price N/A'). */
export function priceQuery(chain: ChainSymbol | null, currency: string) {
  return {
    queryKey: ['price', chain, currency] as const,
    queryFn: () => (chain ? fetchCoinPrice(chain, currency) : Promise.resolve(null)),
    staleTime: 60_000,
  };
}

/** Price of one coin in the selected display currency (null: 'Price N/A'). */
export function usePrice(chain: ChainSymbol | null) {
  const currency = selectedCurrency();
  const q = useQuery({ ...priceQuery(chain, currency.code), enabled: !!chain });
  return { price: q.data ?? null, currency };
}
