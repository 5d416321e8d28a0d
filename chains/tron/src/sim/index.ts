// The family's local chain and its mainnet stand-in (localnet starts it; tests drive it).
export * from './start.js';
export * from './simulator.js';
export * from './mainnet.js';
export * from './local.js';
