/** Accounts on m/44'/235'/{account}', one key per index while used (a balance or a transaction). */
import { signingPath } from '@secux-companion/core';
import {
  discoverByGap,
  type DeviceAccountTable,
  type DiscoveredAccount,
  type DiscoverOptions,
} from '@secux-companion/chain-common';
import { FIO_COIN_TYPE } from '../rules';
import type { FioKeySource } from '../types';
import type { FioContext } from './context';

export function discoverAccounts(
  { chain, backend }: FioContext,
  device: FioKeySource & DeviceAccountTable,
  options: DiscoverOptions = {},
): Promise<DiscoveredAccount[]> {
  return discoverByGap(device, options, {
    chain,
    coinType: FIO_COIN_TYPE,
    address: (path) => device.getAddress(signingPath(chain, path)),
    account: (address, signal) => backend.balance(address, signal),
    used: (b) => b.balance > 0n || b.txCount > 0,
    summary: (b) => ({ balance: b.balance, pending: 0n, txCount: b.txCount }),
  });
}
