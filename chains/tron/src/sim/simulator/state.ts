/**
 * The TRON simulator's state: accounts (TRX, TRC-10, bandwidth and energy with their daily windows), the TRC-20
 * token's balances, blocks, and the transactions (pending until the next block seals them).
 */
import { sha256, toHex41 } from './codec.js';
import { DAY_MS, TRON_SIM_PARAMS } from './constants.js';
import { LOCAL_TRC10, LOCAL_TRC20, type TronAsset10, type TronToken20 } from './localTokens.js';
import type { TronSimulatorOptions } from './options.js';

export interface SimAccount {
  balance: bigint;
  createTime: number;
  assets: Map<string, bigint>;
  freeNetUsed: bigint;
  netLimit: bigint;
  netUsed: bigint;
  energyLimit: bigint;
  energyUsed: bigint;
  /** Start of the current daily window (free bandwidth and energy recover at its end). */
  windowStart: number;
}

export interface TxRecord {
  txID: string;
  rawHex: string;
  signatures: string[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  owner: string;
  to?: string;
  blockNumber: number | null;
  blockTimestamp: number | null;
  fee: bigint;
  netUsage: bigint;
  netFee: bigint;
  energyUsage: bigint;
  energyFee: bigint;
  result: 'SUCCESS' | 'OUT_OF_ENERGY' | 'REVERT';
  trc20?: { from: string; to: string; value: bigint };
  time: number;
}

export interface Block {
  number: number;
  id: string;
  timestamp: number;
}

export class TronState {
  readonly accounts = new Map<string, SimAccount>();
  readonly trc20 = new Map<string, bigint>();
  readonly token: TronToken20;
  readonly asset: TronAsset10;
  readonly params = { ...TRON_SIM_PARAMS };
  readonly tokenHex: string;
  readonly blocks: Block[] = [];
  readonly txs = new Map<string, TxRecord>();
  readonly order: TxRecord[] = [];
  pending: TxRecord[] = [];

  constructor(readonly o: TronSimulatorOptions) {
    this.token = o.token ?? LOCAL_TRC20;
    this.asset = o.asset ?? LOCAL_TRC10;
    this.tokenHex = toHex41(this.token.address)!;
    const now = Date.now();
    for (const g of o.accounts) {
      const h = toHex41(g.address);
      if (!h) throw new Error(`bad genesis address ${g.address}`);
      const acc = newAccount(now);
      acc.balance = g.balance;
      acc.energyLimit = g.energy ?? 0n;
      if (g.trc10) acc.assets.set(this.asset.id, g.trc10);
      if (g.trc20) this.trc20.set(h, g.trc20);
      this.accounts.set(h, acc);
    }
    this.produceBlock(now - 3000);
  }

  /** The account with its daily window rolled over when it has passed. */
  account(h: string): SimAccount | undefined {
    const a = this.accounts.get(h);
    if (a && Date.now() - a.windowStart >= DAY_MS) {
      a.freeNetUsed = 0n;
      a.netUsed = 0n;
      a.energyUsed = 0n;
      a.windowStart = Date.now();
    }
    return a;
  }

  /** The account `h`, created (activated) now when it does not exist. */
  ensure(h: string, now: number): SimAccount {
    let a = this.accounts.get(h);
    if (!a) {
      a = newAccount(now);
      this.accounts.set(h, a);
    }
    return a;
  }

  get head(): Block {
    return this.blocks[this.blocks.length - 1]!;
  }

  /** The newest solidified block: `solidityDepth` blocks below the head (never below the first block). */
  get solidHead(): Block {
    const depth = this.o.solidityDepth ?? 19;
    return this.blocks[Math.max(0, this.blocks.length - 1 - depth)]!;
  }

  /** Seals a block with the pending transactions. */
  produceBlock(at = Date.now()): Block {
    const number = (this.blocks.length ? this.head.number : 999) + 1;
    const timestamp = Math.max(at, this.blocks.length ? this.head.timestamp + 1 : at);
    const id =
      number.toString(16).padStart(16, '0') +
      sha256(Buffer.from(`${number}:${timestamp}:${Math.random()}`)).slice(16);
    const block = { number, id, timestamp };
    this.blocks.push(block);
    if (this.blocks.length > 70_000) this.blocks.splice(0, this.blocks.length - 65_536);
    for (const t of this.pending) {
      t.blockNumber = number;
      t.blockTimestamp = timestamp;
    }
    this.pending = [];
    return block;
  }

  /** Uses up an account's free daily bandwidth (tests: the next send burns TRX for bandwidth). */
  exhaustBandwidth(address: string): void {
    const a = this.account(toHex41(address)!);
    if (a) a.freeNetUsed = this.params.getFreeNetLimit;
  }
}

function newAccount(now: number): SimAccount {
  return {
    balance: 0n,
    createTime: now,
    assets: new Map(),
    freeNetUsed: 0n,
    netLimit: 0n,
    netUsed: 0n,
    energyLimit: 0n,
    energyUsed: 0n,
    windowStart: now,
  };
}
