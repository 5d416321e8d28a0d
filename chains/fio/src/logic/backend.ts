/** What logic/ needs from the network (network/productApi.ts implements it over our product API). */
import type { HistoryPage } from '@secux-companion/chain-common';
import type { FioEndPoint, FioRequestStatus } from './rules';
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

/** A request as the node lists it (get_sent_fio_requests / get_received_fio_requests); content still encrypted. */
export interface FioRequestRecord {
  id: number;
  payerHandle: string;
  payeeHandle: string;
  payerKey: string;
  payeeKey: string;
  /** base64, encrypted for the two parties. */
  content: string;
  /** ISO */
  timeStamp: string;
  status: FioRequestStatus;
}

/** What the staking flow reads for a key: the 7-day APR, the vote/proxy state and the unstake lock. */
export interface FioStakingInfo {
  /** Percent, from the staking service's historical_apr['7day']; null when it cannot be read. */
  apr7d: number | null;
  /** Whether the account votes for producers or proxies (FIO requires it before staking). */
  voted: boolean;
  /** The proxy it votes through, if any. */
  proxy: string | null;
  /** The proxy the wallet proxies to when the account has not voted (server configuration). */
  defaultProxy: string;
  /** Unstaked FIO still locked (SUF), with when the lock ends; null when nothing is locked. */
  lock: { amount: bigint; remaining: bigint; unlockAt: string } | null;
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
  /** The sent or received requests of a key (none: []). */
  requests(publicKey: string, type: 'sent' | 'received', signal?: AbortSignal): Promise<FioRequestRecord[]>;
  staking(publicKey: string, signal?: AbortSignal): Promise<FioStakingInfo>;
  /** push_transaction; the transaction id. */
  push(body: FioPushBody): Promise<string>;
}
