/**
 * The EVM family's chains as the web app keeps them: chain-evm's factories (a native chain over the product
 * API on the chain id the server runs it on; a chain the user added over its own RPCs, called from the
 * browser) plus the display unit. Loaded only by the account screens.
 */
import { CHAINS, type ChainSymbol } from '@secux-companion/core';
import {
  createCustomEvmChain,
  createNativeEvmChain,
  type AddableChainLike,
  type EvmChain as FamilyChain,
  type EvmChainSpec,
} from '@secux-companion/chain-evm';

export interface EvmChain extends FamilyChain {
  /** Display unit: the native currency with core's display digits (9 for ETH and BSC, 8 elsewhere). */
  unit: { symbol: string; decimals: number; digits: number };
}

function withUnit(c: FamilyChain): EvmChain {
  return { ...c, unit: unitOf(c.spec) };
}

function unitOf(spec: EvmChainSpec) {
  return { symbol: spec.coin, decimals: spec.decimals, digits: CHAINS[spec.symbol].displayDigits };
}

const cache = new Map<string, Promise<EvmChain>>();

/** A native EVM chain served by the product API. */
export function getEvmChain(chain: ChainSymbol): Promise<EvmChain> {
  let hit = cache.get(chain);
  if (!hit) {
    hit = createNativeEvmChain({ chain }).then(withUnit);
    cache.set(chain, hit);
    hit.catch(() => cache.delete(chain));
  }
  return hit;
}

/** A chain the user added: the browser calls its RPCs (first healthy one, failover to the next). */
export function getCustomEvmChain(entry: AddableChainLike): EvmChain {
  return withUnit(createCustomEvmChain(entry));
}

/** Tests: forget adapters. */
export function resetEvmChains(): void {
  cache.clear();
}
