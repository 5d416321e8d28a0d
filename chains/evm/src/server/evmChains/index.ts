export * from './registry.js';
export * from '@secux-companion/server-kit/rpcGuard';
export * from './routes.js';
