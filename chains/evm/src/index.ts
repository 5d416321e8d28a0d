/**
 * @secux-companion/chain-evm — ETH, TETH, BSC, TBSC, XDC, HME and user-added EVM chains.
 * Public: the adapter, the factories `createNativeEvmChain` / `createCustomEvmChain` and domain types (API.md).
 * `network/` (product API, the user's own RPC called from the browser) is private to logic/.
 */
export * from './logic/index';

