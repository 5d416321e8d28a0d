/**
 * Wiring of the EVM-family adapter: native chains (ETH, TETH, BSC, TBSC, XDC, HME) over the product API,
 * on the chain id the server runs them on (GET /api/chains/:chain; the local profile runs ETH on the
 * localnet chain), and chains the user added, whose RPCs the browser calls itself (health check and
 * failover in chain-evm's JSON-RPC backend). Loaded only by the account screens.
 */
import { CHAINS, type ChainSymbol } from '@secux-companion/core';
import {
  createEvmAdapter,
  createEvmProductApiBackend,
  createJsonRpcBackend,
  customEvmChain,
  nativeEvmChain,
  type AddableChainLike,
  type EvmAdapter,
  type EvmBackend,
  type EvmChainSpec,
} from '@secux-companion/chain-evm';

export interface EvmChain {
  adapter: EvmAdapter;
  backend: EvmBackend;
  spec: EvmChainSpec;
  /** The server runs this chain locally (no public explorer). */
  local: boolean;
  /** Display unit: the native currency with core's display digits (9 for ETH and BSC, 8 elsewhere). */
  unit: { symbol: string; decimals: number; digits: number };
}

function unitOf(spec: EvmChainSpec) {
  return { symbol: spec.coin, decimals: spec.decimals, digits: CHAINS[spec.symbol].displayDigits };
}

const cache = new Map<string, Promise<EvmChain>>();

async function serverChainInfo(chain: ChainSymbol): Promise<{ chainId?: number; source?: string }> {
  const res = await fetch(`/api/chains/${encodeURIComponent(chain)}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as { chainId?: number; source?: string };
}

/** A native EVM chain served by the product API. */
export function getEvmChain(chain: ChainSymbol): Promise<EvmChain> {
  let hit = cache.get(chain);
  if (!hit) {
    hit = serverChainInfo(chain).then((info) => {
      const local = info.source === 'local';
      const spec = nativeEvmChain(chain, {
        ...(Number.isSafeInteger(info.chainId) ? { chainId: info.chainId } : {}),
        ...(local ? { explorer: false as const } : {}),
      });
      const backend = createEvmProductApiBackend({ chain });
      const adapter = createEvmAdapter(spec, backend, { nonceFallbacks: backend.nonceFallbacks() });
      return { adapter, backend, spec, local, unit: unitOf(spec) };
    });
    cache.set(chain, hit);
    hit.catch(() => cache.delete(chain));
  }
  return hit;
}

/** A chain the user added: the browser calls its RPCs (first healthy one, failover to the next). */
export function getCustomEvmChain(entry: AddableChainLike): EvmChain {
  const spec = customEvmChain(entry);
  const backend = createJsonRpcBackend({ chainId: entry.chainId, rpcs: entry.rpcs });
  const loopback = entry.rpcs.some((r) => /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(r));
  const adapter = createEvmAdapter(spec, backend, { nonceFallbacks: backend.nonceFallbacks() });
  return { adapter, backend, spec, local: loopback, unit: unitOf(spec) };
}

/** Tests: forget adapters. */
export function resetEvmChains(): void {
  cache.clear();
}
