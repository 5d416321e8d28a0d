export * from './http';
export * from './productApi';
export * from './jsonRpc';
