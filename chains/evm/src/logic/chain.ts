/**
 * The EVM family wired to its network layer, so callers never import network/:
 * - a native chain (ETH, TETH, BSC, TBSC, XDC, HME) over the product API, on the chain id the server runs it on
 *   (GET /api/chains/:chain; the local profile runs ETH on the localnet chain 31337, without an explorer);
 * - a chain the user added, whose RPCs the browser calls itself (health check and failover in network/jsonRpc.ts,
 *   history from its Etherscan-compatible explorer API when one is known).
 */
import type { ChainSymbol } from '@secux-companion/core';
import { requestJson, type FetchLike } from '@secux-companion/chain-common';
import { createEvmProductApiBackend, serverChainId } from '../network/productApi';
import { createJsonRpcBackend } from '../network/jsonRpc';
import { createEvmAdapter, type EvmAdapter, type EvmAdapterOptions } from './adapter';
import { customEvmChain, nativeEvmChain, type AddableChainLike, type EvmChainSpec } from './chains';

export interface EvmChain {
  adapter: EvmAdapter;
  spec: EvmChainSpec;
  /** Runs locally (the local profile's chain, or a user-added loopback RPC): no public explorer. */
  local: boolean;
  /** Server chain id ('ETH', 'EVM-137') for a chain the product API serves; undefined for a user-added RPC. */
  serverChain?: string;
  /** The RPCs in use for a user-added chain, healthy first ([] when none answered). */
  rpcs?: () => Promise<string[]>;
}

export interface NativeEvmChainOptions {
  chain: ChainSymbol;
  /** Product API base, default '/api'. */
  baseUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** What GET /api/chains/:chain said, when already known (skips the request). */
  serverInfo?: { chainId?: number; source?: string };
  largeGasLimits?: boolean;
}

/** GET /api/chains/:chain → {chainId, source} (the server's chain id; source 'local' in the local profile). */
export async function fetchServerChainInfo(
  chain: string,
  options: { baseUrl?: string; fetch?: FetchLike; timeoutMs?: number } = {},
): Promise<{ chainId?: number; source?: string }> {
  const base = (options.baseUrl ?? '/api').replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((i, init) => globalThis.fetch(i, init));
  const body = await requestJson(
    doFetch,
    `${base}/chains/${encodeURIComponent(chain)}`,
    { timeoutMs: options.timeoutMs ?? 30_000 },
    (status, message, code) => Object.assign(new Error(message), { status, code }),
  );
  const o = (body ?? {}) as { chainId?: unknown; source?: unknown };
  return {
    ...(typeof o.chainId === 'number' && Number.isSafeInteger(o.chainId) ? { chainId: o.chainId } : {}),
    ...(typeof o.source === 'string' ? { source: o.source } : {}),
  };
}

/** A native EVM chain served by the product API. */
export async function createNativeEvmChain(options: NativeEvmChainOptions): Promise<EvmChain> {
  const io = {
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  const info = options.serverInfo ?? (await fetchServerChainInfo(options.chain, io));
  const local = info.source === 'local';
  const spec = nativeEvmChain(options.chain, {
    ...(info.chainId !== undefined ? { chainId: info.chainId } : {}),
    ...(local ? { explorer: false as const } : {}),
  });
  const serverChain = serverChainId(spec.symbol, spec.chainId);
  const backend = createEvmProductApiBackend({
    chain: serverChain,
    ...io,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  const adapterOptions: EvmAdapterOptions = {
    nonceFallbacks: backend.nonceFallbacks(),
    ...(options.largeGasLimits ? { largeGasLimits: true } : {}),
  };
  return { adapter: createEvmAdapter(spec, backend, adapterOptions), spec, local, serverChain };
}

export interface CustomEvmChainOptions {
  fetch?: FetchLike;
  timeoutMs?: number;
  /** Etherscan-compatible explorer API (…/api) for history; none → empty history. */
  explorerApi?: string;
  largeGasLimits?: boolean;
}

const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/;

/** A chain the user added: the browser calls its RPCs (first healthy one, failover to the next). */
export function createCustomEvmChain(entry: AddableChainLike, options: CustomEvmChainOptions = {}): EvmChain {
  const spec = customEvmChain(entry);
  const backend = createJsonRpcBackend({
    chainId: entry.chainId,
    rpcs: entry.rpcs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.explorerApi ? { explorerApi: options.explorerApi } : {}),
  });
  const adapter = createEvmAdapter(spec, backend, {
    nonceFallbacks: backend.nonceFallbacks(),
    ...(options.largeGasLimits ? { largeGasLimits: true } : {}),
  });
  return { adapter, spec, local: entry.rpcs.some((r) => LOOPBACK.test(r)), rpcs: () => backend.rpcs() };
}
