/** Account discovery: one address per index while activated or used. */
import { signingPath } from '@secux-companion/core';
import {
  discoverByGap,
  type DeviceAccountTable,
  type DiscoverOptions,
  type DiscoveredAccount,
} from '@secux-companion/chain-common';
import type { TronKeySource } from '../types';
import type { TronContext } from './context';
import { summaryOf } from './getBalance';

export function discoverAccounts(
  { backend, chain, coinType }: TronContext,
  device: TronKeySource & DeviceAccountTable,
  options: DiscoverOptions = {},
): Promise<DiscoveredAccount[]> {
  return discoverByGap(device, options, {
    chain,
    coinType,
    address: (path) => device.getAddress(signingPath(chain, path)),
    account: (address, signal) => backend.account(address, signal),
    used: (info) => info.activated || info.txCount > 0,
    summary: summaryOf,
  });
}
