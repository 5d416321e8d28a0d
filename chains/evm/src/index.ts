/**
 * @secux-companion/chain-evm — ETH, TETH, BSC, TBSC, XDC, HME and user-added EVM chains.
 * `logic/` holds the rules and the adapter; `network/` implements its backend (product API, or the
 * user's own RPC called from the browser).
 */
export * from './logic/index';
export * from './network/index';
