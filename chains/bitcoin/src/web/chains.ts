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
import { servedLocally } from '@secux-companion/web-kit/family/served';

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

export function getBitcoinChain(chain: ChainSymbol): Promise<BitcoinChain> {
  let hit = cache.get(chain);
  if (!hit) {
    hit = Promise.all([
      sharedNetworks().then((n) => createBitcoinChain({ chain, networks: n })),
      servedLocally(chain),
    ])
      // A local Blockbook keeps the coin's mainnet formats: the network alone cannot tell that it is local.
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
