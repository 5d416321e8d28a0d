/**
 * What a transaction reads and changes of the simulated ledger: its accounts, reserves, fee, validated ledger and
 * history. A leaf: payment.ts works on this shape and ledger.ts's XrplLedger provides it, so the two do not import
 * each other.
 */

export interface SimAccount {
  balance: bigint;
  sequence: number;
  ownerCount: number;
  flags: number;
}

export interface HistoryEntry {
  hash: string;
  ledger_index: number;
  close_time_iso: string;
  tx_json: Record<string, unknown>;
  meta: Record<string, unknown>;
  validated: boolean;
}

export interface LedgerState {
  readonly accounts: Map<string, SimAccount>;
  readonly reserveBase: bigint;
  readonly reserveIncrement: bigint;
  readonly baseFee: bigint;
  /** The last closed (validated) ledger; the open one is this + 1. */
  readonly validatedLedger: number;
  readonly history: Map<string, HistoryEntry[]>;
  /** Every applied transaction by hash (`tx`). */
  readonly byHash: Map<string, HistoryEntry>;
}
