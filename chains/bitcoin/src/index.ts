/**
 * @secux-companion/chain-bitcoin — BTC, TBTC, LTC (+ local regtest), BCH, GRS, DASH, DGB, DOGE.
 * `logic/` holds the rules and the adapter; `network/` (product API client) implements its backend.
 */
export * from './logic/index';
export * from './network/index';
