/** Account discovery: probing by activity, merged with the names and indexes the device keeps (spec 01 §4). */
import {
  CHAINS,
  accountBasePath,
  defaultAccountName,
  defaultEvmAccountName,
  sanitizeRecoveredName,
  signingPath,
  toBareAccountPath,
} from '@secux-companion/core';
import type {
  AccountDescriptor,
  DeviceAccountTable,
  DiscoverOptions,
  DiscoveredAccount,
} from '@secux-companion/chain-common';
import { getAddress } from 'viem';
import type { EvmAccountSummary, EvmKeySource } from '../types';
import type { EvmContext } from './context';
import { summaryOf } from './getBalance';

/** Probes accounts while they have activity (index 0 always), keeping the summary each probe read. */
export async function discoverWithSummaries(
  { chain, backend }: EvmContext,
  keys: EvmKeySource,
  discover: DiscoverOptions = {},
): Promise<{ account: AccountDescriptor; summary: EvmAccountSummary }[]> {
  const gap = discover.gapLimit ?? 1;
  const bip = 44 as const;
  const coinType = CHAINS[chain].coinType;
  const found: { account: AccountDescriptor; summary: EvmAccountSummary }[] = [];
  let empty = 0;
  for (let index = 0; empty < gap; index++) {
    if (discover.signal?.aborted) throw discover.signal.reason ?? new Error('aborted');
    discover.onProgress?.({ bip, index, found: found.length });
    const path = accountBasePath(bip, coinType, index);
    const address = getAddress(await keys.getAddress(signingPath(chain, path)));
    const summary = await backend.getAccount(address);
    const used = summary.balance > 0n || summary.txCount > 0 || summary.nonce > 0;
    if (used || index === 0) found.push({ account: { chain, index, bip, path, address }, summary });
    empty = used ? 0 : empty + 1;
  }
  return found;
}

/** Default name of account `index`: 'Ethereum 1' on a native chain, the shortened chain name on an added one. */
function defaultName({ chain, spec }: EvmContext, index: number): string {
  return chain === 'EVM' ? defaultEvmAccountName(spec.name, index) : defaultAccountName(chain, index, 44);
}

/** Account indexes and names saved on the device for this chain (coin 60 and its chain id). */
async function deviceNames(
  { chain, spec }: EvmContext,
  device: DeviceAccountTable,
): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const a of await device.getAccounts(CHAINS[chain].coinType, spec.chainId)) {
    try {
      const m = /^m\/44'\/(\d+)'\/(\d+)'$/.exec(toBareAccountPath(a.path));
      if (m && Number(m[1]) === CHAINS[chain].coinType) names.set(Number(m[2]), a.name);
    } catch {
      // not an account path
    }
  }
  return names;
}

/**
 * Spec 01 §4: the device's table (coin 60 and this chain id) gives names and indexes kept even when unused;
 * probing adds index 0 and every index while it has activity. Accounts known only from the device are read
 * in parallel (one backend call each); probed ones reuse their probe's answer.
 */
export async function discoverAccounts(
  ctx: EvmContext,
  device: DeviceAccountTable & EvmKeySource,
  discover: DiscoverOptions = {},
): Promise<DiscoveredAccount[]> {
  const { chain, backend } = ctx;
  const onDevice = await deviceNames(ctx, device);
  const probed = await discoverWithSummaries(ctx, device, discover);
  const indexes = [...new Set([...probed.map((d) => d.account.index), ...onDevice.keys()])].sort(
    (a, b) => a - b,
  );
  const coinType = CHAINS[chain].coinType;
  return Promise.all(
    indexes.map(async (index): Promise<DiscoveredAccount> => {
      const hit = probed.find((d) => d.account.index === index);
      const path = accountBasePath(44, coinType, index);
      const address = hit?.account.address ?? getAddress(await device.getAddress(signingPath(chain, path)));
      const s = hit?.summary ?? (await backend.getAccount(address));
      const fallback = defaultName(ctx, index);
      return {
        descriptor: { chain, index, bip: 44, path, address },
        summary: summaryOf(s),
        name: onDevice.has(index) ? sanitizeRecoveredName(onDevice.get(index), fallback) : fallback,
        onDevice: onDevice.has(index),
      };
    }),
  );
}
