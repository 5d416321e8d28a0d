/** Account discovery by the XLM sync rule, merged with the names and indexes the device keeps. */
import { defaultAccountName, sanitizeRecoveredName } from '@secux-companion/core';
import type { DeviceAccountTable, DiscoverOptions, DiscoveredAccount } from '@secux-companion/chain-common';
import { stellarAccountIndex, stellarPath, XLM_COIN_TYPE } from '../paths';
import type { StellarKeySource } from '../types';
import type { StellarContext } from './context';
import { summaryOf } from './getBalance';

/** The XLM sync rule: an account is kept while its balance is at least 1 XLM (spec 02 §4). */
export const XLM_SYNC_MINIMUM = 10n ** 7n;

/** Account indexes and names saved on the device (coin 148). */
async function deviceIndexes(device: DeviceAccountTable): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const a of await device.getAccounts(XLM_COIN_TYPE)) {
    try {
      names.set(stellarAccountIndex(a.path), a.name);
    } catch {
      // 'Invalid account path' (more than four segments, or not 44'/148'): not a Stellar account of ours
    }
  }
  return names;
}

export async function discoverAccounts(
  { backend, chain }: StellarContext,
  device: StellarKeySource & DeviceAccountTable,
  options: DiscoverOptions = {},
): Promise<DiscoveredAccount[]> {
  const onDevice = await deviceIndexes(device);
  const lastOnDevice = Math.max(-1, ...onDevice.keys());
  const found: DiscoveredAccount[] = [];
  for (let index = 0; ; index++) {
    if (options.signal?.aborted) break;
    options.onProgress?.({ bip: 44, index, found: found.length });
    const path = stellarPath(index);
    const address = await device.getAddress(path);
    const info = await backend.account(address, options.signal);
    const isOnDevice = onDevice.has(index);
    // The XLM sync rule: keep adding accounts while the balance is at least 1 XLM or saved accounts remain.
    const kept = info.balance >= XLM_SYNC_MINIMUM;
    if (kept || isOnDevice) {
      const fallback = defaultAccountName(chain, index, 44);
      found.push({
        descriptor: { chain, index, bip: 44, path, address },
        summary: summaryOf(info),
        name: isOnDevice ? sanitizeRecoveredName(onDevice.get(index), fallback) : fallback,
        onDevice: isOnDevice,
      });
    }
    if (!kept && index >= lastOnDevice) break;
  }
  return found;
}
