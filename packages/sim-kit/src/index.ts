export * from './http.js';
export * from './keys.js';
export * from './standIn.js';
export * from './startAll.js';
