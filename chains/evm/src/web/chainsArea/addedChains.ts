/**
 * The EVM chains area (spec 01 §2 "EVM chains area"): chains the user added from the chain registry the
 * product API serves (GET /api/evm/chains; blacklisted ids and RPCs from GET /api/evm/blacklist, native ids
 * and testnets left out), kept in local storage with their accounts. Their RPCs are called from the browser.
 */
import { NATIVE_EVM_CHAIN_IDS, accountBasePath, signingPath } from '@secux-companion/core';
import {
  nextEvmAccountIndex,
  nextEvmAccountName,
  removeEvmAccount,
  type AddedEvmChain,
} from '@secux-companion/chain-evm';
import { currentDevice } from '@secux-companion/web-kit/device/runtime';
import { getCustomEvmChain, type EvmChain } from '../chains';
import { WALLET_STORAGE_KEYS } from '@secux-companion/web-kit/state/walletStorage';

export interface RegistryChain {
  chainId: number;
  name: string;
  shortName?: string;
  nativeCurrency: { name?: string; symbol: string; decimals: number };
  rpcs: string[];
  explorers?: { url: string }[];
  eip1559?: boolean;
  l1FeeOracle?: boolean;
  local?: boolean;
}

export interface ChainRegistry {
  chains: RegistryChain[];
  unsupported: { chainId: number; name: string }[];
}

const TESTNET = /\b(test(net)?|devnet|previewnet|sepolia|goerli|holesky)\b/i;

/** An RPC URL the browser may call: https, or http on loopback (local profile; the CSP allows both). */
export function isUsableRpc(url: string): boolean {
  try {
    const u = new URL(url.trim());
    if (u.username || u.password || /\$\{/.test(url)) return false;
    if (u.protocol === 'https:') return true;
    return u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
  } catch {
    return false;
  }
}

/**
 * A registry entry the wallet can use: a whole chain id, a name, a native currency with a symbol and whole
 * decimals (amounts are scaled by them), RPCs and explorers as strings. Anything else is left out.
 */
export function isRegistryChain(v: unknown): v is RegistryChain {
  if (!v || typeof v !== 'object') return false;
  const c = v as Partial<Record<keyof RegistryChain, unknown>>;
  const cur = c.nativeCurrency as { symbol?: unknown; decimals?: unknown } | undefined;
  return (
    Number.isSafeInteger(c.chainId) &&
    (c.chainId as number) > 0 &&
    typeof c.name === 'string' &&
    !!cur &&
    typeof cur.symbol === 'string' &&
    Number.isInteger(cur.decimals) &&
    (cur.decimals as number) >= 0 &&
    (cur.decimals as number) <= 36 &&
    Array.isArray(c.rpcs) &&
    c.rpcs.every((r) => typeof r === 'string') &&
    (c.explorers === undefined ||
      (Array.isArray(c.explorers) &&
        c.explorers.every((e) => !!e && typeof (e as { url?: unknown }).url === 'string')))
  );
}

/** The addable chains: blacklisted ids and RPCs, native ids and testnets (except the local chain) filtered out. */
export async function fetchChainRegistry(): Promise<ChainRegistry> {
  const [res, bl] = await Promise.all([
    fetch('/api/evm/chains'),
    fetch('/api/evm/blacklist').catch(() => null),
  ]);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = (await res.json()) as {
    chains?: unknown[];
    unsupported?: { chainId?: unknown; name?: unknown }[];
  };
  let blacklist: { chainIds: number[]; rpcs: string[] } = { chainIds: [], rpcs: [] };
  if (bl?.ok) {
    try {
      const b = (await bl.json()) as { chainIds?: unknown; rpcs?: unknown };
      blacklist = {
        chainIds: Array.isArray(b.chainIds)
          ? b.chainIds.filter((x): x is number => typeof x === 'number')
          : [],
        rpcs: Array.isArray(b.rpcs) ? b.rpcs.filter((x): x is string => typeof x === 'string') : [],
      };
    } catch {
      // no blacklist
    }
  }
  const rpcBlocked = (r: string) =>
    blacklist.rpcs.some((b) => r === b || r.startsWith(b.replace(/\/?$/, '/')));
  const chains = (Array.isArray(body.chains) ? body.chains : [])
    .filter(isRegistryChain)
    .filter((c) => !NATIVE_EVM_CHAIN_IDS.includes(c.chainId) && !blacklist.chainIds.includes(c.chainId))
    .filter((c) => c.local || !TESTNET.test(c.name))
    .map((c) => ({ ...c, rpcs: c.rpcs.filter((r) => isUsableRpc(r) && !rpcBlocked(r)) }))
    .filter((c) => c.rpcs.length > 0);
  const unsupported = (Array.isArray(body.unsupported) ? body.unsupported : []).filter(
    (u): u is { chainId: number; name: string } =>
      !!u && Number.isSafeInteger(u.chainId) && typeof u.name === 'string',
  );
  return { chains, unsupported };
}

interface StoredChain extends Omit<AddedEvmChain, 'accounts' | 'hasValidRpc'> {
  eip1559?: boolean;
  l1FeeOracle?: boolean;
  accounts: { index: number; name: string; address: string; balance: string }[];
}

export function readAddedChains(): AddedEvmChain[] {
  try {
    const raw = localStorage.getItem(WALLET_STORAGE_KEYS.addedEvmChains);
    const list = raw ? (JSON.parse(raw) as StoredChain[]) : [];
    return list
      .filter((c) => Number.isInteger(c.chainId) && Array.isArray(c.rpcs) && Array.isArray(c.accounts))
      .map((c) => ({
        ...c,
        rpcs: c.rpcs.filter(isUsableRpc),
        hasValidRpc: true,
        accounts: c.accounts.map((a) => ({ ...a, balance: safeBigInt(a.balance) })),
      }));
  } catch {
    return [];
  }
}

function safeBigInt(v: unknown): bigint {
  try {
    return BigInt(String(v));
  } catch {
    return 0n;
  }
}

export function writeAddedChains(chains: readonly AddedEvmChain[]): void {
  const stored: StoredChain[] = chains.map(({ hasValidRpc: _valid, accounts, ...c }) => ({
    ...c,
    accounts: accounts.map((a) => ({ ...a, balance: a.balance.toString() })),
  }));
  try {
    localStorage.setItem(WALLET_STORAGE_KEYS.addedEvmChains, JSON.stringify(stored));
  } catch (e) {
    console.warn('EVM chains not saved', e);
  }
}

/** The adapter of an added chain (its RPCs called from the browser; failover to the next healthy one). */
const adapters = new Map<string, EvmChain>();
export function chainOf(c: AddedEvmChain & { eip1559?: boolean; l1FeeOracle?: boolean }): EvmChain {
  const key = `${c.chainId}|${c.rpcs.join(',')}`;
  let hit = adapters.get(key);
  if (!hit) {
    hit = getCustomEvmChain({
      chainId: c.chainId,
      name: c.name,
      nativeCurrency: { symbol: c.coin, decimals: c.decimals },
      rpcs: c.rpcs,
      ...(c.explorer ? { explorers: [{ url: c.explorer }] } : {}),
      ...(c.eip1559 !== undefined ? { eip1559: c.eip1559 } : {}),
      ...(c.l1FeeOracle !== undefined ? { l1FeeOracle: c.l1FeeOracle } : {}),
    });
    adapters.set(key, hit);
  }
  return hit;
}

/** Adds a chain with its first account (written to the device). */
export async function addChain(entry: RegistryChain, rpcs: string[]): Promise<AddedEvmChain[]> {
  const chains = readAddedChains();
  if (chains.some((c) => c.chainId === entry.chainId)) return chains;
  const explorer = entry.explorers?.find((e) => /^https:\/\//.test(e.url))?.url;
  const chain: AddedEvmChain & { eip1559?: boolean; l1FeeOracle?: boolean } = {
    chainId: entry.chainId,
    name: entry.name,
    shortName: entry.shortName ?? entry.name,
    coin: entry.nativeCurrency.symbol,
    decimals: entry.nativeCurrency.decimals,
    rpcs,
    hasValidRpc: true,
    ...(explorer ? { explorer } : {}),
    ...(entry.eip1559 !== undefined ? { eip1559: entry.eip1559 } : {}),
    ...(entry.l1FeeOracle !== undefined ? { l1FeeOracle: entry.l1FeeOracle } : {}),
    accounts: [],
  };
  const withAccount = await addAccount(chain);
  const next = [...chains, withAccount];
  writeAddedChains(next);
  return next;
}

/** The next account of a chain (first unused index, name from the shortened chain name), written to the device. */
export async function addAccount<C extends AddedEvmChain>(chain: C): Promise<C> {
  const index = nextEvmAccountIndex(chain);
  const name = nextEvmAccountName(chain);
  const path = accountBasePath(44, 60, index);
  const device = currentDevice();
  const address = await device.getAddress(signingPath('EVM', path));
  await device.setAccount({
    name,
    path,
    balance: '0',
    symbol: chain.coin,
    decimal: chain.decimals,
    chainId: chain.chainId,
  });
  return {
    ...chain,
    accounts: [...chain.accounts, { index, name, address, balance: 0n }].sort((a, b) => a.index - b.index),
  };
}

export async function addAccountTo(chainId: number): Promise<AddedEvmChain[]> {
  const chains = readAddedChains();
  const next = await Promise.all(chains.map((c) => (c.chainId === chainId ? addAccount(c) : c)));
  writeAddedChains(next);
  return next;
}

/** Deletes an account ('Can not delete an active account' above 0); the chain goes with its last account. */
export async function deleteChainAccount(chainId: number, index: number): Promise<AddedEvmChain[]> {
  const chains = readAddedChains();
  const next = removeEvmAccount(chains, chainId, index);
  await currentDevice().deleteAccount(accountBasePath(44, 60, index), chainId);
  writeAddedChains(next);
  return next;
}

/** Balances of every account of a chain and whether any RPC answered (health check). */
export async function refreshChain(chain: AddedEvmChain): Promise<AddedEvmChain> {
  const evm = chainOf(chain);
  try {
    const accounts = await Promise.all(
      chain.accounts.map(async (a) => {
        const path = accountBasePath(44, 60, a.index);
        const s = await evm.adapter.getAccountSummary(
          { chain: 'EVM', index: a.index, bip: 44, path, address: a.address },
          { fresh: true },
        );
        return { ...a, balance: s.balance };
      }),
    );
    return { ...chain, accounts, hasValidRpc: true };
  } catch (e) {
    console.warn(`chain ${chain.chainId}: no valid RPC`, e);
    return { ...chain, hasValidRpc: false };
  }
}

/** Chain ids the product API serves as native coins (the local profile runs ETH on the local chain). */
async function servedEvmChainIds(): Promise<number[]> {
  try {
    const res = await fetch('/api/chains');
    if (!res.ok) return [];
    const body = (await res.json()) as { chains?: { family?: string; chainId?: unknown }[] };
    return (body.chains ?? [])
      .filter((c) => c.family === 'evm' && typeof c.chainId === 'number')
      .map((c) => c.chainId as number);
  } catch {
    return [];
  }
}

/**
 * Recovery (spec 01 §4 "Account sync and recovery"): the device's EVM accounts (coin 60) on chains of the
 * registry join the added chains (chain and missing accounts, named as on the device). Native chain ids and
 * the chains the server runs as native coins are left to the coin menu.
 */
export async function recoverAddedChains(): Promise<AddedEvmChain[]> {
  const chains = readAddedChains();
  const device = currentDevice();
  const entries = await device.getAccounts(60);
  const excluded = new Set([...NATIVE_EVM_CHAIN_IDS, ...(await servedEvmChainIds())]);
  const byChain = new Map<number, { index: number; name: string }[]>();
  for (const e of entries) {
    const m = /^m\/44'\/60'\/(\d+)'/.exec(e.path);
    if (!m || !e.chainId || excluded.has(e.chainId)) continue;
    const list = byChain.get(e.chainId) ?? [];
    if (!list.some((x) => x.index === Number(m[1]))) list.push({ index: Number(m[1]), name: e.name });
    byChain.set(e.chainId, list);
  }
  if (!byChain.size) return chains;
  const missing = [...byChain.keys()].filter((id) => !chains.some((c) => c.chainId === id));
  const registry = missing.length ? await fetchChainRegistry().catch(() => null) : null;
  let changed = false;
  const next = [...chains];
  for (const [chainId, found] of byChain) {
    let chain = next.find((c) => c.chainId === chainId);
    if (!chain) {
      const entry = registry?.chains.find((c) => c.chainId === chainId);
      if (!entry) continue;
      const explorer = entry.explorers?.find((e) => /^https:\/\//.test(e.url))?.url;
      chain = {
        chainId,
        name: entry.name,
        shortName: entry.shortName ?? entry.name,
        coin: entry.nativeCurrency.symbol,
        decimals: entry.nativeCurrency.decimals,
        rpcs: entry.rpcs,
        hasValidRpc: true,
        ...(explorer ? { explorer } : {}),
        accounts: [],
      };
      next.push(chain);
    }
    for (const f of found.sort((a, b) => a.index - b.index)) {
      if (chain.accounts.some((a) => a.index === f.index)) continue;
      const address = await device.getAddress(signingPath('EVM', accountBasePath(44, 60, f.index)));
      chain.accounts = [...chain.accounts, { index: f.index, name: f.name, address, balance: 0n }].sort(
        (a, b) => a.index - b.index,
      );
      changed = true;
    }
  }
  if (changed) writeAddedChains(next);
  return next;
}
