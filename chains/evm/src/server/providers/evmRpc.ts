/**
 * EVM JSON-RPC (spec 02 §7 "ETH and generic EVM"): eth_getBalance, eth_getTransactionCount, eth_estimateGas,
 * eth_gasPrice, eth_feeHistory (3 blocks, percentiles 25/50/75 → low/medium/high), eth_call (ERC-20 name, symbol,
 * decimals, balanceOf, batched), eth_sendRawTransaction.
 *
 * RPC selection (spec 02 §4): {@link EvmRpcPool.ordered} checks every RPC in parallel with a 3 s timeout
 * (eth_chainId, then a real read: the latest block); the first healthy one (right chain id) is the main RPC and the
 * others follow in the order they answered. RPCs that failed the check (refused, hung, 5xx, garbage, wrong chain id)
 * are skipped, and so are those whose circuit breaker is open (failover.ts: they failed real calls) while another
 * RPC can answer. When a call fails on the main
 * RPC it is retried on the next healthy one and the check runs again on the next call.
 *
 * The pieces live in ./evmRpc/: transport (calls, batches, errors), erc20, fees, provider and pool.
 */
export { evmRpcError, rpcTransport } from './evmRpc/transport.js';
export { asciiOnly, erc20Info } from './evmRpc/erc20.js';
export { feesFrom } from './evmRpc/fees.js';
export type { EvmRpcOptions, EvmRpcProvider } from './evmRpc/provider.js';
export { createEvmRpc } from './evmRpc/provider.js';
export type { EvmRpcPool } from './evmRpc/pool.js';
export { createEvmRpcPool } from './evmRpc/pool.js';
