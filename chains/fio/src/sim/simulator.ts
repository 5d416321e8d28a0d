/**
 * A FIO chain simulator for the local profile: an HTTP server speaking the public FIO API the product API's FIO node
 * provider uses (reference/apis/fio.md) — /v1/chain/get_info, get_block, get_raw_abi, push_transaction, get_fio_balance,
 * get_locks, get_fee, get_fio_domains, get_fio_addresses, get_fio_names, avail_check, get_pub_address(es), get_actor,
 * and /v1/history/get_actions and get_transaction (the block of an executed transaction; get_info's last irreversible
 * block trails the head by one, as on a chain with one producer) — with real state: balances, domains with expiry, handles with bundle counts and mapped
 * addresses, and each account's actions.
 *
 * Every pushed transaction is decoded with fiojs and the contracts' ABIs (chain-fio's fixtures, served by
 * get_raw_abi); its signature is recovered over chain id ‖ packed trx ‖ 32 zero bytes and must be the key of the
 * action's actor; TAPOS must name a recent block and the expiration must be ahead (≤ 3600 s). A push is answered 202.
 * What FIO rejects gets FIO's answer (its http_plugin and contracts): 401 unsatisfied_authorization (3090003) for a
 * key that is not the declared authority's, 500 missing_auth_exception (3090004) for an actor that did not authorize,
 * 403 invalid_signature for a non-owner, 400 invalid_input with FIO's field errors (taken names, unregistered
 * handles, insufficient funds, a fee above max_fee), 500 expired_tx / tx_exp_too_far / invalid_ref_block with nodeos's
 * texts, 409 tx_duplicate, 500 packed_transaction_type_exception for bytes that are no transaction.
 * Bundle-eligible actions (add / remove address) spend a bundled transaction when the handle has one, else the fee.
 *
 * Payment requests and staking (issue 17), written from fioprotocol/fio.contracts (fio.request.obt.cpp,
 * fio.staking.cpp, fio.system voting.cpp): fio.reqobt newfundsreq / rejectfndreq / cancelfndreq / recordobt keep the
 * requests table (encrypted content stored as sent; statuses requested → rejected | cancelled | sent_to_blockchain),
 * 2 bundles for a request or a record and 1 for the rest (content of 1,000+ characters costs more, as the contract
 * counts it); fio.staking stakefio / unstakefio keep staked and locked balances (unstaked SUF locked 604,800 s, as the
 * contract's general lock) and refuse an account that has not voted or proxied; eosio voteproxy writes the voter
 * table, read back with get_table_rows. The refusals carry the contracts' own texts and HTTP codes. The getters
 * get_sent_fio_requests / get_received_fio_requests / get_pending_fio_requests and get_locks answer from that state,
 * GET /staking answers as FIO's staking statistics service does (historical_apr), and a loopback-only control under
 * /_localnet/ advances the simulator's clock (the 7-day lock) and sets or breaks that service for tests.
 */
import type { FioRawAbi } from '@secux-companion/chain-fio';
import { serve, type Served } from '@secux-companion/sim-kit';
import type { FioGenesis } from './simulator/genesis.js';
import { control, handleHttp } from './simulator/http.js';
import {
  FioState,
  type Block,
  type Domain,
  type FioRequestRow,
  type FioStakingService,
  type Handle,
  type VoterRow,
} from './simulator/state.js';

export {
  FIO_CONTROL_PREFIX,
  FIO_LOCAL_CHAIN_ID,
  FIO_LOCAL_PROXY,
  FIO_PAYER_HANDLE,
  UNSTAKE_LOCK_SECONDS,
} from './simulator/constants.js';
export { FIO_LOCAL_FEES } from './simulator/fees.js';
export {
  FIO_LOCAL_PROXY_KEY,
  SECUX_DOMAIN_OWNER,
  fioGenesis,
  fioPublicKeyOf,
  type FioGenesis,
} from './simulator/genesis.js';
export type { FioStakingService } from './simulator/state.js';

export interface FioSimulatorOptions {
  genesis: FioGenesis;
  chainId?: string;
  /** Block interval (ms); 0 = a block per push only. Default 500. */
  blockIntervalMs?: number;
}

/** The simulator: its state (simulator/state.ts) served over HTTP (simulator/http.ts), with readers for tests. */
export class FioSimulator {
  private readonly s: FioState;
  private served: Served | undefined;
  url = '';

  constructor(private readonly opts: FioSimulatorOptions) {
    this.s = new FioState(opts.genesis, opts.chainId);
  }

  get chainId(): string {
    return this.s.chainId;
  }
  get abis(): FioRawAbi[] {
    return this.s.abis;
  }
  /** What GET /staking answers. */
  get stakingService(): FioStakingService {
    return this.s.stakingService;
  }
  set stakingService(v: FioStakingService) {
    this.s.stakingService = v;
  }

  /** The simulator's clock (ms): the wall clock plus what the test control advanced. */
  now(): number {
    return this.s.now();
  }

  /** Moves the clock forward (seconds) and seals two blocks at the new time, so TAPOS references it. */
  advanceClock(seconds: number): Date {
    return this.s.advanceClock(seconds);
  }

  // --- state read by tests ---
  balanceOf(publicKey: string): bigint {
    return this.s.balanceOf(publicKey);
  }
  domain(name: string): Domain | undefined {
    return this.s.domains.get(name);
  }
  handle(name: string): Handle | undefined {
    return this.s.handles.get(name);
  }
  stakedOf(publicKey: string): bigint {
    return this.s.stakedOf(publicKey);
  }
  /** The SUF still locked now (the lock periods not yet passed). */
  lockedOf(publicKey: string): bigint {
    return this.s.lockedOf(publicKey);
  }
  /** Spendable SUF: the balance less what is staked and what is still locked. */
  availableOf(publicKey: string): bigint {
    return this.s.availableOf(publicKey);
  }
  request(id: number): Readonly<FioRequestRow> | undefined {
    return this.s.requests.find((r) => r.id === id);
  }
  voter(actor: string): Readonly<VoterRow> | undefined {
    return this.s.voters.get(actor);
  }

  /** The last irreversible block: one producer here, so the block before the head (nodeos with one producer). */
  lib(): number {
    return this.s.lib();
  }

  produceBlock(): Block {
    return this.s.produceBlock();
  }

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    this.served = await serve({
      ports: [port],
      host,
      tick: { ms: this.opts.blockIntervalMs ?? 500, run: () => void this.s.produceBlock() },
      handle: (req, raw, res) => handleHttp(this.s, req, raw, res),
    });
    this.url = this.served.urls[0]!;
    return this.url;
  }

  async stop(): Promise<void> {
    const s = this.served;
    this.served = undefined;
    await s?.stop();
  }

  /** Test-only control (loopback only): POST clock {advanceSeconds}, GET clock, POST staking-service {apr7d?, down?}. */
  control(method: string, what: string, raw: string): unknown {
    return control(this.s, method, what, raw);
  }
}
