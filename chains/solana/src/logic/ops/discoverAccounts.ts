/** Account discovery: one address per index while used (balance, signatures or tokens), each read kept once. */
import {
  discoverByGap,
  type DeviceAccountTable,
  type DiscoverOptions,
  type DiscoveredAccount,
} from '@secux-companion/chain-common';
import type { SolanaKeySource } from '../types';
import type { SolanaContext } from './context';
import { summaryOf } from './getBalance';

export function discoverAccounts(
  { backend, chain, coinType, discovered }: SolanaContext,
  device: SolanaKeySource & DeviceAccountTable,
  options: DiscoverOptions = {},
): Promise<DiscoveredAccount[]> {
  return discoverByGap(device, options, {
    chain,
    coinType,
    address: (path) => device.getAddress(path),
    account: async (address, signal) => {
      const info = await backend.account(address, signal);
      discovered.set(address, { at: Date.now(), info });
      return info;
    },
    used: (info) => info.balance > 0n || info.txCount > 0 || info.tokens.length > 0,
    summary: summaryOf,
  });
}
