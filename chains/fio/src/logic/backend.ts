/** What logic/ needs from the network (network/productApi.ts implements it over our product API). */
import type { HistoryPage } from '@secux-companion/chain-common';
import type { FioEndPoint } from './rules';
import type { FioChainRef, FioPushBody, FioRawAbi } from './tx';

/** get_fio_balance + get_locks (404 = no lock). SUF. */
export interface FioBalance {
  balance: bigint;
  available: bigint;
  staked: bigint;
  locked: bigint;
  srps: string;
  roe: string;
  /** The account name derived from the key. */
  actor: string;
  txCount: number;
}

/** FIO domain entry (spec 03 §3): name and expiration (ISO). */
export interface FioDomainEntry {
  domain: string;
  expiration: string;
  isPublic: boolean;
}

/** Crypto handle (spec 03 §3) with its remaining bundled transactions. */
export interface FioHandleEntry {
  handle: string;
  expiration: string;
  bundled: number;
}

/** Public address record (spec 03 §3). */
export interface FioPublicAddress {
  chainCode: string;
  tokenCode: string;
  publicAddress: string;
}

export interface FioBackend {
  balance(publicKey: string, signal?: AbortSignal): Promise<FioBalance>;
  history(publicKey: string, cursor: string | null): Promise<HistoryPage>;
  chainRef(signal?: AbortSignal): Promise<FioChainRef>;
  abi(account: string, signal?: AbortSignal): Promise<FioRawAbi>;
  fee(endPoint: FioEndPoint, fioAddress: string, signal?: AbortSignal): Promise<bigint>;
  /** Domains and handles of a key (404 = none). */
  names(
    publicKey: string,
    signal?: AbortSignal,
  ): Promise<{ domains: FioDomainEntry[]; handles: FioHandleEntry[] }>;
  /** avail_check: whether a handle or domain is registered. */
  isRegistered(name: string, signal?: AbortSignal): Promise<boolean>;
  publicAddresses(handle: string, signal?: AbortSignal): Promise<FioPublicAddress[]>;
  /** get_pub_address; null when the handle maps no address for the codes (404). */
  publicAddress(
    handle: string,
    chainCode: string,
    tokenCode: string,
    signal?: AbortSignal,
  ): Promise<string | null>;
  /** push_transaction; the transaction id. */
  push(body: FioPushBody): Promise<string>;
}
