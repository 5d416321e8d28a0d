export * from './address';
export * from './adapter';
export * from './chain';
export * from './costs';
export * from './errors';
export * from './history';
export * from './tx';
export * from './tokenType';
