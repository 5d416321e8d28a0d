/** What the FIO facade asks of a provider (a FIO API node; reference/apis/fio.md). Amounts in SUF. */
import type { Provider } from '../../failover.js';

export interface FioBalanceRead {
  balance: bigint;
  available: bigint;
  staked: bigint;
  srps: bigint;
  roe: string;
}

export interface FioLocksRead {
  lockAmount: bigint;
  remaining: bigint;
}

export interface FioInfoRead {
  chainId: string;
  headBlockNum: number;
  lastIrreversibleBlockNum: number;
}

export interface FioBlockRead {
  blockNum: number;
  id: string;
  timestamp: string;
}

export interface FioNamesRead {
  domains: { fio_domain: string; expiration: string; is_public: number }[];
  addresses: { fio_address: string; expiration: string; remaining_bundled_tx: number }[];
}

export interface FioPublicAddressRead {
  chain_code: string;
  token_code: string;
  public_address: string;
}

/** A push answered by the chain: the id, or the chain's refusal (FIO's own message). */
export type FioPushRead =
  { ok: true; transactionId: string } | { ok: false; status: number; message: string; code: string };

export interface FioProvider extends Provider {
  /** 404 "Public key not found" = zero balance. */
  balance(publicKey: string, signal: AbortSignal): Promise<FioBalanceRead>;
  /** 404 = no locks. */
  locks(publicKey: string, signal: AbortSignal): Promise<FioLocksRead>;
  fee(endPoint: string, fioAddress: string, signal: AbortSignal): Promise<bigint>;
  info(signal: AbortSignal): Promise<FioInfoRead>;
  block(num: number, signal: AbortSignal): Promise<FioBlockRead>;
  rawAbi(account: string, signal: AbortSignal): Promise<{ account_name: string; abi: string }>;
  /** get_fio_domains + get_fio_addresses (limit 100, offset 0; 404 = none). */
  names(publicKey: string, signal: AbortSignal): Promise<FioNamesRead>;
  /** avail_check. */
  availCheck(name: string, signal: AbortSignal): Promise<boolean>;
  /** get_pub_addresses (404 = empty). */
  publicAddresses(handle: string, signal: AbortSignal): Promise<FioPublicAddressRead[]>;
  /** get_pub_address (404 = null). */
  publicAddress(
    handle: string,
    chainCode: string,
    tokenCode: string,
    signal: AbortSignal,
  ): Promise<string | null>;
  /** /v1/history/get_actions. */
  actions(actor: string, pos: number, offset: number, signal: AbortSignal): Promise<unknown[]>;
  push(body: Record<string, unknown>, signal: AbortSignal): Promise<FioPushRead>;
}
