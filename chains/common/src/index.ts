export * from './adapter';
export * from './explorer';
