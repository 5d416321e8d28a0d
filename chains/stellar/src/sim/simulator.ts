/**
 * A small Stellar Horizon simulator for the local profile: an HTTP server that speaks the Horizon REST API the product
 * API's Horizon provider uses (GET /, /accounts/{id}, /accounts/{id}/payments, /accounts/{id}/transactions,
 * /ledgers, /fee_stats, /transactions/{hash}; POST /transactions form-encoded `tx`) and keeps real state: balances,
 * sequence numbers, subentries and data entries, ledgers that close on a timer (or on `closeLedger()`), and each
 * account's payments with their transactions.
 *
 * Every submitted envelope is decoded with @stellar/stellar-sdk on this network's passphrase, and its signature is
 * VERIFIED against the source account's key over the transaction hash. What stellar-core would refuse gets Horizon's
 * answer (400 problem+json `transaction_failed` with `extras.result_codes`): tx_insufficient_fee, tx_no_source_account,
 * tx_bad_seq, tx_bad_auth, tx_bad_auth_extra, tx_too_late, tx_insufficient_balance, and per operation op_no_destination, op_underfunded,
 * op_low_reserve, op_already_exists, op_no_trust, op_malformed, op_not_supported. As on the ledger, a transaction that
 * fails in an operation (tx_failed) still pays its fee and uses its sequence number; the same envelope submitted again
 * gets the stored result (the record if it succeeded, the same 400 `transaction_failed` if it failed) and is not
 * applied twice. An undecodable envelope is 400 `transaction_malformed`.
 *
 * The pieces live in ./simulator/: the state (ledger.ts), the routes (routes.ts) and resources (records.ts), submit
 * (submit.ts) with its operations (operations.ts) and signatures (signatures.ts); this class composes them.
 */
import { serve, type Served } from '@secux-companion/sim-kit';
import { problem, send, type Answer } from './simulator/horizon.js';
import { HorizonLedger, type HorizonSimulatorOptions, type StellarSimAccount } from './simulator/ledger.js';
import { handle } from './simulator/routes.js';

export { amount7 } from './simulator/horizon.js';
export {
  STELLAR_LOCAL_PASSPHRASE,
  type HorizonSimulatorOptions,
  type StellarGenesisAccount,
  type StellarSimAccount,
  type StellarTrustline,
} from './simulator/ledger.js';
export {
  STELLAR_MEMO_REQUIRED_ACCOUNT,
  stellarAddressOf,
  stellarGenesis,
  stellarKeypairOf,
} from './simulator/genesis.js';

export class HorizonSimulator {
  private readonly state: HorizonLedger;
  private served: Served | undefined;

  constructor(private readonly o: HorizonSimulatorOptions) {
    this.state = new HorizonLedger(o);
  }

  get accounts(): Map<string, StellarSimAccount> {
    return this.state.accounts;
  }
  get networkPassphrase(): string {
    return this.state.networkPassphrase;
  }
  get baseFee(): bigint {
    return this.state.baseFee;
  }
  get baseReserve(): bigint {
    return this.state.baseReserve;
  }
  /** The last closed ledger; transactions land in the next one. */
  get ledger(): number {
    return this.state.ledger;
  }
  set ledger(n: number) {
    this.state.ledger = n;
  }

  closeLedger(): void {
    this.state.closeLedger();
  }

  /** Minimum balance of an account: (2 + subentries) × base reserve. */
  minimumBalance(a: StellarSimAccount): bigint {
    return this.state.minimumBalance(a);
  }

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    this.served = await serve({
      ports: [port],
      host,
      tick: { ms: this.o.closeIntervalMs ?? 0, run: () => this.closeLedger() },
      handle: (req, body, res) => {
        try {
          const { status, json } = this.handle(req.method ?? 'GET', req.url ?? '/', body);
          send(res, status, json);
        } catch {
          send(
            res,
            500,
            problem(
              'server_error',
              'Internal Server Error',
              500,
              'An error occurred while processing this request.',
            ),
          );
        }
      },
    });
    return this.served.urls[0]!;
  }

  async stop(): Promise<void> {
    await this.served?.stop();
  }

  /** One HTTP request: status and JSON body. */
  handle(method: string, rawUrl: string, body: string): Answer {
    return handle(this.state, method, rawUrl, body);
  }
}
