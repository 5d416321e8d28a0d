/**
 * The addable EVM chain list (spec 01 §2 "EVM chains area", §9; spec 02 §5, §7): a trimmed snapshot of the
 * public chain registry (chainid.network chains.json shape, shipped in chains.snapshot.json because the
 * server makes no registry download), filtered by the rules:
 *
 * - natively supported chain ids are excluded: 0, 1, 56, 50 (core's NATIVE_EVM_CHAIN_IDS);
 * - blacklisted chain ids (evm_blacklist.json) are excluded and listed as unsupported;
 * - testnet, devnet, previewnet and localnet chains are filtered out (by name/title, a faucet list, or an L2
 *   whose parent is such a chain); deprecated chains too;
 * - RPC addresses not starting with http, with ${KEY} templates, on private hosts, or in the RPC blacklist
 *   (evm_rpc_blacklist.json) are dropped; a chain left without an RPC is not offered.
 *
 * The static lists fail soft: an unreadable list is an empty list. In the local profile localnet's EVM side
 * chain (`sideEvm` in DATA_DIR/localnet/endpoints.json, chain id 31338; LOCALNET_SIDE_CHAIN_ID overrides its id)
 * is offered as well, so it can be added as a custom chain whose RPC the browser calls itself. Not the main
 * local chain (31337): that one already backs the native ETH coin, and the device keys EVM accounts by
 * (coin type 60, chain id), so adding it as a custom chain would collide with the ETH entries.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NATIVE_EVM_CHAIN_IDS } from '@secux-companion/core';
import { isNonPublicHost, normalizeRpcUrl } from '@secux-companion/server-kit/rpcGuard';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The shipped registry snapshot (also usable as the chain module's CHAIN_REGISTRY_FILE). */
export const EVM_CHAIN_SNAPSHOT_FILE = path.join(HERE, 'chains.snapshot.json');
export const EVM_BLACKLIST_FILE = path.join(HERE, 'evm_blacklist.json');
export const EVM_RPC_BLACKLIST_FILE = path.join(HERE, 'evm_rpc_blacklist.json');

/** Chain ids of the OP-stack chains with the layer-1 fee oracle (kept in step with chains/evm). */
export const L1_FEE_ORACLE_CHAIN_IDS: ReadonlySet<number> = new Set([
  10, 8453, 204, 7777777, 34443, 252, 1135, 81457,
]);

/** One chains.json entry (only the fields used here are typed). */
export interface RegistryChain {
  name: string;
  title?: string;
  chain: string;
  chainId: number;
  networkId: number;
  shortName: string;
  icon?: string;
  rpc: string[];
  faucets?: string[];
  features?: { name: string }[];
  nativeCurrency: { name: string; symbol: string; decimals: number };
  infoURL?: string;
  explorers?: { name: string; url: string; standard?: string; icon?: string }[];
  parent?: { type: string; chain: string };
  status?: string;
}

/** A chain the user can add (GET /api/evm/chains). */
export interface AddableChain {
  chainId: number;
  networkId: number;
  name: string;
  title?: string;
  chain: string;
  shortName: string;
  icon?: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  /** Usable RPCs, in registry order. */
  rpcs: string[];
  /** The first usable RPC (shown in the add-chain modal). */
  rpc: string;
  explorers: { name: string; url: string; standard?: string }[];
  infoURL?: string;
  /** The registry lists EIP-1559 among the chain's features. */
  eip1559: boolean;
  /** OP-stack layer-1 fee oracle. */
  l1FeeOracle: boolean;
  /** The local profile's own chain. */
  local?: true;
}

export interface Blacklists {
  chainIds: number[];
  rpcs: string[];
}

const TESTNET_WORDS = /\b(testnet|devnet|previewnet|localnet)\b/i;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Keeps the well-formed entries of a chains.json array (anything else is skipped). */
export function parseRegistry(data: unknown): RegistryChain[] {
  if (!Array.isArray(data)) return [];
  const out: RegistryChain[] = [];
  for (const e of data) {
    if (!isObject(e)) continue;
    const cur = e.nativeCurrency;
    if (
      typeof e.name !== 'string' ||
      typeof e.chainId !== 'number' ||
      !Number.isSafeInteger(e.chainId) ||
      e.chainId < 0 ||
      typeof e.shortName !== 'string' ||
      !Array.isArray(e.rpc) ||
      !isObject(cur) ||
      typeof cur.symbol !== 'string' ||
      typeof cur.decimals !== 'number'
    )
      continue;
    out.push({
      ...(e as unknown as RegistryChain),
      chain: typeof e.chain === 'string' ? e.chain : '',
      networkId: typeof e.networkId === 'number' ? e.networkId : e.chainId,
      rpc: e.rpc.filter((r): r is string => typeof r === 'string'),
    });
  }
  return out;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The registry snapshot ([] when unreadable). */
export function loadSnapshot(file = EVM_CHAIN_SNAPSHOT_FILE): RegistryChain[] {
  return parseRegistry(readJson(file));
}

/** The static blacklists; a missing or malformed list is empty (spec: failure gives an empty list). */
export function loadBlacklists(files: { chainIds?: string; rpcs?: string } = {}): Blacklists {
  const ids = readJson(files.chainIds ?? EVM_BLACKLIST_FILE);
  const rpcs = readJson(files.rpcs ?? EVM_RPC_BLACKLIST_FILE);
  return {
    chainIds: Array.isArray(ids)
      ? ids.filter((x): x is number => typeof x === 'number' && Number.isSafeInteger(x))
      : [],
    rpcs: Array.isArray(rpcs) ? rpcs.filter((x): x is string => typeof x === 'string') : [],
  };
}

/** A testnet, devnet, previewnet or localnet chain (by name or title, or because it has faucets). */
export function isTestnetChain(c: Pick<RegistryChain, 'name' | 'title' | 'faucets'>): boolean {
  return (
    TESTNET_WORDS.test(c.name) ||
    (c.title !== undefined && TESTNET_WORDS.test(c.title)) ||
    (c.faucets?.length ?? 0) > 0
  );
}

/** An RPC in the blacklist: equal to an entry, or below it (entry + '/…'). */
export function isBlacklistedRpc(url: string, blacklist: readonly string[]): boolean {
  const n = normalizeRpcUrl(url);
  if (!n) return true;
  return blacklist.some((entry) => {
    const b = normalizeRpcUrl(entry);
    return !!b && (n === b || n.startsWith(`${b}/`) || n.startsWith(`${b}?`));
  });
}

/** Usable RPCs of an entry: http(s) only, no ${KEY} templates or credentials, public hosts, not blacklisted. */
export function usableRpcs(rpcs: readonly string[], rpcBlacklist: readonly string[]): string[] {
  const out: string[] = [];
  for (const r of rpcs) {
    if (!/^https?:\/\//i.test(r) || r.includes('${')) continue;
    const n = normalizeRpcUrl(r);
    if (!n || isNonPublicHost(new URL(n).hostname) || isBlacklistedRpc(n, rpcBlacklist)) continue;
    if (!out.includes(r)) out.push(r);
  }
  return out;
}

function toAddable(c: RegistryChain, rpcs: string[]): AddableChain {
  return {
    chainId: c.chainId,
    networkId: c.networkId,
    name: c.name,
    ...(c.title ? { title: c.title } : {}),
    chain: c.chain,
    shortName: c.shortName,
    ...(c.icon ? { icon: c.icon } : {}),
    nativeCurrency: {
      name: c.nativeCurrency.name,
      symbol: c.nativeCurrency.symbol,
      decimals: c.nativeCurrency.decimals,
    },
    rpcs,
    rpc: rpcs[0]!,
    explorers: (c.explorers ?? [])
      .filter((e) => typeof e.url === 'string' && /^https:\/\//.test(e.url))
      .map((e) => ({
        name: e.name,
        url: e.url.replace(/\/+$/, ''),
        ...(e.standard ? { standard: e.standard } : {}),
      })),
    ...(c.infoURL ? { infoURL: c.infoURL } : {}),
    eip1559: (c.features ?? []).some((f) => f.name === 'EIP1559'),
    l1FeeOracle: L1_FEE_ORACLE_CHAIN_IDS.has(c.chainId),
  };
}

export interface AddableResult {
  chains: AddableChain[];
  /** Blacklisted chains of the registry (the add-chain modal's 'unsupported chains' note). */
  unsupported: { chainId: number; name: string }[];
}

/** Applies every filter rule; sorted by name. */
export function addableChains(registry: readonly RegistryChain[], blacklists: Blacklists): AddableResult {
  const native = new Set(NATIVE_EVM_CHAIN_IDS);
  const blocked = new Set(blacklists.chainIds);
  const testnetIds = new Set(registry.filter(isTestnetChain).map((c) => c.chainId));
  const seen = new Set<number>();
  const chains: AddableChain[] = [];
  const unsupported: { chainId: number; name: string }[] = [];
  for (const c of registry) {
    if (seen.has(c.chainId)) continue; // one chain per chain id (first wins)
    seen.add(c.chainId);
    if (native.has(c.chainId) || c.status === 'deprecated') continue;
    const parentId = /^eip155-(\d+)$/.exec(c.parent?.chain ?? '')?.[1];
    if (testnetIds.has(c.chainId) || (parentId !== undefined && testnetIds.has(Number(parentId)))) continue;
    if (blocked.has(c.chainId)) {
      unsupported.push({ chainId: c.chainId, name: c.name });
      continue;
    }
    const rpcs = usableRpcs(c.rpc, blacklists.rpcs);
    if (!rpcs.length) continue;
    chains.push(toAddable(c, rpcs));
  }
  chains.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  unsupported.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return { chains, unsupported };
}

/** localnet's default side chain id (localnet DEFAULT_SIDE_CHAIN_ID). */
export const LOCAL_SIDE_CHAIN_ID = 31338;

/**
 * The local profile's addable EVM chain: localnet's side chain from DATA_DIR/localnet/endpoints.json
 * (`sideEvm`). Null when localnet is not running, when the file predates the side chain (no `sideEvm`; the
 * main chain is never offered instead, see the header) or when the side chain has the main chain's id.
 */
export function localChain(
  dataDir: string,
  env: Record<string, string | undefined> = process.env,
): AddableChain | null {
  const file = path.join(dataDir, 'localnet', 'endpoints.json');
  const data = readJson(file);
  if (!isObject(data) || !isObject(data.sideEvm)) return null;
  const side = data.sideEvm;
  const rpcUrl = side.rpcUrl;
  if (typeof rpcUrl !== 'string' || !/^https?:\/\//.test(rpcUrl)) return null;
  const override = env.LOCALNET_SIDE_CHAIN_ID?.trim();
  const chainId =
    override && /^\d{1,10}$/.test(override)
      ? Number(override)
      : typeof side.chainId === 'number'
        ? side.chainId
        : LOCAL_SIDE_CHAIN_ID;
  // Same id as the native local ETH chain: offering it would bring back the device-entry collision.
  if (isObject(data.evm) && data.evm.chainId === chainId) return null;
  return {
    chainId,
    networkId: chainId,
    name: 'Localnet Side Chain',
    chain: 'ETH',
    shortName: 'local-side',
    // Shipped in ./icons (logos.ts), so the local profile shows a registry logo too.
    icon: 'localnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcs: [rpcUrl],
    rpc: rpcUrl,
    explorers: [],
    eip1559: true,
    l1FeeOracle: false,
    local: true,
  };
}
