/**
 * The bitcoin family's chains as the web app keeps them: chain-bitcoin's factory (adapter over the product
 * API, on the network the server runs the coin on) plus the display unit, one per coin. Loaded only by the
 * account screens (chain libraries stay out of the landing page).
 */
import { CHAINS, type ChainSymbol } from '@secux-companion/core';
import {
  createBitcoinChain,
  serverNetworks,
  type BitcoinChain as FamilyChain,
  type ServerNetwork,
} from '@secux-companion/chain-bitcoin';

export interface BitcoinChain extends FamilyChain {
  unit: { symbol: string; decimals: number; digits: number };
  /** A local chain (the Litecoin regtest, a local Blockbook): no public explorer. */
  local: boolean;
}

let networks: Promise<Readonly<Record<string, ServerNetwork>>> | null = null;
const cache = new Map<ChainSymbol, Promise<BitcoinChain>>();

function sharedNetworks() {
  const pending = (networks ??= serverNetworks());
  pending.catch(() => {
    if (networks === pending) networks = null; // retried on the next use
  });
  return pending;
}

/**
 * Whether the server runs the coin on a local stand-in (GET /api/chains/:chain `source`): the local Blockbooks keep
 * the coin's mainnet formats, so the network alone cannot tell, and a public explorer would not know the transaction.
 */
async function servedLocally(chain: ChainSymbol): Promise<boolean> {
  const res = await fetch(`/api/chains/${chain}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api/chains/${chain} answered ${res.status}`);
  const body = (await res.json()) as { source?: unknown };
  return body.source === 'local';
}

export function getBitcoinChain(chain: ChainSymbol): Promise<BitcoinChain> {
  let hit = cache.get(chain);
  if (!hit) {
    hit = Promise.all([sharedNetworks().then((n) => createBitcoinChain({ chain, networks: n })), servedLocally(chain)])
      .then(([c, standIn]) => {
        const info = CHAINS[chain];
        return {
          ...c,
          unit: { symbol: chain, decimals: info.decimals, digits: info.displayDigits },
          local: c.adapter.network.local || standIn,
        };
      });
    cache.set(chain, hit);
    hit.catch(() => cache.delete(chain));
  }
  return hit;
}

/** Tests: forget adapters and the server's network list. */
export function resetBitcoinChains(): void {
  cache.clear();
  networks = null;
}
