/**
 * Stellar account paths (SEP-5): m/44'/148'/{index}' — hardened to the end, no '/0/0' (core's hardenedPath). A path
 * longer than four segments is refused with 'Invalid account path' (spec 02 §5).
 */
import { CHAINS, accountBasePath } from '@secux-companion/core';
import { StellarError } from './errors';

export const XLM_COIN_TYPE = CHAINS.XLM.coinType;

/** The account's path, checked: at most four segments ('m', purpose, coin type, account), all hardened. */
export function stellarAccountPath(path: string): string {
  const parts = path.trim().split('/');
  if (parts.length > 4) throw new StellarError('xlmInvalidAccountPath', 'Invalid account path', { path });
  const m = /^m\/44'\/(\d+)'\/(\d+)'$/.exec(path.trim());
  if (!m || Number(m[1]) !== XLM_COIN_TYPE)
    throw new StellarError('xlmInvalidAccountPath', 'Invalid account path', { path });
  return path.trim();
}

/** The index of a checked account path. */
export function stellarAccountIndex(path: string): number {
  return Number(/(\d+)'$/.exec(stellarAccountPath(path))![1]);
}

/** m/44'/148'/{index}'. */
export function stellarPath(index: number): string {
  return accountBasePath(44, XLM_COIN_TYPE, index);
}
