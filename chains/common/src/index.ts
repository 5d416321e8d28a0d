export * from './adapter';
export * from './explorer';
export * from './http';
export * from './productApi';
export * from './discovery';
export * from './sim';
