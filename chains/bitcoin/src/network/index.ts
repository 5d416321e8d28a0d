export * from './productApi';
export * from './raw';
