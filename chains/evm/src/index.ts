/**
 * @secux-companion/chain-evm — ETH, TETH, BSC, TBSC, XDC, HME and user-added EVM chains.
 * Public: the adapter, the factories `createNativeEvmChain` / `createCustomEvmChain` and domain types (API.md).
 * `network/` (product API, the user's own RPC called from the browser) is private to logic/.
 */
export * from './logic/index';

// Legacy, until apps/web/src/chains/evm.ts and evm/nfts.ts use the factories and adapter.getNfts (API.md): then
// delete these lines.
// eslint-disable-next-line no-restricted-imports
export { createEvmProductApiBackend, createJsonRpcBackend, parseServerNft } from './network/index';
