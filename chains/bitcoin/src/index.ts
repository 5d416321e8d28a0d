/**
 * @secux-companion/chain-bitcoin — BTC, TBTC, LTC (+ local regtest), BCH, GRS, DASH, DGB, DOGE.
 * Public: the adapter, the factory `createBitcoinChain` and domain types (API.md). `network/` is private to logic/.
 */
export * from './logic/index';

// Legacy, until apps/web/src/chains/bitcoin.ts uses createBitcoinChain (API.md): then delete this line.
// eslint-disable-next-line no-restricted-imports
export { createProductApiBackend, fetchChainNetworks, type ProductApiBackend } from './network/index';
