/**
 * Spec 01 §4 / 02 §4: the device's table (coin type) gives names and the indexes to keep; per bip the network
 * supports (44 and 49, plus 84 and 86 for BTC) the next index is probed while it shows activity or the device
 * has a later one. Kept: used accounts, accounts on the device, and index 0 of the default bip. Each probe is one
 * extended public key from the device and one product-API request; the bips are probed side by side.
 */
import {
  accountBasePath,
  defaultAccountName,
  sanitizeRecoveredName,
  toBareAccountPath,
  type Bip,
} from '@secux-companion/core';
import type { DeviceAccountTable, DiscoveredAccount, DiscoverOptions } from '@secux-companion/chain-common';
import type { BtcKeySource } from '../types';
import { summaryOf, type BitcoinContext } from './context';

/** An account shows activity: transactions, a balance, or a pending amount. */
export function isUsedSummary(s: { balance: bigint; unconfirmed: bigint; txCount: number }): boolean {
  return s.txCount > 0 || s.balance !== 0n || s.unconfirmed !== 0n;
}

/** Names on the device by bare account path (entries that are not account paths are left out). */
async function deviceNames(ctx: BitcoinContext, device: DeviceAccountTable): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const a of await device.getAccounts(ctx.info.coinType)) {
    try {
      names.set(toBareAccountPath(a.path), a.name);
    } catch {
      // not an account path
    }
  }
  return names;
}

/** The accounts of one bip: index 0 up, while used or the device has a later one. */
async function discoverBip(
  ctx: BitcoinContext,
  device: BtcKeySource,
  discover: DiscoverOptions,
  bip: Bip,
  onDevice: Map<string, string>,
  found: DiscoveredAccount[],
  foundSoFar: () => number,
): Promise<void> {
  const { chain, info, backend } = ctx;
  const deviceIndexes = [...onDevice.keys()]
    .map((p) => /^m\/(\d+)'\/(\d+)'\/(\d+)'$/.exec(p))
    .filter((m): m is RegExpExecArray => !!m && Number(m[1]) === bip && Number(m[2]) === info.coinType)
    .map((m) => Number(m[3]));
  const lastOnDevice = deviceIndexes.length ? Math.max(...deviceIndexes) : -1;
  for (let index = 0; ; index++) {
    if (discover.signal?.aborted) throw discover.signal.reason ?? new Error('aborted');
    discover.onProgress?.({ bip, index, found: foundSoFar() });
    const path = accountBasePath(bip, info.coinType, index);
    const xpub = await device.getXPublicKey(path);
    const raw = await backend.getAccountSummary(xpub, bip);
    const used = isUsedSummary(raw);
    const saved = onDevice.has(path);
    if (used || saved || (index === 0 && bip === info.defaultBip)) {
      const fallback = defaultAccountName(chain, index, bip);
      found.push({
        descriptor: { chain, index, bip, path, xpub },
        summary: summaryOf(raw),
        name: saved ? sanitizeRecoveredName(onDevice.get(path), fallback) : fallback,
        onDevice: saved,
      });
    }
    if (!used && index >= lastOnDevice) break;
  }
}

export async function discoverAccounts(
  ctx: BitcoinContext,
  device: BtcKeySource & DeviceAccountTable,
  discover: DiscoverOptions = {},
): Promise<DiscoveredAccount[]> {
  ctx.backend.clearCache?.();
  const onDevice = await deviceNames(ctx, device);
  const bips = (discover.bips ?? ctx.info.bips).filter((b) => ctx.network.bips.includes(b));
  // The bips side by side: the device answers one request at a time, but each bip's network reads overlap the
  // others' (a scan by activity is a chain of round trips, one per account). The order stays the bips' own.
  const perBip = bips.map(() => [] as DiscoveredAccount[]);
  const foundSoFar = () => perBip.reduce((n, f) => n + f.length, 0);
  await Promise.all(
    bips.map((bip, i) => discoverBip(ctx, device, discover, bip, onDevice, perBip[i]!, foundSoFar)),
  );
  return perBip.flat();
}
