/**
 * The simulated network's state: accounts, the last closed ledger, each account's payments and transactions, every
 * transaction by hash and the result codes of those that failed in a ledger.
 */
import { Networks } from '@stellar/stellar-sdk';
import type { Json } from './horizon.js';

export const STELLAR_LOCAL_PASSPHRASE = Networks.STANDALONE;

export interface StellarSimAccount {
  balance: bigint;
  sequence: bigint;
  subentries: number;
  /** Data entries, values base64 (as Horizon shows them). */
  data: Record<string, string>;
  /** Trust lines (issued assets the account holds; one subentry each). */
  trustlines?: StellarTrustline[];
}

/** A trust line: an issued asset (code and issuer), the balance and limit held (stroops). */
export interface StellarTrustline {
  code: string;
  issuer: string;
  balance: bigint;
  /** Default: int64 max (a trust line without a limit). */
  limit?: bigint;
}

export interface StellarGenesisAccount {
  address: string;
  balance: bigint;
  /** SEP-29: a data entry config.memo_required = "1" (one subentry). */
  memoRequired?: boolean;
  /** Trust lines it holds (one subentry each); payments in them are not simulated (op_no_trust). */
  trustlines?: StellarTrustline[];
}

export interface HorizonSimulatorOptions {
  accounts: readonly StellarGenesisAccount[];
  /** Ledger close interval (ms); 0 = only on closeLedger(). */
  closeIntervalMs?: number;
  networkPassphrase?: string;
  /** Stroops per operation (default 100) and base reserve (default 0.5 XLM, today's value on the public network). */
  baseFee?: bigint;
  baseReserve?: bigint;
  startLedger?: number;
}

export interface TxRecord {
  id: string;
  paging_token: string;
  successful: boolean;
  hash: string;
  ledger: number;
  created_at: string;
  source_account: string;
  source_account_sequence: string;
  fee_account: string;
  fee_charged: string;
  max_fee: string;
  operation_count: number;
  envelope_xdr: string;
  memo_type: string;
  memo?: string;
  signatures: string[];
}

/** stellar-core's result codes for a refused transaction: the transaction's, and one per operation for tx_failed. */
export class Refusal {
  constructor(
    readonly transaction: string,
    readonly operations?: string[],
  ) {}
}

export class HorizonLedger {
  readonly accounts = new Map<string, StellarSimAccount>();
  readonly networkPassphrase: string;
  readonly baseFee: bigint;
  readonly baseReserve: bigint;
  /** The last closed ledger; transactions land in the next one. */
  ledger: number;
  /** Each account's payment records (oldest first), with their transaction. */
  readonly payments = new Map<string, Json[]>();
  readonly transactions = new Map<string, TxRecord>();
  /** The result codes of each transaction that failed in a ledger (fee paid, sequence used), by hash. */
  readonly failures = new Map<string, Refusal>();
  readonly txByAccount = new Map<string, TxRecord[]>();
  opCounter = 0;

  constructor(o: HorizonSimulatorOptions) {
    this.networkPassphrase = o.networkPassphrase ?? STELLAR_LOCAL_PASSPHRASE;
    this.baseFee = o.baseFee ?? 100n;
    this.baseReserve = o.baseReserve ?? 5_000_000n;
    this.ledger = o.startLedger ?? 2;
    for (const a of o.accounts) {
      const data: Record<string, string> = a.memoRequired
        ? { 'config.memo_required': Buffer.from('1').toString('base64') }
        : {};
      this.accounts.set(a.address, {
        balance: a.balance,
        // A created account's sequence is its creation ledger << 32 (stellar-core).
        sequence: BigInt(this.ledger) << 32n,
        subentries: Object.keys(data).length + (a.trustlines?.length ?? 0),
        data,
        ...(a.trustlines ? { trustlines: a.trustlines } : {}),
      });
    }
  }

  closeLedger(): void {
    this.ledger += 1;
  }

  /** Minimum balance of an account: (2 + subentries) × base reserve. */
  minimumBalance(a: StellarSimAccount): bigint {
    return (2n + BigInt(a.subentries)) * this.baseReserve;
  }
}
