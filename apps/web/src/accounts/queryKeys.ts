import { useQuery } from '@tanstack/react-query';
import type { ChainSymbol } from '@secux-companion/core';
import type { AccountDescriptor } from '@secux-companion/chain-common';
import { getBitcoinChain } from '../chains/bitcoin';
import type { AppAccount } from './types';

/** The coin's adapter (resolved once per coin). */
export function useBitcoinChain(chain: ChainSymbol | null | undefined) {
  return useQuery({
    queryKey: ['bitcoin-chain', chain],
    queryFn: () => getBitcoinChain(chain!),
    enabled: !!chain,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function descriptorOf(a: AppAccount): AccountDescriptor {
  return { chain: a.chain, index: a.index, bip: a.bip, path: a.path, xpub: a.extendPubKey };
}

/** Query keys of one account's server data (invalidated after a send or speed-up). */
export const accountKeys = {
  state: (id: string) => ['account-state', id] as const,
  history: (id: string) => ['account-history', id] as const,
};
