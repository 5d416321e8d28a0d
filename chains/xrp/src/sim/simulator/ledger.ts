/**
 * The simulated ledger's state: accounts, the validated ledger, the history each account's transactions and every
 * applied one by hash, what a busy server holds until the next close and the terPRE_SEQ submissions rippled keeps.
 */
import { apply, precheck } from './payment.js';
import type { HistoryEntry, LedgerState, SimAccount } from './ledgerState.js';
import { LSF_REQUIRE_DEST_TAG } from './ter.js';

export type { HistoryEntry, SimAccount } from './ledgerState.js';

export interface GenesisAccount {
  address: string;
  /** The emulator's key path, for accounts of the emulator's mnemonic (shown by `npm start`). */
  path?: string;
  balance: bigint;
  requireDestinationTag?: boolean;
  ownerCount?: number;
}

export interface XrplSimulatorOptions {
  accounts: readonly GenesisAccount[];
  /** Ledger close interval (ms); 0 = only on closeLedger(). */
  closeIntervalMs?: number;
  /** Reserves and fee this ledger's validators voted for (drops). Defaults: 1 XRP, 0.2 XRP, 10 drops. */
  reserveBase?: bigint;
  reserveIncrement?: bigint;
  baseFee?: bigint;
  startLedger?: number;
}

export class XrplLedger implements LedgerState {
  readonly accounts = new Map<string, SimAccount>();
  readonly reserveBase: bigint;
  readonly reserveIncrement: bigint;
  readonly baseFee: bigint;
  /** The last closed (validated) ledger; the open one is this + 1. */
  validatedLedger: number;
  /** Answer terQUEUED and apply at the next close (the server-busy case). */
  busy = false;
  readonly history = new Map<string, HistoryEntry[]>();
  /** Every applied transaction by hash (`tx`). */
  readonly byHash = new Map<string, HistoryEntry>();
  held: (() => void)[] = [];
  /** terPRE_SEQ submissions rippled keeps (LedgerMaster's held transactions), retried in each new open ledger. */
  preSeq: { tx: Record<string, unknown>; hash: string }[] = [];

  constructor(o: XrplSimulatorOptions) {
    this.reserveBase = o.reserveBase ?? 1_000_000n;
    this.reserveIncrement = o.reserveIncrement ?? 200_000n;
    this.baseFee = o.baseFee ?? 10n;
    this.validatedLedger = o.startLedger ?? 1000;
    for (const a of o.accounts)
      this.accounts.set(a.address, {
        balance: a.balance,
        sequence: this.validatedLedger,
        ownerCount: a.ownerCount ?? 0,
        flags: a.requireDestinationTag ? LSF_REQUIRE_DEST_TAG : 0,
      });
  }

  closeLedger(): void {
    this.validatedLedger += 1;
    const held = this.held;
    this.held = [];
    for (const run of held) run();
    // rippled retries its held transactions in the new open ledger, in sequence order: one whose gap is filled is
    // applied, one still ahead stays held, any other result (tefPAST_SEQ, tefMAX_LEDGER, …) drops it.
    const waiting = this.preSeq.sort((a, b) => Number(a.tx.Sequence) - Number(b.tx.Sequence));
    this.preSeq = [];
    for (const w of waiting) {
      const pre = precheck(this, w.tx);
      if (pre === undefined) apply(this, w.tx, w.hash);
      else if (pre === 'terPRE_SEQ') this.preSeq.push(w);
    }
  }
}
