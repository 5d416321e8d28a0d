export * from './rules';
export * from './tx';
export * from './abis';
export * from './history';
export * from './backend';
export * from './requests';
export * from './adapter';
export * from './chain';
