/**
 * A TRON network simulator speaking the two APIs the server's TRON provider uses (reference/apis/tron.md): a java-tron
 * full node's HTTP API (`/wallet/getaccount`, `getaccountresource`, `getnowblock`, `getchainparameters`,
 * `triggerconstantcontract`, `getassetissuebyid`, `broadcasthex`, `broadcasttransaction`, `gettransactioninfobyid`)
 * the solidity node's (`/walletsolidity/gettransactioninfobyid`, `getnowblock`: only blocks `solidityDepth` below the
 * head) and TronGrid's v1 index (`/v1/accounts/{addr}`, `…/transactions`, `…/transactions/trc20`), so the same provider
 * code serves it and mainnet.
 *
 * It keeps real state: TRX balances, TRC-10 balances, a TRC-20 token's balances, bandwidth (the free daily allowance
 * and staked bandwidth) and energy per account with their daily windows, account activation (the create-account fees),
 * blocks on an interval. Every transaction is decoded with tronweb's protocol buffers; its signature is recovered from
 * the txID and compared with the owner; the reference block (TAPOS) and the expiration are checked; and what java-tron
 * refuses gets java-tron's code and message: SIGERROR, TAPOS_ERROR, TRANSACTION_EXPIRATION_ERROR, DUP_TRANSACTION_ERROR,
 * CONTRACT_VALIDATE_ERROR, BANDWITH_ERROR. A TRC-20 call whose energy the account and its fee limit cannot pay enters a
 * block with an OUT_OF_ENERGY receipt, burns the fee and moves no token, and a transfer above the sender's token
 * balance enters with a REVERT receipt that pays the energy used, as on the real network.
 */
import { serve, type Served } from '@secux-companion/sim-kit';
import { broadcast } from './simulator/broadcast/index.js';
import { answer, control } from './simulator/http.js';
import type { TronSimulatorOptions } from './simulator/options.js';
import { TronState, type Block, type SimAccount } from './simulator/state.js';
import type { TronAsset10, TronToken20 } from './simulator/tokens.js';
import { index } from './simulator/trongrid.js';
import { solidity, wallet } from './simulator/wallet/index.js';

export {
  CONTROL_PREFIX,
  TRC20_ENERGY_EXISTING,
  TRC20_ENERGY_NEW_HOLDER,
  TRC20_ENERGY_REVERT,
  TRON_SIM_PARAMS,
} from './simulator/constants.js';
export { tronAddressOf, tronGenesis } from './simulator/genesis.js';
export type { TronGenesisAccount, TronSimulatorOptions } from './simulator/options.js';
export { LOCAL_TRC10, LOCAL_TRC20, type TronAsset10, type TronToken20 } from './simulator/tokens.js';

/** The simulator: its state (simulator/state.ts) served over HTTP (simulator/http.ts), with its APIs for tests. */
export class TronSimulator {
  private readonly s: TronState;
  private served: Served | undefined;

  constructor(private readonly o: TronSimulatorOptions) {
    this.s = new TronState(o);
  }

  get accounts(): Map<string, SimAccount> {
    return this.s.accounts;
  }
  get trc20(): Map<string, bigint> {
    return this.s.trc20;
  }
  get token(): TronToken20 {
    return this.s.token;
  }
  get asset(): TronAsset10 {
    return this.s.asset;
  }
  get params(): TronState['params'] {
    return this.s.params;
  }
  get head(): Block {
    return this.s.head;
  }
  /** The newest solidified block: `solidityDepth` blocks below the head (never below the first block). */
  get solidHead(): Block {
    return this.s.solidHead;
  }

  /** Seals a block with the pending transactions. */
  produceBlock(at = Date.now()): Block {
    return this.s.produceBlock(at);
  }

  /** Uses up an account's free daily bandwidth (tests: the next send burns TRX for bandwidth). */
  exhaustBandwidth(address: string): void {
    this.s.exhaustBandwidth(address);
  }

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    this.served = await serve({
      ports: [port],
      host,
      tick: { ms: this.o.blockIntervalMs ?? 0, run: () => this.s.produceBlock() },
      handle: (req, text, res) => {
        const [status, body] = answer(this.s, req.method ?? 'GET', req.url ?? '', text);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      },
    });
    return this.served.urls[0]!;
  }

  async stop(): Promise<void> {
    await this.served?.stop();
  }

  /** Test-only control API (loopback only): POST block (seal one now), POST exhaust {address}, GET state. */
  control(method: string, what: string, body: string): unknown {
    return control(this.s, method, what, body);
  }

  /** The solidity node's API (`/walletsolidity/*`): the full node's answers, only from solidified blocks. */
  solidity(method: string, p: Record<string, unknown>): unknown {
    return solidity(this.s, method, p);
  }

  /** The full node's API (`/wallet/*`). */
  wallet(method: string, p: Record<string, unknown>): unknown {
    return wallet(this.s, method, p);
  }

  /** Validates and applies one signed transaction: java-tron's answer. */
  broadcast(bytes: Uint8Array): Record<string, unknown> {
    return broadcast(this.s, bytes);
  }

  /** TronGrid's v1 index (`/v1/accounts/…`). */
  index(path: string, q: URLSearchParams): unknown {
    return index(this.s, path, q);
  }
}
