import { useQuery } from '@tanstack/react-query';
import type { ChainSymbol } from '@secux-companion/core';
import { fetchCoinPrice, selectedCurrency } from './api';

/** Price of one coin in the selected display currency (null: 'Price N/A'). */
export function usePrice(chain: ChainSymbol | null) {
  const currency = selectedCurrency();
  const q = useQuery({
    queryKey: ['price', chain, currency.code],
    queryFn: () => (chain ? fetchCoinPrice(chain, currency.code) : Promise.resolve(null)),
    enabled: !!chain,
    staleTime: 60_000,
  });
  return { price: q.data ?? null, currency };
}
