export * from './address';
export * from './adapter';
export * from './errors';
export * from './history';
export * from './reserve';
export * from './tx';
export {
  createXrpProductApiBackend,
  XrpNetworkError,
  type XrpProductApiOptions,
} from '../network/productApi';
