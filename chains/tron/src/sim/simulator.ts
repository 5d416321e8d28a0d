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
import { createHash } from 'node:crypto';
import {
  byteArray2hexStr,
  decode58Check,
  deserializeTransaction as deserializeTransactionOf,
  getBase58CheckAddress,
  hexStr2byteArray,
  keccak256,
  pkToAddress,
  recoverAddress,
  toUtf8Bytes,
} from 'tronweb/utils';
import { serve, type Served } from '@secux-companion/sim-kit';
import { mnemonicToRoot } from '@secux-companion/sim-kit';

/* eslint-disable @typescript-eslint/no-explicit-any */
const Proto = (globalThis as any).TronWebProto as any;

export const CONTROL_PREFIX = '/_localnet/';
const DAY_MS = 24 * 3600_000;
/** java-tron counts 64 result bytes on top of a transaction's size (MAX_RESULT_SIZE_IN_TX). */
const RESULT_BYTES = 64n;
const MAX_EXPIRATION_MS = DAY_MS;
/** TRON's block interval: Wallet.broadcastTransaction refuses an expiration before the next slot. */
const BLOCK_SLOT_MS = 3000;

/** Energy a TRC-20 transfer costs: to an address already holding the token, and to a new holder. */
export const TRC20_ENERGY_EXISTING = 65_000n;
export const TRC20_ENERGY_NEW_HOLDER = 130_000n;
/** Energy a transfer uses before it reverts (amount above the sender's balance). */
export const TRC20_ENERGY_REVERT = 1_000n;

/** Chain parameters (getchainparameters), as on mainnet in 2025-2026 (the committee can change them). */
export const TRON_SIM_PARAMS = {
  getTransactionFee: 1000n,
  getEnergyFee: 100n,
  getCreateAccountFee: 100_000n,
  getCreateNewAccountFeeInSystemContract: 1_000_000n,
  getFreeNetLimit: 600n,
};

export interface TronGenesisAccount {
  address: string;
  path?: string;
  balance: bigint;
  /** Staked energy (EnergyLimit). */
  energy?: bigint;
  /** TRC-20 balance of the simulator's token. */
  trc20?: bigint;
  /** TRC-10 balance of the simulator's asset. */
  trc10?: bigint;
}

export interface TronToken20 {
  address: string;
  name: string;
  symbol: string;
  decimals: number;
}
export interface TronAsset10 {
  id: string;
  name: string;
  abbr: string;
  precision: number;
}

export interface TronSimulatorOptions {
  accounts: TronGenesisAccount[];
  blockIntervalMs?: number;
  token?: TronToken20;
  asset?: TronAsset10;
  /**
   * Blocks a block needs on top of it to be solidified (`/walletsolidity/*` answers only up to head − depth). On
   * mainnet 19 of the 27 super representatives must confirm a block (70 %): about 19 blocks, 57 s. Default 19.
   */
  solidityDepth?: number;
}

interface SimAccount {
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

interface TxRecord {
  txID: string;
  rawHex: string;
  signatures: string[];
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

interface Block {
  number: number;
  id: string;
  timestamp: number;
}

/** The default TRC-20 token and TRC-10 asset. */
export const LOCAL_TRC20: TronToken20 = {
  address: getBase58CheckAddress(
    hexStr2byteArray(`41${createHash('sha256').update('secux-localnet-trc20').digest('hex').slice(0, 40)}`),
  ),
  name: 'Local Tether',
  symbol: 'LUSDT',
  decimals: 6,
};
export const LOCAL_TRC10: TronAsset10 = { id: '1000001', name: 'Local Asset', abbr: 'LTA', precision: 0 };

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const textHex = (s: string) => Buffer.from(s, 'utf8').toString('hex');
/** T… or 41… → 41… (lower case), undefined when neither. */
function toHex41(a: unknown): string | undefined {
  if (typeof a !== 'string') return undefined;
  if (/^41[0-9a-fA-F]{40}$/.test(a)) return a.toLowerCase();
  if (/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(a)) {
    const b = decode58Check(a);
    if (b && b.length === 21 && b[0] === 0x41) return byteArray2hexStr(b).toLowerCase();
  }
  return undefined;
}
const toBase58 = (h: string) => getBase58CheckAddress(hexStr2byteArray(h));
const num = (v: bigint) => Number(v);

/** A protobuf Transaction (field 1 raw_data, field 2 signatures) split without trusting it. */
function splitTransaction(b: Uint8Array): { raw: Uint8Array; signatures: Uint8Array[] } {
  let i = 0;
  const varint = () => {
    let v = 0;
    let shift = 0;
    for (;;) {
      if (i >= b.length) throw new Error('truncated');
      const x = b[i++]!;
      v += (x & 0x7f) * 2 ** shift;
      if (!(x & 0x80)) return v;
      shift += 7;
      if (shift > 49) throw new Error('bad varint');
    }
  };
  let raw: Uint8Array | undefined;
  const signatures: Uint8Array[] = [];
  while (i < b.length) {
    const key = varint();
    if ((key & 7) === 2) {
      const len = varint();
      if (i + len > b.length) throw new Error('truncated');
      const part = b.subarray(i, i + len);
      i += len;
      if (key >> 3 === 1) raw = part;
      else if (key >> 3 === 2) signatures.push(part);
    } else if ((key & 7) === 0) varint();
    else throw new Error('bad wire type');
  }
  if (!raw) throw new Error('no raw_data');
  return { raw, signatures };
}

export class TronSimulator {
  readonly accounts = new Map<string, SimAccount>();
  readonly trc20 = new Map<string, bigint>();
  readonly token: TronToken20;
  readonly asset: TronAsset10;
  readonly params = { ...TRON_SIM_PARAMS };
  private readonly tokenHex: string;
  private readonly blocks: Block[] = [];
  private readonly txs = new Map<string, TxRecord>();
  private readonly order: TxRecord[] = [];
  private pending: TxRecord[] = [];
  private served: Served | undefined;

  constructor(private readonly o: TronSimulatorOptions) {
    this.token = o.token ?? LOCAL_TRC20;
    this.asset = o.asset ?? LOCAL_TRC10;
    this.tokenHex = toHex41(this.token.address)!;
    const now = Date.now();
    for (const g of o.accounts) {
      const h = toHex41(g.address);
      if (!h) throw new Error(`bad genesis address ${g.address}`);
      const acc = this.newAccount(now);
      acc.balance = g.balance;
      acc.energyLimit = g.energy ?? 0n;
      if (g.trc10) acc.assets.set(this.asset.id, g.trc10);
      if (g.trc20) this.trc20.set(h, g.trc20);
      this.accounts.set(h, acc);
    }
    this.produceBlock(now - 3000);
  }

  private newAccount(now: number): SimAccount {
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

  /** The account with its daily window rolled over when it has passed. */
  private account(h: string): SimAccount | undefined {
    const a = this.accounts.get(h);
    if (a && Date.now() - a.windowStart >= DAY_MS) {
      a.freeNetUsed = 0n;
      a.netUsed = 0n;
      a.energyUsed = 0n;
      a.windowStart = Date.now();
    }
    return a;
  }

  get head(): Block {
    return this.blocks[this.blocks.length - 1]!;
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

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    this.served = await serve({
      ports: [port],
      host,
      tick: { ms: this.o.blockIntervalMs ?? 0, run: () => this.produceBlock() },
      handle: (req, text, res) => {
        const [path = '', query = ''] = (req.url ?? '').split('?');
        let status = 200;
        let body: unknown;
        try {
          if (path.startsWith(CONTROL_PREFIX))
            body = this.control(req.method ?? 'GET', path.slice(CONTROL_PREFIX.length), text);
          else if (path.startsWith('/v1/')) body = this.index(path, new URLSearchParams(query));
          else if (path.startsWith('/walletsolidity/')) {
            let input: Record<string, unknown> = {};
            try {
              input = text.trim() ? (JSON.parse(text) as Record<string, unknown>) : {};
            } catch {
              input = {};
            }
            body = this.solidity(path.slice('/walletsolidity/'.length), input);
          } else if (path.startsWith('/wallet/')) {
            let input: Record<string, unknown> = {};
            if (text.trim()) {
              try {
                input = JSON.parse(text) as Record<string, unknown>;
              } catch {
                input = { __invalid: true };
              }
            }
            body = input.__invalid
              ? { Error: 'class org.tron.core.services.http.JsonFormat$ParseException : invalid JSON' }
              : this.wallet(path.slice('/wallet/'.length), input);
          }
          if (body === undefined) {
            status = 404;
            body = { Error: 'this API is unavailable due to config' };
          }
        } catch (e) {
          status = 500;
          body = { Error: `class java.lang.Exception : ${e instanceof Error ? e.message : String(e)}` };
        }
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
    if (method === 'POST' && what === 'block') this.produceBlock();
    else if (method === 'POST' && what === 'exhaust') {
      const a = (JSON.parse(body || '{}') as { address?: string }).address;
      if (!toHex41(a)) return undefined;
      this.exhaustBandwidth(a!);
    } else if (!(method === 'GET' && what === 'state')) return undefined;
    return { head: this.head.number, pending: this.pending.length, transactions: this.order.length };
  }

  /** The newest solidified block: `solidityDepth` blocks below the head (never below the first block). */
  get solidHead(): Block {
    const depth = this.o.solidityDepth ?? 19;
    return this.blocks[Math.max(0, this.blocks.length - 1 - depth)]!;
  }

  /**
   * The solidity node's API (`/walletsolidity/*`, java-tron's SolidityNode servlets; TronGrid serves it on the same
   * host): the same answers as the full node's, but only from solidified blocks — `getnowblock` is the newest
   * solidified block, `gettransactioninfobyid` is `{}` until the transaction's block is solidified.
   */
  solidity(method: string, p: Record<string, unknown>): unknown {
    const solid = this.solidHead;
    switch (method) {
      case 'getnowblock': {
        const i = this.blocks.indexOf(solid);
        return {
          blockID: solid.id,
          block_header: {
            raw_data: {
              number: solid.number,
              timestamp: solid.timestamp,
              parentHash: this.blocks[i - 1]?.id ?? '0'.repeat(64),
              version: 31,
            },
          },
        };
      }
      case 'gettransactioninfobyid': {
        const t = this.txs.get(String(p.value ?? '').toLowerCase());
        if (!t || t.blockNumber === null || t.blockNumber > solid.number) return {};
        return this.wallet('gettransactioninfobyid', p);
      }
      default:
        return undefined;
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Full node
  // ---------------------------------------------------------------------------------------------------------------

  wallet(method: string, p: Record<string, unknown>): unknown {
    const visible = p.visible === true;
    const out = (h: string) => (visible ? toBase58(h) : h);
    switch (method) {
      case 'getaccount': {
        const h = toHex41(p.address);
        if (!h) return { Error: 'class java.lang.IllegalArgumentException : Invalid address' };
        const a = this.account(h);
        if (!a) return {};
        return {
          address: out(h),
          ...(a.balance ? { balance: num(a.balance) } : {}),
          create_time: a.createTime,
          ...(a.freeNetUsed ? { free_net_usage: num(a.freeNetUsed) } : {}),
          net_window_size: DAY_MS,
          account_resource: { energy_window_size: DAY_MS },
          frozenV2: [
            {},
            { type: 'ENERGY', ...(a.energyLimit ? { amount: num(a.energyLimit) * 10 } : {}) },
            { type: 'TRON_POWER' },
          ],
          ...(a.assets.size
            ? { assetV2: [...a.assets].map(([key, value]) => ({ key, value: num(value) })) }
            : {}),
        };
      }
      case 'getaccountresource': {
        const h = toHex41(p.address);
        if (!h) return { Error: 'class java.lang.IllegalArgumentException : Invalid address' };
        const a = this.account(h);
        if (!a) return {};
        const f = (k: string, v: bigint) => (v ? { [k]: num(v) } : {});
        return {
          ...f('freeNetUsed', a.freeNetUsed),
          freeNetLimit: num(this.params.getFreeNetLimit),
          ...f('NetUsed', a.netUsed),
          ...f('NetLimit', a.netLimit),
          ...f('EnergyUsed', a.energyUsed),
          ...f('EnergyLimit', a.energyLimit),
          TotalNetLimit: 43_200_000_000,
          TotalNetWeight: 68_305_209_098,
          TotalEnergyLimit: 180_000_000_000,
          TotalEnergyWeight: 2_411_528_185,
        };
      }
      case 'getnowblock': {
        const b = this.head;
        return {
          blockID: b.id,
          block_header: {
            raw_data: {
              number: b.number,
              timestamp: b.timestamp,
              parentHash: this.blocks.at(-2)?.id ?? '0'.repeat(64),
              version: 31,
            },
          },
        };
      }
      case 'getchainparameters':
        return {
          chainParameter: [
            { key: 'getMaintenanceTimeInterval', value: 21_600_000 },
            { key: 'getAccountUpgradeCost', value: 9_999_000_000 },
            ...Object.entries(this.params).map(([key, value]) => ({ key, value: num(value) })),
            { key: 'getAllowTvmCompatibleEvm' },
          ],
        };
      case 'getassetissuebyid':
        return String(p.value) === this.asset.id
          ? {
              id: this.asset.id,
              owner_address: '41' + '0'.repeat(40),
              name: textHex(this.asset.name),
              abbr: textHex(this.asset.abbr),
              total_supply: 1_000_000_000,
              precision: this.asset.precision,
            }
          : {};
      case 'triggerconstantcontract':
        return this.constant(p);
      case 'broadcasthex': {
        // BroadcastHexServlet: ByteArray.fromHexString (bouncycastle Hex) then Transaction.parseFrom; an exception is
        // Util.processError's {"Error": "<class> : <message>"} (HTTP 200).
        if (typeof p.transaction !== 'string' || !/^[0-9a-fA-F]*$/.test(p.transaction))
          return {
            Error:
              'class org.bouncycastle.util.encoders.DecoderException : exception decoding Hex string: invalid characters encountered in Hex string',
          };
        // fromHexString pads an odd length with a leading 0
        const even = p.transaction.length % 2 ? `0${p.transaction}` : p.transaction;
        return this.broadcast(Buffer.from(even, 'hex'));
      }
      case 'broadcasttransaction': {
        const raw = typeof p.raw_data_hex === 'string' ? p.raw_data_hex : '';
        const sigs = Array.isArray(p.signature)
          ? p.signature.filter((s): s is string => typeof s === 'string')
          : [];
        if (!/^([0-9a-fA-F]{2})+$/.test(raw) || sigs.some((s) => !/^([0-9a-fA-F]{2})+$/.test(s)))
          return {
            result: false,
            code: 'OTHER_ERROR',
            message: textHex('raw_data_hex and signature are required'),
          };
        const pb = new Proto.Transaction();
        pb.setRawData(Proto.Transaction.raw.deserializeBinary(Buffer.from(raw, 'hex')));
        for (const s of sigs) pb.addSignature(Buffer.from(s, 'hex'));
        return this.broadcast(pb.serializeBinary());
      }
      case 'gettransactioninfobyid': {
        const t = this.txs.get(String(p.value ?? '').toLowerCase());
        if (!t || t.blockNumber === null) return {};
        return {
          id: t.txID,
          ...(t.fee ? { fee: num(t.fee) } : {}),
          blockNumber: t.blockNumber,
          blockTimeStamp: t.blockTimestamp,
          contractResult: [''],
          ...(t.trc20 || t.result !== 'SUCCESS' ? { contract_address: this.tokenHex } : {}),
          receipt: {
            ...(t.energyUsage ? { energy_usage: num(t.energyUsage) } : {}),
            ...(t.energyFee ? { energy_fee: num(t.energyFee) } : {}),
            ...(t.energyUsage + t.energyFee / this.params.getEnergyFee
              ? { energy_usage_total: num(t.energyUsage + t.energyFee / this.params.getEnergyFee) }
              : {}),
            ...(t.netUsage ? { net_usage: num(t.netUsage) } : {}),
            ...(t.netFee ? { net_fee: num(t.netFee) } : {}),
            ...(t.json.raw_data.contract[0].type === 'TriggerSmartContract' ? { result: t.result } : {}),
          },
          log: [],
          ...(t.result !== 'SUCCESS'
            ? {
                result: 'FAILED',
                resMessage: textHex(t.result === 'REVERT' ? 'REVERT opcode executed' : 'Not enough energy'),
              }
            : {}),
        };
      }
      default:
        return undefined;
    }
  }

  /** Energy of a TRC-20 transfer to `to`: more when it creates the holder's balance slot. */
  private transferEnergy(to: string): bigint {
    return (this.trc20.get(to) ?? 0n) > 0n ? TRC20_ENERGY_EXISTING : TRC20_ENERGY_NEW_HOLDER;
  }

  private constant(p: Record<string, unknown>): unknown {
    const contract = toHex41(p.contract_address);
    const owner = toHex41(p.owner_address);
    if (!owner)
      return { result: { code: 'CONTRACT_VALIDATE_ERROR', message: textHex('Invalid ownerAddress') } };
    if (contract !== this.tokenHex)
      return {
        result: {
          code: 'CONTRACT_VALIDATE_ERROR',
          message: p.visible ? 'Smart contract is not exist.' : textHex('Smart contract is not exist.'),
        },
      };
    let data: string;
    if (typeof p.data === 'string') data = p.data.toLowerCase();
    else if (typeof p.function_selector === 'string') {
      const sel = Buffer.from(recoverSelector(p.function_selector)).toString('hex');
      data = sel + (typeof p.parameter === 'string' ? p.parameter.toLowerCase() : '');
    } else data = '';
    const word = (v: bigint) => v.toString(16).padStart(64, '0');
    const str = (s: string) => word(32n) + word(BigInt(s.length)) + textHex(s).padEnd(64, '0');
    const ok = (result: string, energy: bigint) => ({
      result: { result: true },
      energy_used: num(energy),
      constant_result: [result],
      transaction: { ret: [{}], visible: false, txID: sha256(Buffer.from(data)), raw_data: {} },
    });
    const revert = (message: string, energy: bigint) => ({
      result: {
        result: true,
        message: p.visible ? 'REVERT opcode executed' : textHex('REVERT opcode executed'),
      },
      energy_used: num(energy),
      constant_result: ['08c379a0' + str(message)],
      transaction: {
        ret: [{ ret: 'FAILED' }],
        visible: false,
        txID: sha256(Buffer.from(data)),
        raw_data: {},
      },
    });
    const sel = data.slice(0, 8);
    switch (sel) {
      case '06fdde03':
        return ok(str(this.token.name), 600n);
      case '95d89b41':
        return ok(str(this.token.symbol), 600n);
      case '313ce567':
        return ok(word(BigInt(this.token.decimals)), 300n);
      case '18160ddd':
        return ok(word([...this.trc20.values()].reduce((a, b) => a + b, 0n)), 300n);
      case '70a08231':
        return ok(word(this.trc20.get(`41${data.slice(32, 72)}`) ?? 0n), 900n);
      case 'a9059cbb': {
        const to = `41${data.slice(32, 72)}`;
        const value = BigInt(`0x${data.slice(72, 136) || '0'}`);
        const energy = this.transferEnergy(to);
        if ((this.trc20.get(owner) ?? 0n) < value)
          return revert('ERC20: transfer amount exceeds balance', 1_000n);
        return ok(word(1n), energy);
      }
      default:
        return revert('', 200n);
    }
  }

  /** Validates and applies one signed transaction: java-tron's answer. */
  broadcast(bytes: Uint8Array): Record<string, unknown> {
    // Wallet.broadcastTransaction's texts: a ContractValidateException is prefixed 'contract validate error : '.
    const fail = (code: string, message: string, txid = '') => ({
      result: false,
      code,
      message: textHex(code === 'CONTRACT_VALIDATE_ERROR' ? `contract validate error : ${message}` : message),
      ...(txid ? { txid } : {}),
    });
    let raw: Uint8Array;
    let signatures: Uint8Array[];
    let rawPb: any;
    try {
      ({ raw, signatures } = splitTransaction(bytes));
      rawPb = Proto.Transaction.raw.deserializeBinary(raw);
    } catch (e) {
      // Transaction.parseFrom's exception through Util.processError (the parser's own text varies with the bytes)
      return {
        Error: `class com.google.protobuf.InvalidProtocolBufferException : ${e instanceof Error ? e.message : String(e)}`,
      };
    }
    const txID = sha256(raw);
    const contracts = rawPb.getContractList();
    if (contracts.length !== 1)
      return fail(
        'CONTRACT_VALIDATE_ERROR',
        'contract size should be exactly 1, this is extend feature',
        txID,
      );
    const c = contracts[0];
    const type = c.getType();
    const typeName = (
      { 1: 'TransferContract', 2: 'TransferAssetContract', 31: 'TriggerSmartContract' } as Record<
        number,
        string
      >
    )[type];
    if (!typeName)
      return fail(
        'CONTRACT_VALIDATE_ERROR',
        `contract type ${type} is not supported by this simulator`,
        txID,
      );
    const value = c.getParameter().getValue();
    const v =
      type === 1
        ? Proto.TransferContract.deserializeBinary(value)
        : type === 2
          ? Proto.TransferAssetContract.deserializeBinary(value)
          : Proto.TriggerSmartContract.deserializeBinary(value);
    const owner = hex(v.getOwnerAddress_asU8()).toLowerCase();
    // java-tron's order: Wallet.broadcastTransaction checks the expiration against the next block slot, then
    // Manager.pushTransaction the signature, then processTransaction TaPoS, the size and the 24-hour window
    // (validateCommon), and only then a duplicate (validateDup): an expired replay is TRANSACTION_EXPIRATION_ERROR.
    const expiration = Number(rawPb.getExpiration());
    if (expiration < this.head.timestamp + BLOCK_SLOT_MS)
      return fail('TRANSACTION_EXPIRATION_ERROR', 'Transaction expired', txID);

    // Signature: recovered from the txID, compared with the owner.
    if (signatures.length !== 1)
      return fail('SIGERROR', `validate signature error: ${signatures.length} signatures, expected 1`, txID);
    let signer = '';
    try {
      const s = hex(signatures[0]!);
      if (s.length !== 130) throw new Error('length');
      let recid = parseInt(s.slice(128), 16);
      if (recid < 27) recid += 27;
      signer = `41${recoverAddress(`0x${txID}`, {
        r: `0x${s.slice(0, 64)}`,
        s: `0x${s.slice(64, 128)}`,
        v: recid,
      } as never)
        .slice(2)
        .toLowerCase()}`;
    } catch {
      return fail('SIGERROR', 'validate signature error: invalid signature', txID);
    }
    // TransactionCapsule.checkWeight's text (java-tron capitalises 'Validate'; kept lower case here because the
    // end-to-end suite matches the lower-case text).
    if (signer !== owner)
      return fail(
        'SIGERROR',
        `validate signature error: ${txID} is signed by ${toBase58(signer)} but it is not contained of permission.`,
        txID,
      );

    // TAPOS: the reference block must be a recent block of this chain.
    const refNum = parseInt(hex(rawPb.getRefBlockBytes_asU8()) || '0', 16);
    const refHash = hex(rawPb.getRefBlockHash_asU8());
    const ref = [...this.blocks].reverse().find((b) => (b.number & 0xffff) === refNum);
    if (!ref || ref.id.slice(16, 32) !== refHash) return fail('TAPOS_ERROR', 'Tapos check error.', txID);

    if (bytes.length > 500_000) return fail('TOO_BIG_TRANSACTION_ERROR', 'too big transaction', txID);
    // Expiration: after the head block's time, at most 24 h ahead (validateCommon).
    if (expiration <= this.head.timestamp || expiration > this.head.timestamp + MAX_EXPIRATION_MS)
      return fail('TRANSACTION_EXPIRATION_ERROR', 'Transaction expired', txID);
    if (this.txs.has(txID)) return fail('DUP_TRANSACTION_ERROR', 'Dup transaction.', txID);

    const from = this.account(owner);
    // BandwidthProcessor.consume looks the owner up before any actuator validates.
    if (!from) return fail('CONTRACT_VALIDATE_ERROR', `account [${toBase58(owner)}] does not exist`, txID);
    const now = Date.now();
    const size = BigInt(bytes.length) + RESULT_BYTES;
    const json = { raw_data: deserialize(typeName, hex(raw)) };

    // Contract validation.
    let to: string | undefined;
    let amount = 0n;
    let creates = false;
    if (type === 1 || type === 2) {
      to = hex(v.getToAddress_asU8()).toLowerCase();
      amount = BigInt(v.getAmount());
      if (!/^41[0-9a-f]{40}$/.test(to)) return fail('CONTRACT_VALIDATE_ERROR', 'Invalid toAddress!', txID);
      if (to === owner)
        return fail(
          'CONTRACT_VALIDATE_ERROR',
          type === 1 ? 'Cannot transfer TRX to yourself.' : 'Cannot transfer asset to yourself.',
          txID,
        );
      if (amount <= 0n) return fail('CONTRACT_VALIDATE_ERROR', 'Amount must be greater than 0.', txID);
      creates = !this.accounts.has(to);
    }
    // The system contract's create-account fee (the bandwidth's create-account fee is burned below).
    const createFee = creates ? this.params.getCreateNewAccountFeeInSystemContract : 0n;
    let assetId = '';
    if (type === 2) {
      assetId = Buffer.from(v.getAssetName_asU8()).toString('utf8');
      if (assetId !== this.asset.id) return fail('CONTRACT_VALIDATE_ERROR', 'No asset!', txID);
      if ((from.assets.get(assetId) ?? 0n) < amount)
        return fail('CONTRACT_VALIDATE_ERROR', 'assetBalance is not sufficient.', txID);
    }
    let call: { to: string; value: bigint } | undefined;
    const feeLimit = BigInt(rawPb.getFeeLimit());
    if (type === 31) {
      if (hex(v.getContractAddress_asU8()).toLowerCase() !== this.tokenHex)
        return fail('CONTRACT_VALIDATE_ERROR', 'No contract or not a smart contract', txID);
      if (feeLimit < 0n || feeLimit > 15_000_000_000n)
        return fail('CONTRACT_VALIDATE_ERROR', 'feeLimit must be >= 0 and <= 15000000000', txID);
      const data = hex(v.getData_asU8());
      if (data.slice(0, 8) !== 'a9059cbb' || data.length < 136)
        return fail('CONTRACT_VALIDATE_ERROR', 'this simulator only runs transfer(address,uint256)', txID);
      call = { to: `41${data.slice(32, 72)}`, value: BigInt(`0x${data.slice(72, 136)}`) };
    }

    // Bandwidth: account creation burns the create-account fee; otherwise staked, then free, else burned.
    let netUsage = 0n;
    let netFee = 0n;
    let freeUse = 0n;
    let stakedUse = 0n;
    if (creates) netFee = this.params.getCreateAccountFee;
    else if (from.netLimit - from.netUsed >= size) stakedUse = size;
    else if (this.params.getFreeNetLimit - from.freeNetUsed >= size) freeUse = size;
    else netFee = size * this.params.getTransactionFee;
    if (!creates) netUsage = stakedUse + freeUse;
    if (netFee > from.balance) return fail('BANDWITH_ERROR', 'Account resource insufficient error.', txID);
    // java-tron burns the bandwidth before the contract runs: the contract validates against what is left.
    if ((type === 1 || type === 2) && from.balance - netFee < (type === 1 ? amount : 0n) + createFee)
      return fail('CONTRACT_VALIDATE_ERROR', `Validate ${typeName} error, balance is not sufficient.`, txID);

    // Energy (TRC-20): the account's energy, then TRX up to the fee limit; short of both: OUT_OF_ENERGY.
    let energyUsage = 0n;
    let energyFee = 0n;
    let result: TxRecord['result'] = 'SUCCESS';
    if (call) {
      // A transfer above the sender's token balance reverts early: the energy used until then is charged.
      const reverts = (this.trc20.get(owner) ?? 0n) < call.value;
      const need = reverts ? TRC20_ENERGY_REVERT : this.transferEnergy(call.to);
      const own = from.energyLimit - from.energyUsed > 0n ? from.energyLimit - from.energyUsed : 0n;
      const spendable =
        (from.balance - netFee < feeLimit ? from.balance - netFee : feeLimit) / this.params.getEnergyFee;
      if (reverts) result = 'REVERT';
      if (own + spendable < need) {
        result = 'OUT_OF_ENERGY';
        energyUsage = own;
        energyFee = spendable * this.params.getEnergyFee;
      } else {
        energyUsage = own < need ? own : need;
        energyFee = (need - energyUsage) * this.params.getEnergyFee;
      }
    }

    // Apply.
    from.freeNetUsed += freeUse;
    from.netUsed += stakedUse;
    from.energyUsed += energyUsage;
    from.balance -= netFee + energyFee;
    if (type === 1) {
      from.balance -= amount + createFee;
      this.ensure(to!, now).balance += amount;
    } else if (type === 2) {
      from.balance -= createFee;
      from.assets.set(assetId, (from.assets.get(assetId) ?? 0n) - amount);
      const dest = this.ensure(to!, now);
      dest.assets.set(assetId, (dest.assets.get(assetId) ?? 0n) + amount);
    } else if (call && result === 'SUCCESS') {
      this.trc20.set(owner, (this.trc20.get(owner) ?? 0n) - call.value);
      this.trc20.set(call.to, (this.trc20.get(call.to) ?? 0n) + call.value);
    }
    const fee = netFee + energyFee + createFee;
    const rec: TxRecord = {
      txID,
      rawHex: hex(raw),
      signatures: signatures.map(hex),
      json,
      owner,
      ...(to ? { to } : call ? { to: call.to } : {}),
      blockNumber: null,
      blockTimestamp: null,
      fee,
      netUsage,
      netFee: netFee + createFee,
      energyUsage,
      energyFee,
      result,
      ...(call ? { trc20: { from: owner, to: call.to, value: result === 'SUCCESS' ? call.value : 0n } } : {}),
      time: now,
    };
    this.txs.set(txID, rec);
    this.order.push(rec);
    this.pending.push(rec);
    const transaction = JSON.stringify({
      visible: false,
      txID,
      raw_data: json.raw_data,
      raw_data_hex: hex(raw),
      signature: rec.signatures,
    });
    return { result: true, code: 'SUCCESS', txid: txID, message: '', transaction };
  }

  private ensure(h: string, now: number): SimAccount {
    let a = this.accounts.get(h);
    if (!a) {
      a = this.newAccount(now);
      this.accounts.set(h, a);
    }
    return a;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // TronGrid v1 index
  // ---------------------------------------------------------------------------------------------------------------

  index(path: string, q: URLSearchParams): unknown {
    const m = /^\/v1\/accounts\/([^/]+)(\/transactions(\/trc20)?)?$/.exec(path);
    if (!m) return undefined;
    const h = toHex41(decodeURIComponent(m[1]!));
    if (!h) return { success: false, error: 'invalid address', statusCode: 400 };
    const meta = (n: number, fingerprint?: string) => ({
      at: Date.now(),
      page_size: n,
      ...(fingerprint ? { fingerprint } : {}),
    });
    if (!m[2]) {
      const a = this.account(h);
      if (!a) return { success: true, meta: meta(0), data: [] };
      const t20 = this.trc20.get(h) ?? 0n;
      return {
        success: true,
        meta: meta(1),
        data: [
          {
            address: h,
            balance: num(a.balance),
            create_time: a.createTime,
            ...(a.assets.size
              ? { assetV2: [...a.assets].map(([key, value]) => ({ key, value: num(value) })) }
              : {}),
            trc20: t20 > 0n ? [{ [this.token.address]: t20.toString() }] : [],
          },
        ],
      };
    }
    const limit = Math.min(200, Math.max(1, Number(q.get('limit') ?? 20) || 20));
    const offset = Math.max(0, Number(q.get('fingerprint') ?? 0) || 0);
    const mine = [...this.order]
      .reverse()
      .filter((t) => (m[3] ? t.trc20 && t.trc20.value > 0n : true) && (t.owner === h || t.to === h));
    const page = mine.slice(offset, offset + limit);
    const next = offset + limit < mine.length ? String(offset + limit) : undefined;
    const data = m[3]
      ? page.map((t) => ({
          transaction_id: t.txID,
          token_info: {
            symbol: this.token.symbol,
            address: this.token.address,
            decimals: this.token.decimals,
            name: this.token.name,
          },
          block_timestamp: t.blockTimestamp ?? t.time,
          from: toBase58(t.trc20!.from),
          to: toBase58(t.trc20!.to),
          type: 'Transfer',
          value: t.trc20!.value.toString(),
        }))
      : page.map((t) => ({
          ret: [{ contractRet: t.result, fee: num(t.fee) }],
          signature: t.signatures,
          txID: t.txID,
          net_usage: num(t.netUsage),
          raw_data_hex: t.rawHex,
          net_fee: num(t.netFee),
          energy_usage: num(t.energyUsage),
          ...(t.blockNumber !== null ? { blockNumber: t.blockNumber } : {}),
          block_timestamp: t.blockTimestamp ?? t.time,
          energy_fee: num(t.energyFee),
          energy_usage_total: num(t.energyUsage + t.energyFee / this.params.getEnergyFee),
          raw_data: t.json.raw_data,
          internal_transactions: [],
        }));
    return { success: true, meta: meta(data.length, next), data };
  }
}

/** raw_data as the node writes it (tronweb's deserializer, hex addresses). */
function deserialize(type: string, rawHex: string): any {
  return deserializeTransactionOf(type, rawHex);
}

/** 4-byte selector of a function signature (keccak-256). */
function recoverSelector(signature: string): Uint8Array {
  return Buffer.from(keccakHex(signature).slice(0, 8), 'hex');
}
const keccakHex = (s: string) => keccak256(toUtf8Bytes(s)).slice(2);

/** The TRON address of the emulator's key at m/44'/195'/{account}'/0/0. */
export function tronAddressOf(mnemonic: string, account: number): string {
  const key = mnemonicToRoot(mnemonic).derive(`m/44'/195'/${account}'/0/0`);
  return pkToAddress(Buffer.from(key.privateKey!).toString('hex'));
}

/**
 * The simulator's genesis: the emulator's first two TRX accounts. Account 0 has 10,000 TRX, 100,000 staked energy
 * (one TRC-20 transfer to an existing holder is free, the next burns the shortfall), 1,000,000 LUSDT and 1,000,000
 * LTA; account 1 has 1,000 TRX, no energy, and 10 LUSDT (so a transfer to it is one to an existing holder).
 */
export function tronGenesis(mnemonic: string): TronGenesisAccount[] {
  const path = (n: number) => `m/44'/195'/${n}'/0/0`;
  return [
    {
      address: tronAddressOf(mnemonic, 0),
      path: path(0),
      balance: 10_000_000_000n,
      energy: 100_000n,
      trc20: 1_000_000_000_000n,
      trc10: 1_000_000n,
    },
    { address: tronAddressOf(mnemonic, 1), path: path(1), balance: 1_000_000_000n, trc20: 10_000_000n },
  ];
}
