// The family's local chain and its mainnet stand-in (localnet starts it; tests drive it).
export * from './start.js';
export * from './coins.js';
export * from './script.js';
export * from './litecoin.js';
export * from './mainnet/blockbook.js';
export * from './mainnet/mempool.js';
export * from './local.js';
