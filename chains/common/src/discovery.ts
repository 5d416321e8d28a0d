/**
 * Account discovery shared by the account-based families that keep one address per BIP-44 account
 * (m/44'/<coin>'/<index>'): the device's saved account names by index, and the gap-limit scan that probes indexes
 * until `gapLimit` unused ones follow the last used one and every account saved on the device has been passed.
 */
import {
  accountBasePath,
  defaultAccountName,
  sanitizeRecoveredName,
  toBareAccountPath,
  type ChainSymbol,
} from '@secux-companion/core';
import type {
  AccountDescriptor,
  AccountSummary,
  DeviceAccountTable,
  DiscoveredAccount,
  DiscoverOptions,
} from './adapter';

/** The single address of an account of an account-based family (XRP, Stellar, TRON, BNB …); throws when it has none. */
export function accountAddress(account: AccountDescriptor): string {
  if (!account.address) throw new Error(`The ${account.chain} account has no address`);
  return account.address;
}

/** The device's saved account names by account index, for entries at m/44'/<coinType>'/<index>'. */
export async function deviceAccountNames(
  device: DeviceAccountTable,
  coinType: number,
): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const a of await device.getAccounts(coinType)) {
    try {
      const m = /^m\/44'\/(\d+)'\/(\d+)'$/.exec(toBareAccountPath(a.path));
      if (m && Number(m[1]) === coinType) names.set(Number(m[2]), a.name);
    } catch {
      // not an account path
    }
  }
  return names;
}

export interface GapScan<I> {
  chain: ChainSymbol;
  coinType: number;
  /** The device address of an account path (e.g. through the family's signing path). */
  address(path: string): Promise<string>;
  account(address: string, signal?: AbortSignal): Promise<I>;
  used(info: I): boolean;
  summary(info: I): AccountSummary;
}

/** BIP-44 gap-limit discovery: used accounts and those saved on the device, named by the device or by default. */
export async function discoverByGap<I>(
  device: DeviceAccountTable,
  options: DiscoverOptions,
  scan: GapScan<I>,
): Promise<DiscoveredAccount[]> {
  const { chain } = scan;
  const onDevice = await deviceAccountNames(device, scan.coinType);
  const gap = options.gapLimit ?? 1;
  const found: DiscoveredAccount[] = [];
  const lastOnDevice = Math.max(-1, ...onDevice.keys());
  let unused = 0;
  for (let index = 0; ; index++) {
    if (options.signal?.aborted) break;
    if (unused >= gap && index > lastOnDevice) break;
    const isOnDevice = onDevice.has(index);
    options.onProgress?.({ bip: 44, index, found: found.length });
    const path = accountBasePath(44, scan.coinType, index);
    const address = await scan.address(path);
    const info = await scan.account(address, options.signal);
    const used = scan.used(info);
    unused = used ? 0 : unused + 1;
    if (used || isOnDevice) {
      const fallback = defaultAccountName(chain, index, 44);
      found.push({
        descriptor: { chain, index, bip: 44, path, address },
        summary: scan.summary(info),
        name: isOnDevice ? sanitizeRecoveredName(onDevice.get(index), fallback) : fallback,
        onDevice: isOnDevice,
      });
    }
  }
  return found;
}
