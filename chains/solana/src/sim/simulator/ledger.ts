/**
 * The node's state: the SVM, the slot and block height, the blockhashes still valid, the transactions it served
 * (by signature, and signatures per address, newest first) and the compute-unit prices paid per slot.
 */
import { address as toAddress } from '@solana/kit';
import { LiteSVM } from 'litesvm';

/** A blockhash lives for 150 blocks (getLatestBlockhash's lastValidBlockHeight = height + 150). */
export const BLOCKHASH_VALID_BLOCKS = 150;

export interface StoredTx {
  slot: number;
  blockTime: number;
  signature: string;
  /** The TransactionError of a transaction that landed failed (only with skipPreflight), else null. */
  err: unknown;
  record: unknown;
}

export class SolanaLedger {
  readonly svm: LiteSVM;
  slot = 1n;
  height = 1;
  /** blockhash → last valid block height. */
  readonly recent = new Map<string, number>();
  latest: string;
  readonly bySignature = new Map<string, StoredTx>();
  readonly byAddress = new Map<string, string[]>();
  /** slot → per written account, the lowest compute-unit price of the slot's transactions writing it. */
  readonly prices = new Map<number, Map<string, number>>();

  constructor() {
    // The SVM verifies signatures; the blockhash age is checked here (the SVM only knows its latest blockhash,
    // the network accepts any of the last 150).
    this.svm = new LiteSVM().withSigverify(true).withBlockhashCheck(false).withTransactionHistory(0n);
    this.latest = this.svm.latestBlockhash();
    this.recent.set(this.latest, this.height + BLOCKHASH_VALID_BLOCKS);
  }

  /** One block: a new slot and blockhash; blockhashes older than 150 blocks expire. */
  advance(blocks = 1): void {
    for (let i = 0; i < blocks; i++) {
      this.slot += 1n;
      this.height += 1;
      this.svm.warpToSlot(this.slot);
      this.svm.expireBlockhash();
      this.latest = this.svm.latestBlockhash();
      this.recent.set(this.latest, this.height + BLOCKHASH_VALID_BLOCKS);
    }
    for (const [h, last] of this.recent) if (last < this.height) this.recent.delete(h);
    for (const s of this.prices.keys()) if (s < Number(this.slot) - 150) this.prices.delete(s);
  }

  isBlockhashValid(blockhash: string): boolean {
    const last = this.recent.get(blockhash);
    return last !== undefined && last >= this.height;
  }

  /** An account that exists, else null. */
  account(a: string) {
    const acc = this.svm.getAccount(toAddress(a));
    return acc.exists ? acc : null;
  }

  /** A mint's decimals (0 when there is no such account). */
  decimalsOf(mint: string): number {
    const m = this.account(mint);
    return m ? (m.data[44] ?? 0) : 0;
  }

  /** An answer with its RPC context (`{context: {slot, apiVersion}, value}`). */
  ctx(value: unknown) {
    return { context: { slot: Number(this.slot), apiVersion: '2.2.0' }, value };
  }
}
