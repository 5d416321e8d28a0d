/**
 * Wiring of the bitcoin-family adapter: one adapter per coin, on the network the product API runs that
 * coin on (GET /api/chains: mainnet formats on the mainnet profile, the Litecoin regtest on the local
 * profile). Loaded only by the account screens (chain libraries stay out of the landing page).
 */
import { CHAINS, isUtxoChain, type ChainSymbol } from '@secux-companion/core';
import {
  createBitcoinAdapter,
  createProductApiBackend,
  fetchChainNetworks,
  type BitcoinAdapter,
  type NetworkId,
  type ProductApiBackend,
} from '@secux-companion/chain-bitcoin';

/** Network id of a coin given the server's network for it (only LTC has a local regtest). */
export function networkIdFor(chain: ChainSymbol, serverNetwork: 'main' | 'test' | 'regtest' | undefined): NetworkId {
  if (chain === 'LTC' && serverNetwork === 'regtest') return 'LTC_REGTEST';
  if (!isUtxoChain(chain)) throw new Error(`Not Utxo base: ${chain}`);
  return chain as NetworkId;
}

export interface BitcoinChain {
  adapter: BitcoinAdapter;
  backend: ProductApiBackend;
  networkId: NetworkId;
  unit: { symbol: string; decimals: number; digits: number };
  /** The local regtest: no public explorer. */
  local: boolean;
}

let networks: Promise<Record<string, 'main' | 'test' | 'regtest'>> | null = null;
const cache = new Map<ChainSymbol, Promise<BitcoinChain>>();

function serverNetworks() {
  const pending = (networks ??= fetchChainNetworks());
  pending.catch(() => {
    if (networks === pending) networks = null; // retried on the next use
  });
  return pending;
}

export function getBitcoinChain(chain: ChainSymbol): Promise<BitcoinChain> {
  let hit = cache.get(chain);
  if (!hit) {
    hit = serverNetworks().then((n) => {
      const networkId = networkIdFor(chain, n[chain]);
      const backend = createProductApiBackend({ chain });
      const info = CHAINS[chain];
      return {
        adapter: createBitcoinAdapter(networkId, backend),
        backend,
        networkId,
        unit: { symbol: chain, decimals: info.decimals, digits: info.displayDigits },
        local: networkId === 'LTC_REGTEST',
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
