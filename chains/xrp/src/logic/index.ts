export * from './address';
export * from './adapter';
export * from './chain';
export * from './errors';
export * from './history';
export * from './reserve';
export * from './tag';
export * from './tx';
