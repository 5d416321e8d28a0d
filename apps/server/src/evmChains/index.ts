export * from './registry.js';
export * from './rpcGuard.js';
export * from './routes.js';
