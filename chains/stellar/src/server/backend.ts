/** What the Stellar facade asks of a provider (Horizon's REST API; reference/apis/stellar-horizon.md). */
import type { HorizonResultCodes } from '@secux-companion/chain-stellar';
import type { Provider } from '@secux-companion/server-kit/failover';

/** A non-native balance (trustline or pool share). */
export interface HorizonAssetRead {
  kind: 'credit_alphanum4' | 'credit_alphanum12' | 'liquidity_pool_shares';
  code: string;
  issuer: string;
  /** Stroops. */
  balance: bigint;
}

/** GET /accounts/{id}; `found: false` for 404 (an account not on the ledger: inactive, balance 0). */
export type HorizonAccountRead =
  | { found: false }
  | {
      found: true;
      /** Native balance in stroops. */
      balance: bigint;
      sellingLiabilities: bigint;
      /** Current sequence (int64). */
      sequence: bigint;
      subentries: number;
      sponsoring: number;
      sponsored: number;
      /** SEP-29 data entry `config.memo_required` = "1". */
      memoRequired: boolean;
      assets: HorizonAssetRead[];
    };

/** One payments page (newest first), raw records (mapped by chain-stellar) and the next cursor, if any. */
export interface HorizonPaymentsPage {
  records: unknown[];
  /** paging_token of the last record when the page was full; null at the end. */
  next: string | null;
}

/** The latest ledger: its sequence, base fee and base reserve (stroops), read live. */
export interface HorizonLedgerRead {
  sequence: number;
  baseFee: bigint;
  baseReserve: bigint;
}

export type HorizonSubmitResult =
  { ok: true; hash: string } | { ok: false; codes: HorizonResultCodes; hash?: string };

/** GET /transactions/{hash}: Horizon knows only transactions of closed ledgers (404 otherwise). */
export type HorizonTxRead = { found: false } | { found: true; successful: boolean; ledger: number };

export interface StellarProvider extends Provider {
  account(address: string, signal: AbortSignal): Promise<HorizonAccountRead>;
  payments(
    address: string,
    cursor: string | null,
    limit: number,
    signal: AbortSignal,
  ): Promise<HorizonPaymentsPage>;
  ledger(signal: AbortSignal): Promise<HorizonLedgerRead>;
  /** GET /fee_stats: `last_ledger_base_fee` (stroops per operation). */
  baseFee(signal: AbortSignal): Promise<bigint>;
  /** POST /transactions (form-encoded `tx`). */
  submit(envelope: string, signal: AbortSignal): Promise<HorizonSubmitResult>;
  /** GET /transactions/{hash}. */
  transaction(hash: string, signal: AbortSignal): Promise<HorizonTxRead>;
}
