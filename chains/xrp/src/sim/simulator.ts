/**
 * A small XRP Ledger simulator for the local profile: an HTTP JSON-RPC server that speaks the public rippled API the
 * product API's rippled provider uses (account_info, account_tx, fee, server_info, server_state, ledger_closed,
 * submit, tx: validated once its ledger closed) and keeps real state: balances, sequences, owner counts, the RequireDest flag, ledgers that close on a timer
 * (or on `closeLedger()`), and each account's transactions.
 *
 * Every submitted blob is decoded with xrpl's codec and its signature verified (xrpl verifySignature); the signing key
 * must be the sending account's master key. What rippled would reject gets rippled's answer (token, code and message
 * as rippled's TER.cpp and ripple-binary-codec's definitions spell them): a bad signature (invalidTransaction),
 * tefBAD_AUTH, temBAD_FEE, temBAD_SEND_XRP_MAX, temBAD_SEND_XRP_PARTIAL (tfPartialPayment from XRP to XRP),
 * telINSUF_FEE_P, terNO_ACCOUNT, tefPAST_SEQ, terPRE_SEQ, tefMAX_LEDGER, terINSUF_FEE_B, temREDUNDANT,
 * tecDST_TAG_NEEDED, tecNO_DST_INSUF_XRP, tecUNFUNDED_PAYMENT (rippled's rule: the balance before the fee must cover the
 * amount plus max(reserve, fee), so the last payment's fee may come out of the reserve). tem/tef/tel/ter results are
 * not applied and cost nothing; tec results claim the fee and use the sequence, as on the ledger. terPRE_SEQ is kept
 * (held, as rippled's NetworkOPs holds a ter retry) and retried at each close: applied once the gap is filled. `busy` answers terQUEUED ('Held until escalated fee drops.') and applies the
 * transaction at the next close. Only XRP Payments are supported; other types answer temDISABLED.
 *
 * The pieces live in ./simulator/: the ledger's state (ledger.ts), a Payment's checks and application (payment.ts),
 * submit, the account and server requests, and the JSON-RPC and control surface (rpc.ts); this class composes them.
 */
import { mnemonicToRoot, serve, type Served } from '@secux-companion/sim-kit';
import { deriveAddress } from 'xrpl';
import {
  XrplLedger,
  type GenesisAccount,
  type SimAccount,
  type XrplSimulatorOptions,
} from './simulator/ledger.js';
import { control, handle, onRequest } from './simulator/rpc.js';
import type { Params } from './simulator/ter.js';

export type { GenesisAccount, SimAccount, XrplSimulatorOptions } from './simulator/ledger.js';
export { CONTROL_PREFIX } from './simulator/rpc.js';
export { RIPPLE_EPOCH, type EngineResult } from './simulator/ter.js';

export class XrplSimulator {
  private readonly ledger: XrplLedger;
  private served: Served | undefined;

  constructor(private readonly o: XrplSimulatorOptions) {
    this.ledger = new XrplLedger(o);
  }

  get accounts(): Map<string, SimAccount> {
    return this.ledger.accounts;
  }
  get reserveBase(): bigint {
    return this.ledger.reserveBase;
  }
  get reserveIncrement(): bigint {
    return this.ledger.reserveIncrement;
  }
  get baseFee(): bigint {
    return this.ledger.baseFee;
  }
  /** The last closed (validated) ledger; the open one is this + 1. */
  get validatedLedger(): number {
    return this.ledger.validatedLedger;
  }
  set validatedLedger(n: number) {
    this.ledger.validatedLedger = n;
  }
  /** Answer terQUEUED and apply at the next close (the server-busy case). */
  get busy(): boolean {
    return this.ledger.busy;
  }
  set busy(b: boolean) {
    this.ledger.busy = b;
  }

  closeLedger(): void {
    this.ledger.closeLedger();
  }

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    this.served = await serve({
      ports: [port],
      host,
      tick: { ms: this.o.closeIntervalMs ?? 0, run: () => this.closeLedger() },
      handle: (req, text, res) => onRequest(this.ledger, req, text, res),
    });
    return this.served.urls[0]!;
  }

  async stop(): Promise<void> {
    await this.served?.stop();
  }

  /**
   * The test-only control API (not rippled's; the simulator only ever listens on loopback): `POST busy` with
   * `{"busy": true|false}` makes submits answer terQUEUED ('Held until escalated fee drops.') or not, `POST close`
   * closes a ledger (applying what was held), `GET state` reads both. Undefined for anything else (404).
   */
  control(method: string, what: string, body: string): Params | undefined {
    return control(this.ledger, method, what, body);
  }

  /** One JSON-RPC call (the `result` object). */
  handle(method: string, p: Params): Params {
    return handle(this.ledger, method, p);
  }
}

/** The XRP address of the emulator's key at m/44'/144'/{account}'/0/0. */
export function xrpAddressOf(mnemonic: string, account: number): string {
  const key = mnemonicToRoot(mnemonic).derive(`m/44'/144'/${account}'/0/0`);
  return deriveAddress(Buffer.from(key.publicKey!).toString('hex').toUpperCase());
}

/** Index of the funded recipient that requires a destination tag (never discovered: far past the gap). */
export const XRPL_TAG_REQUIRED_ACCOUNT = 100;

/**
 * The simulator's genesis: the emulator's first two XRP accounts with 1,000 XRP each, and a recipient that requires a
 * destination tag (lsfRequireDestTag).
 */
export function xrplGenesis(mnemonic: string): GenesisAccount[] {
  const path = (n: number) => `m/44'/144'/${n}'/0/0`;
  return [
    { address: xrpAddressOf(mnemonic, 0), path: path(0), balance: 1_000_000_000n },
    { address: xrpAddressOf(mnemonic, 1), path: path(1), balance: 1_000_000_000n },
    {
      address: xrpAddressOf(mnemonic, XRPL_TAG_REQUIRED_ACCOUNT),
      path: path(XRPL_TAG_REQUIRED_ACCOUNT),
      balance: 50_000_000n,
      requireDestinationTag: true,
    },
  ];
}
