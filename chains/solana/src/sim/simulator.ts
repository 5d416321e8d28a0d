/**
 * A Solana JSON-RPC node backed by LiteSVM (the real SVM in-process, with the System, SPL Token, Token-2022 and
 * Associated Token Account programs): the methods the wallet's provider uses, answered in the shapes of
 * reference/apis/solana-jsonrpc.md. Transactions are decoded with @solana/kit and executed by the SVM, which checks
 * their signatures and every program rule; sendTransaction simulates first, as the RPC's preflight does, and what
 * the simulation refuses is answered as the node's preflight refusal (-32002 "Transaction simulation failed: …" with
 * `data.err`, -32003 for a bad signature) and costs nothing: nothing lands. Slots and blockhashes advance on the slot
 * interval; a blockhash is valid for 150 blocks and then answered with BlockhashNotFound, as the real network does.
 * The node keeps the history the RPC serves (signatures per address, transactions with pre/post balances and token
 * balances) and the compute-unit prices paid per slot (getRecentPrioritizationFees). getSignatureStatuses answers
 * `confirmed` with the blocks since, then `finalized` (confirmations null) once 32 slots lie on top, as agave does.
 *
 * The pieces live in ./simulator/: the state (ledger.ts), accounts (accounts.ts), fees (fees.ts), sendTransaction
 * (send.ts, record.ts), simulateTransaction (simulate.ts), the history (history.ts), errors (errors.ts) and the
 * JSON-RPC surface (rpc.ts); this class composes them.
 */
import { serve, type Served } from '@secux-companion/sim-kit';
import type { LiteSVM } from 'litesvm';
import { accountJson, tokenAccountsByOwner } from './simulator/accounts.js';
import { SolanaLedger } from './simulator/ledger.js';
import { handle, onRequest } from './simulator/rpc.js';
import { send } from './simulator/send.js';
import { simulate } from './simulator/simulate.js';

export { transactionErrorJson, transactionErrorText } from './simulator/errors.js';
export { FINALIZED_DEPTH } from './simulator/history.js';
export { BLOCKHASH_VALID_BLOCKS } from './simulator/ledger.js';
export { SOLANA_CONTROL_PREFIX } from './simulator/rpc.js';

export interface SolanaSimulatorOptions {
  /** Slot (block) interval in ms; 0 = blocks advance only through the control API. Default 400. */
  slotMs?: number;
  /**
   * What getGenesisHash answers: the local ledger's own ({@link LOCAL_GENESIS_HASH}) by default;
   * {@link MAINNET_GENESIS_HASH} when it stands in for mainnet-beta (the server's mainnet profile checks it).
   */
  genesisHash?: string;
}

/** mainnet-beta's genesis hash (`getGenesisHash` on api.mainnet-beta.solana.com). */
export const MAINNET_GENESIS_HASH = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d';
/** The local ledger's genesis hash: base58 of sha256("secux-companion localnet solana genesis"), no real cluster's. */
export const LOCAL_GENESIS_HASH = 'GS9G31jDwWpC3maccYCP1JH1ZhhUMwh65PZRD8ZP6akx';

export class SolanaSimulator {
  private readonly ledger = new SolanaLedger();
  private served: Served | undefined;
  readonly slotMs: number;
  readonly genesisHash: string;

  constructor(o: SolanaSimulatorOptions = {}) {
    this.slotMs = o.slotMs ?? 400;
    this.genesisHash = o.genesisHash ?? LOCAL_GENESIS_HASH;
  }

  /** The SVM (signatures verified; the blockhash age is checked by the node, which accepts any of the last 150). */
  get svm(): LiteSVM {
    return this.ledger.svm;
  }

  /** One block: a new slot and blockhash; blockhashes older than 150 blocks expire. */
  advance(blocks = 1): void {
    this.ledger.advance(blocks);
  }

  get blockHeight(): number {
    return this.ledger.height;
  }

  isBlockhashValid(blockhash: string): boolean {
    return this.ledger.isBlockhashValid(blockhash);
  }

  /** getAccountInfo's value with jsonParsed: token mints and accounts parsed, anything else base64. */
  accountJson(a: string): Record<string, unknown> | null {
    return accountJson(this.ledger, a);
  }

  /**
   * sendTransaction: refused as the RPC's preflight refuses (-32002, -32003; nothing lands) unless skipPreflight,
   * else executed and recorded; answers the signature (see ./simulator/send.ts).
   */
  send(base64: string, skipPreflight = false): string {
    return send(this.ledger, base64, skipPreflight);
  }

  /** simulateTransaction (sigVerify false, replaceRecentBlockhash true: any blockhash runs). */
  simulate(base64: string, sigVerify: boolean): unknown {
    return simulate(this.ledger, base64, { sigVerify, replaceRecentBlockhash: !sigVerify });
  }

  /** Token accounts of an owner under one program (or of one mint). */
  tokenAccountsByOwner(owner: string, filter: { programId?: string; mint?: string }) {
    return tokenAccountsByOwner(this.ledger, owner, filter);
  }

  /** One JSON-RPC call. */
  handle(method: string, params: unknown[]): unknown {
    return handle(this.ledger, this.genesisHash, method, params);
  }

  /** Listens as one node per port, all of the same ledger (the provider's two nodes); returns their URLs. */
  async start(ports: readonly number[], host = '127.0.0.1'): Promise<string[]> {
    this.served = await serve({
      ports,
      host,
      maxBodyBytes: 1_000_000,
      tick: { ms: this.slotMs, run: () => this.advance(1) },
      handle: (req, body, res) => onRequest(this.ledger, this.genesisHash, req, body, res),
    });
    return this.served.urls;
  }

  async stop(): Promise<void> {
    await this.served?.stop();
    this.served = undefined;
  }
}
