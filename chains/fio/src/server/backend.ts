/** What the FIO facade asks of a provider (a FIO API node; reference/apis/fio.md). Amounts in SUF. */
import type { Provider } from '@secux-companion/server-kit/failover';

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
  /** When the lock started (seconds since the epoch); null when the node did not say (or no lock). */
  timeStamp: number | null;
  /** Unlock periods: seconds from timeStamp, SUF unlocked then. */
  periods: { duration: number; amount: bigint }[];
}

/** One FIO request as get_sent_fio_requests / get_received_fio_requests list it (content: encrypted, base64). */
export interface FioRequestRead {
  fio_request_id: number;
  payer_fio_address: string;
  payee_fio_address: string;
  payer_fio_public_key: string;
  payee_fio_public_key: string;
  content: string;
  time_stamp: string;
  status: string;
}

/** An account's row of eosio's voters table (fio.system voter_info). */
export interface FioVoterRead {
  owner: string;
  /** The proxy's account name, '' for none. */
  proxy: string;
  producers: string[];
  isProxy: boolean;
  isAutoProxy: boolean;
  /** The handle a proxy registered with (regproxy), '' otherwise. */
  fioaddress: string;
}

/** FIO's staking statistics service (GET; `historical_apr`), e.g. services-external.fioprotocol.io/staking. */
export interface FioStakingProvider extends Provider {
  /** historical_apr['7day'] (percent), null when the service has no figure yet. */
  apr7d(signal: AbortSignal): Promise<number | null>;
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
  /**
   * /v1/history/get_transaction: the block of an executed transaction; `found: false` for nodeos's tx_not_found
   * (3040011). A node without the history API is 'unsupported' (the next node is asked).
   */
  transaction(id: string, signal: AbortSignal): Promise<{ found: false } | { found: true; blockNum: number }>;
  /** get_sent_fio_requests / get_received_fio_requests (limit 100, offset 0; 404 = none). */
  requests(which: 'sent' | 'received', publicKey: string, signal: AbortSignal): Promise<FioRequestRead[]>;
  /** The account's voters row (get_table_rows eosio voters by owner), null when it never voted. */
  voter(actor: string, signal: AbortSignal): Promise<FioVoterRead | null>;
}
