export * from './address';
export * from './adapter';
export * from './chain';
export * from './history';
export * from './memo';
export * from './retired';
