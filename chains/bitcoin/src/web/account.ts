import {
  CHAINS,
  accountBasePath,
  defaultAccountName,
  type Bip,
  type ChainSymbol,
} from '@secux-companion/core';
import type { AccountDescriptor } from '@secux-companion/chain-common';

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

/**
 * Account `index` of purpose `bip` on `chain`: its path and id from core's rules, the default name unless
 * one is given, and an empty balance unless the figures are given (recovery passes what it found).
 */
export function accountAt(
  chain: ChainSymbol,
  bip: Bip,
  index: number,
  fields: Pick<AppAccount, 'extendPubKey' | 'idx'> &
    Partial<Pick<AppAccount, 'name' | 'balance' | 'pending' | 'txCount'>>,
): AppAccount {
  const coinType = CHAINS[chain].coinType;
  const path = accountBasePath(bip, coinType, index);
  return {
    id: accountId(chain, path),
    chain,
    coinType,
    index,
    bip,
    path,
    name: defaultAccountName(chain, index, bip),
    balance: 0n,
    pending: 0n,
    txCount: 0,
    ...fields,
  };
}

/** What the adapter needs to query an account. */
export function descriptorOf(a: AppAccount): AccountDescriptor {
  return { chain: a.chain, index: a.index, bip: a.bip, path: a.path, xpub: a.extendPubKey };
}
