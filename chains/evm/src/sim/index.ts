// The family's local chain and its mainnet stand-in (localnet starts it; tests drive it).
export * from './node.js';
export * from './coins.js';
export * from './compile.js';
export * from './filter.js';
export * from './mainnet/evmRpc.js';
export * from './mainnet/etherscan.js';
export * from './mainnet/etherscanExplorer.js';
export * from './local.js';
