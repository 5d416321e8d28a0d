import type { Bip, ChainSymbol } from '@secux-companion/core';

/** An account of a bitcoin-family coin as the app keeps it (spec 01 §3 "Account (in app)"). */
export interface AppAccount {
  /** `${chain}:${path}` */
  id: string;
  /** Creation (or recovery) timestamp. */
  idx: number;
  chain: ChainSymbol;
  coinType: number;
  /** Account index (third path level). */
  index: number;
  bip: Bip;
  /** Bare account path m/{bip}'/{coinType}'/{index}'. */
  path: string;
  extendPubKey: string;
  name: string;
  /** Confirmed + unconfirmed (satoshis). */
  balance: bigint;
  /** Net unconfirmed part of the balance. */
  pending: bigint;
  txCount: number;
}

export function accountId(chain: ChainSymbol, path: string): string {
  return `${chain}:${path}`;
}
