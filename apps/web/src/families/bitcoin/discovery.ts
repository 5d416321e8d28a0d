/**
 * Account recovery of a bitcoin-family coin (spec 01 §4 "Account sync and recovery", 02 §4):
 * the device's list filtered by coin number gives the names; discovery loads each purpose (44 and 49,
 * plus 84 and 86 for BTC) and keeps probing the next account index while it shows activity. Each probed
 * account costs one extended public key from the device and one adapter state read. The result is
 * written back to the device (sync).
 */
import type { DiscoveryProgress } from '../types';
import {
  CHAINS,
  accountBasePath,
  defaultAccountName,
  sanitizeRecoveredName,
  toBareAccountPath,
  type Bip,
  type ChainSymbol,
} from '@secux-companion/core';
import type { AccountDescriptor } from '@secux-companion/chain-common';
import { accountAt, type AppAccount } from './account';

export interface DeviceAccountLike {
  name: string;
  path: string;
  chainId?: number;
}

export interface DiscoveryDevice {
  getAccounts(coinType?: number, chainId?: number): Promise<DeviceAccountLike[]>;
  getXPublicKey(path: string): Promise<string>;
  setAccount(account: {
    name: string;
    path: string;
    balance: string;
    symbol?: string;
    decimal?: number;
  }): Promise<void>;
}

/** The adapter's account state (balance including the pending part). */
export interface StateSource {
  getAccountState(account: AccountDescriptor): Promise<{ balance: bigint; pending: bigint; txCount: number }>;
}

export interface DiscoveryOptions {
  /** Purposes the network supports (filters the coin's bips). */
  networkBips: readonly Bip[];
  onProgress?: (p: DiscoveryProgress) => void;
  now?: () => number;
}

/** Purposes recovered for a coin: 44 and 49 for all, plus 84 and 86 for BTC (as far as the network has them). */
export function recoveryBips(chain: ChainSymbol, networkBips: readonly Bip[]): Bip[] {
  return CHAINS[chain].bips.filter((b) => networkBips.includes(b));
}

export function isUsed(s: { balance: bigint; pending: bigint; txCount: number }): boolean {
  return s.txCount > 0 || s.balance !== 0n || s.pending !== 0n;
}

export async function recoverAccounts(
  chain: ChainSymbol,
  device: DiscoveryDevice,
  source: StateSource,
  options: DiscoveryOptions,
): Promise<AppAccount[]> {
  const info = CHAINS[chain];
  const now = options.now ?? Date.now;
  const onDevice = new Map<string, string>();
  for (const a of await device.getAccounts(info.coinType)) {
    try {
      onDevice.set(toBareAccountPath(a.path), a.name);
    } catch {
      // not an account path
    }
  }
  const found: AppAccount[] = [];
  for (const bip of recoveryBips(chain, options.networkBips)) {
    const deviceIndexes = [...onDevice.keys()]
      .map((p) => /^m\/(\d+)'\/(\d+)'\/(\d+)'$/.exec(p))
      .filter((m): m is RegExpExecArray => !!m && Number(m[1]) === bip && Number(m[2]) === info.coinType)
      .map((m) => Number(m[3]));
    const lastOnDevice = deviceIndexes.length ? Math.max(...deviceIndexes) : -1;
    for (let index = 0; ; index++) {
      options.onProgress?.({ bip, index, found: found.length });
      const path = accountBasePath(bip, info.coinType, index);
      const xpub = await device.getXPublicKey(path);
      const summary = await source.getAccountState({ chain, index, bip, path, xpub });
      const used = isUsed(summary);
      const saved = onDevice.has(path);
      if (used || saved || (index === 0 && bip === info.defaultBip)) {
        const fallback = defaultAccountName(chain, index, bip);
        found.push(
          accountAt(chain, bip, index, {
            idx: now() + found.length,
            extendPubKey: xpub,
            name: saved ? sanitizeRecoveredName(onDevice.get(path), fallback) : fallback,
            balance: summary.balance,
            pending: summary.pending,
            txCount: summary.txCount,
          }),
        );
      }
      if (!used && index >= lastOnDevice) break;
    }
  }
  return found;
}

/** Writes each account back to the device (name, path, balance in satoshis). */
export async function syncToDevice(device: DiscoveryDevice, accounts: readonly AppAccount[]): Promise<void> {
  for (const a of accounts) {
    await device.setAccount({
      name: a.name,
      path: a.path,
      balance: a.balance < 0n ? '0' : a.balance.toString(),
      symbol: a.chain,
      decimal: CHAINS[a.chain].decimals,
    });
  }
}
