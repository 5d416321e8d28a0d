import { useQuery } from '@tanstack/react-query';
import { showTokenRedDot } from '@secux-companion/chain-evm';
import { useEffect, useState } from 'react';
import { selectedCurrency } from '@secux-companion/web-kit/lib/currency';
import type { EvmChain } from '../chains';
import type { EvmAccount } from './account';
import {
  deviceTokens,
  enabledTokenBalances,
  fetchTokenPrices,
  mergeKnown,
  readTokenSettings,
  unshownHeldTokens,
  writeTokenSettings,
  type AccountToken,
  type TokenSettings,
} from './tokens';

export const tokenKeys = {
  balances: (id: string) => ['evm-token-balances', id] as const,
};

/** Enabled tokens with balances (shared by the tab and the send modal's token selector). */
export function useAccountTokens(chain: EvmChain, account: EvmAccount) {
  const [settings, setSettingsState] = useState<TokenSettings>(() =>
    readTokenSettings(chain.spec.chainId, account.address),
  );
  const setSettings = (s: TokenSettings) => {
    writeTokenSettings(chain.spec.chainId, account.address, s);
    setSettingsState(s);
  };
  const device = useQuery({
    queryKey: ['evm-device-tokens', account.id],
    queryFn: () => deviceTokens(chain, account),
    staleTime: 60_000,
    retry: false,
  });
  useEffect(() => {
    if (!device.data) return;
    const merged = mergeKnown(readTokenSettings(chain.spec.chainId, account.address), device.data);
    writeTokenSettings(chain.spec.chainId, account.address, merged);
    setSettingsState(merged);
  }, [device.data, chain, account.address]);
  const balances = useQuery({
    queryKey: [...tokenKeys.balances(account.id), settings.enabled.join(',')],
    queryFn: async (): Promise<AccountToken[]> => {
      const tokens = await enabledTokenBalances(chain, account, settings);
      const prices = await fetchTokenPrices(
        chain,
        tokens.map((x) => x.contract),
        selectedCurrency().code,
      );
      return tokens.map((x) => ({ ...x, price: prices.get(x.contract.toLowerCase()) ?? null }));
    },
    staleTime: 0,
  });
  // Token discovery (spec 02 "bsc_token_list"): the server's list of the chain, the tokens this account holds.
  const listed = useQuery({
    queryKey: ['evm-listed-tokens', account.id],
    queryFn: () => chain.adapter.discoverListedTokens(account.address),
    staleTime: 60_000,
    retry: false,
  });
  const found = unshownHeldTokens(listed.data ?? [], settings);
  return {
    settings,
    setSettings,
    deviceCount: device.data?.length ?? 0,
    /** Whether a token is in the device's token table (as last read). */
    onDevice: (contract: string) =>
      (device.data ?? []).some((d) => d.contract.toLowerCase() === contract.toLowerCase()),
    /** Reads the device's token table again (after a token was deleted from it). */
    refetchDevice: () => void device.refetch(),
    tokens: balances.data ?? [],
    balances,
    found,
  };
}

export function tokenRedDot(deviceCount: number, settings: TokenSettings): boolean {
  return showTokenRedDot(deviceCount, settings.enabled.length);
}
