/**
 * @secux-companion/chain-bitcoin — BTC, TBTC, LTC (+ local regtest), BCH, GRS, DASH, DGB, DOGE.
 * `logic/` holds the rules and the adapter; `network/` (product API client) is only used by logic.
 */
export * from './logic/index';
