/**
 * @secux-companion/chain-bitcoin — BTC, TBTC, LTC (+ local regtest), BCH, GRS, DASH, DGB, DOGE.
 * Public: the adapter, the factory `createBitcoinChain` and domain types (API.md). `network/` is private to logic/.
 */
export * from './logic/index';

