/**
 * The FIO simulator's state: balances, domains, handles, blocks, each account's actions, the requests table, staking
 * and locks, the voters table, and the simulator's clock. Every operation (an HTTP getter, an action) reads or changes
 * one FioState.
 */
import { randomBytes } from 'node:crypto';
import { Fio } from '@fioprotocol/fiojs';
import { fioContractRawAbis, type FioRawAbi } from '@secux-companion/chain-fio';
import { FIO_LOCAL_CHAIN_ID, YEAR_MS } from './constants.js';

/** A row of fio.reqobt's requests table (fio_data_type: the status). */
export interface FioRequestRow {
  id: number;
  payer: string;
  payee: string;
  payerKey: string;
  payeeKey: string;
  content: string;
  time: number;
  status: 'requested' | 'rejected' | 'cancelled' | 'sent_to_blockchain';
  obtContent?: string;
}

/** A row of eosio's voters table (fio.system voter_info), as get_table_rows answers it with json: true. */
export interface VoterRow {
  id: number;
  fioaddress: string;
  addresshash: string;
  owner: string;
  proxy: string;
  producers: string[];
  last_vote_weight: string;
  proxied_vote_weight: string;
  is_proxy: number;
  is_auto_proxy: number;
  reserved2: number;
  reserved3: string;
}

/** An account's general lock (eosio locked tokens v2): periods counted from `timestamp` (seconds). */
export interface GeneralLock {
  timestamp: number;
  periods: { duration: number; amount: bigint }[];
}

/** What the staking statistics service answers (FIO's services-external /staking); `down`: it fails. */
export interface FioStakingService {
  apr: { '1day': number | null; '7day': number | null; '30day': number | null };
  down: boolean;
}

export interface PubAddr {
  chain_code: string;
  token_code: string;
  public_address: string;
}
export interface Domain {
  owner: string;
  isPublic: boolean;
  expiration: Date;
}
export interface Handle {
  owner: string;
  expiration: Date;
  bundled: number;
  addresses: PubAddr[];
}
export interface Block {
  num: number;
  id: string;
  time: Date;
}
export interface HistoryEntry {
  account_action_seq: number;
  global_action_seq: number;
  block_num: number;
  block_time: string;
  action_trace: Record<string, unknown>;
}

/** What a FioState starts from (genesis.ts builds the local one). */
export interface FioGenesis {
  accounts: { publicKey: string; balance: bigint }[];
  domains: { domain: string; owner: string; isPublic: boolean; expiration?: Date }[];
  handles: { handle: string; owner: string; bundled: number; addresses?: PubAddr[] }[];
  /** Handles (listed in `handles`) whose owners are registered voting proxies (eosio regproxy). */
  proxies?: string[];
}

export class FioState {
  readonly abis: FioRawAbi[] = fioContractRawAbis();
  readonly balances = new Map<string, bigint>();
  readonly domains = new Map<string, Domain>();
  readonly handles = new Map<string, Handle>();
  readonly blocks: Block[] = [];
  readonly history = new Map<string, HistoryEntry[]>();
  readonly seen = new Set<string>();
  /** Executed transactions by id: their block (history_plugin's get_transaction). */
  readonly trxs = new Map<string, { block_num: number; block_time: string }>();
  globalSeq = 0;
  /** How far the simulator's clock is ahead of the wall clock (the test control advances it). */
  clockOffsetMs = 0;
  readonly staked = new Map<string, bigint>();
  readonly locks = new Map<string, GeneralLock>();
  readonly voters = new Map<string, VoterRow>();
  readonly requests: FioRequestRow[] = [];
  /** recordobt without a request id: OBT data of its own (same id sequence as the requests, as on chain). */
  readonly obtRecords: FioRequestRow[] = [];
  nextRequestId = 1;
  /** What GET /staking answers. */
  stakingService: FioStakingService = {
    apr: { '1day': 9.82, '7day': 13.54, '30day': 11.54 },
    down: false,
  };

  constructor(
    genesis: FioGenesis,
    readonly chainId = FIO_LOCAL_CHAIN_ID,
  ) {
    for (const a of genesis.accounts) this.balances.set(a.publicKey, a.balance);
    const inAYear = new Date(this.now() + YEAR_MS);
    for (const d of genesis.domains)
      this.domains.set(d.domain, {
        owner: d.owner,
        isPublic: d.isPublic,
        expiration: d.expiration ?? inAYear,
      });
    for (const h of genesis.handles)
      this.handles.set(h.handle, {
        owner: h.owner,
        expiration: inAYear,
        bundled: h.bundled,
        addresses: h.addresses ?? [],
      });
    for (const p of genesis.proxies ?? []) {
      const h = this.handles.get(p);
      if (!h) throw new Error(`proxy ${p} is not a genesis handle`);
      const row = this.voterRow(Fio.accountHash(h.owner));
      row.is_proxy = 1;
      row.fioaddress = p;
    }
    this.produceBlock();
  }

  /** The simulator's clock (ms): the wall clock plus what the test control advanced. */
  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  /** Moves the clock forward (seconds) and seals two blocks at the new time, so TAPOS references it. */
  advanceClock(seconds: number): Date {
    if (!Number.isSafeInteger(seconds) || seconds < 0 || seconds > 10 * 365 * 86_400)
      throw new Error('advance by 0 to 10 years of seconds');
    this.clockOffsetMs += seconds * 1000;
    this.produceBlock();
    this.produceBlock();
    return new Date(this.now());
  }

  balanceOf(publicKey: string): bigint {
    return this.balances.get(publicKey) ?? 0n;
  }
  stakedOf(publicKey: string): bigint {
    return this.staked.get(publicKey) ?? 0n;
  }
  /** The SUF still locked now (the lock periods not yet passed). */
  lockedOf(publicKey: string): bigint {
    const lock = this.locks.get(publicKey);
    if (!lock) return 0n;
    const nowSec = Math.floor(this.now() / 1000);
    return lock.periods.reduce((t, p) => (lock.timestamp + p.duration > nowSec ? t + p.amount : t), 0n);
  }
  /** Spendable SUF: the balance less what is staked and what is still locked. */
  availableOf(publicKey: string): bigint {
    return this.balanceOf(publicKey) - this.stakedOf(publicKey) - this.lockedOf(publicKey);
  }

  /** The last irreversible block: one producer here, so the block before the head (nodeos with one producer). */
  lib(): number {
    return Math.max(1, (this.blocks.at(-1)?.num ?? 1) - 1);
  }

  produceBlock(): Block {
    const num = (this.blocks.at(-1)?.num ?? 0) + 1;
    const id = num.toString(16).padStart(8, '0') + randomBytes(28).toString('hex');
    const block = { num, id, time: new Date(Math.floor(this.now() / 500) * 500) };
    this.blocks.push(block);
    if (this.blocks.length > 2000) this.blocks.shift();
    return block;
  }

  /** The voters table's row of `actor`, created empty when it has none. */
  voterRow(actor: string): VoterRow {
    let row = this.voters.get(actor);
    if (!row) {
      row = {
        id: this.voters.size,
        fioaddress: '',
        addresshash: '0x00000000000000000000000000000000',
        owner: actor,
        proxy: '',
        producers: [],
        last_vote_weight: '0.00000000000000000',
        proxied_vote_weight: '0.00000000000000000',
        is_proxy: 0,
        is_auto_proxy: 0,
        reserved2: 0,
        reserved3: '0.000000000 FIO',
      };
      this.voters.set(actor, row);
    }
    return row;
  }
}
