/**
 * The bitcoin family wired to its network layer, so callers never import network/: one adapter per coin, on
 * the network the product API runs that coin on (GET /api/chains: mainnet formats on the mainnet profile, the
 * Litecoin regtest on the local profile).
 */
import { UTXO_CHAIN_SYMBOLS, isUtxoChain, type ChainSymbol } from '@secux-companion/core';
import type { FetchLike } from '@secux-companion/chain-common';
import { createProductApiBackend, fetchChainNetworks } from '../network/productApi';
import { createBitcoinAdapter, type BitcoinAdapter, type BitcoinAdapterOptions } from './adapter';
import { NETWORKS, type NetworkId } from './networks';

/** The coins of the bitcoin family: core's UTXO list (one home for it). */
export const BITCOIN_CHAINS: readonly ChainSymbol[] = UTXO_CHAIN_SYMBOLS;

export function isBitcoinChain(chain: ChainSymbol | null | undefined): boolean {
  return isUtxoChain(chain);
}

export type ServerNetwork = 'main' | 'test' | 'regtest';

/** Network id of a coin given the server's network for it (only LTC has a local regtest). */
export function bitcoinNetworkFor(chain: ChainSymbol, serverNetwork: ServerNetwork | undefined): NetworkId {
  if (chain === 'LTC' && serverNetwork === 'regtest') return 'LTC_REGTEST';
  if (!isBitcoinChain(chain)) throw new Error(`Not Utxo base: ${chain}`);
  return chain as NetworkId;
}

export interface BitcoinChainOptions extends BitcoinAdapterOptions {
  chain: ChainSymbol;
  /** Product API base, default '/api'. */
  baseUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** The server's network per chain when already known (skips GET /chains). */
  networks?: Readonly<Record<string, ServerNetwork>>;
}

export interface BitcoinChain {
  adapter: BitcoinAdapter;
  networkId: NetworkId;
  chain: ChainSymbol;
}

/** Which network the server runs each chain on ({LTC: 'regtest', …}); GET /api/chains. */
export function serverNetworks(options: { baseUrl?: string; fetch?: FetchLike } = {}) {
  return fetchChainNetworks(options);
}

/** The bitcoin-family chain of a coin over the product API (asks the server's network unless given). */
export async function createBitcoinChain(options: BitcoinChainOptions): Promise<BitcoinChain> {
  const io = { ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}), ...(options.fetch ? { fetch: options.fetch } : {}) };
  const networks = options.networks ?? (await fetchChainNetworks(io));
  const networkId = bitcoinNetworkFor(options.chain, networks[options.chain]);
  const backend = createProductApiBackend({
    chain: options.chain,
    ...io,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  const adapter = createBitcoinAdapter(networkId, backend, options.rng ? { rng: options.rng } : {});
  return { adapter, networkId, chain: NETWORKS[networkId].chain };
}
