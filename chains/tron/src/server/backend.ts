/**
 * What the TRON facade asks of its providers (reference/apis/tron.md): a java-tron full node's HTTP API (`/wallet/*`)
 * and the TronGrid v1 index API (`/v1/accounts/…`). TronGrid serves both on one host; each is its own provider list
 * with its own timeout (spec 02: 20 s for the node's lookups, 30 s for the index).
 */
import type { Provider } from '@secux-companion/server-kit/failover';

/** getaccount: `found: false` for `{}` (an address never activated). */
export type TronAccountRead =
  { found: false } | { found: true; balance: bigint; assets: { id: string; balance: bigint }[] };

/** getaccountresource, every field defaulted to 0 (the node leaves zeros out). */
export interface TronResourceRead {
  freeNetLimit: bigint;
  freeNetUsed: bigint;
  netLimit: bigint;
  netUsed: bigint;
  energyLimit: bigint;
  energyUsed: bigint;
}

export interface TronBlockRead {
  blockID: string;
  blockNumber: number;
  timestamp: number;
}

/** triggerconstantcontract: ok = executed without revert or validation error. */
export interface TronConstantRead {
  ok: boolean;
  energyUsed: bigint;
  /** constant_result[0] (hex, no 0x), '' when none. */
  result: string;
  message: string;
}

export interface TronBroadcastRead {
  result: boolean;
  code: string;
  /** The node's message, decoded from hex. */
  message: string;
  txid: string;
}

export interface Trc10Read {
  id: string;
  name: string;
  abbr: string;
  precision: number;
}

export interface TronNodeProvider extends Provider {
  getAccount(address: string, signal: AbortSignal): Promise<TronAccountRead>;
  getAccountResource(address: string, signal: AbortSignal): Promise<TronResourceRead>;
  getNowBlock(signal: AbortSignal): Promise<TronBlockRead>;
  /** getchainparameters as key → value (values the node gives as integers). */
  getChainParameters(signal: AbortSignal): Promise<Map<string, bigint>>;
  triggerConstant(
    owner: string,
    contract: string,
    call: { selector: string; parameter: string } | { data: string },
    signal: AbortSignal,
  ): Promise<TronConstantRead>;
  getAssetIssueById(id: string, signal: AbortSignal): Promise<Trc10Read | null>;
  broadcastHex(hex: string, signal: AbortSignal): Promise<TronBroadcastRead>;
  /** gettransactioninfobyid, raw (`{}` until the transaction is in a block). */
  getTransactionInfo(id: string, signal: AbortSignal): Promise<Record<string, unknown>>;
  /** The solidity node's gettransactioninfobyid (`/walletsolidity/…`), raw (`{}` until its block is solidified). */
  getSolidTransactionInfo(id: string, signal: AbortSignal): Promise<Record<string, unknown>>;
  /** The solidity node's getnowblock: the newest solidified block. */
  getSolidBlock(signal: AbortSignal): Promise<TronBlockRead>;
}

/** One page of an index list: its raw entries and the fingerprint of the next page (none on the last). */
export interface TronIndexPage {
  data: unknown[];
  fingerprint: string | null;
}

export interface TronIndexProvider extends Provider {
  /** v1/accounts/{addr}: the TRC-20 balances (contract → raw units); [] for an address not activated. */
  trc20Balances(address: string, signal: AbortSignal): Promise<{ contract: string; balance: bigint }[]>;
  transactions(address: string, fingerprint: string | null, signal: AbortSignal): Promise<TronIndexPage>;
  trc20Transfers(address: string, fingerprint: string | null, signal: AbortSignal): Promise<TronIndexPage>;
}
