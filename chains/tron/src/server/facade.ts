/**
 * The TRON facade: the account with its bandwidth, energy and tokens (getaccount, getaccountresource, the index's
 * TRC-20 balances, token details looked up once and kept), the chain's prices (getchainparameters), the current block,
 * energy estimates (triggerconstantcontract), token lookups, history from the index (transactions + TRC-20 transfers,
 * 200 a page) and broadcast (broadcasthex: the id when `result` is true, otherwise the node's message).
 */
import {
  isValidTronAddress,
  mergeTronHistory,
  tronHex,
  type Trc10Details,
} from '@secux-companion/chain-tron';
import { z } from 'zod';
import { HttpError, parseInput } from '@secux-companion/server-kit/errors';
import type { BroadcastResult, ChainFacade, ChainSource } from '@secux-companion/server-kit/facade';
import {
  ChainApiError,
  decodeCursor,
  encodeCursor,
  facadeFailover,
  ProviderError,
  type FailoverLog,
  type FailoverPolicy,
} from '@secux-companion/server-kit/failover';
import { LruMap } from '@secux-companion/server-kit/lru';
import { cursor as cursorParam, hexTx, pageSize } from '@secux-companion/server-kit/params';
import { toWire, type FeeInfo, type HistoryPage, type TxStatus } from '@secux-companion/server-kit/types';
import {
  confirmationsOf,
  nearTip,
  plausibleHeight,
  txStatusFailover,
  type TxRead,
} from '@secux-companion/server-kit/txStatus';
import type { TronIndexProvider, TronNodeProvider } from './backend.js';
import { tronBounds } from './bounds.js';
import type { TronAccountAnswer, TronParamsAnswer, TronTokenAnswer } from './answers.js';

/** The getchainparameters keys the costs are computed from. */
export const PARAM_KEYS = {
  bandwidthPrice: 'getTransactionFee',
  energyPrice: 'getEnergyFee',
  createAccountFee: 'getCreateAccountFee',
  createNewAccountFeeInSystemContract: 'getCreateNewAccountFeeInSystemContract',
} as const;

/** The prices of a getchainparameters answer; a node that lacks one gave a malformed answer (next node). */
function pickParams(m: Map<string, bigint>): Omit<TronParamsAnswer, 'chain' | 'provider'> {
  const get = (k: string) => {
    const v = m.get(k);
    if (v === undefined) throw new ProviderError('malformed', `getchainparameters has no ${k}`);
    return v.toString();
  };
  return {
    bandwidthPrice: get(PARAM_KEYS.bandwidthPrice),
    energyPrice: get(PARAM_KEYS.energyPrice),
    createAccountFee: get(PARAM_KEYS.createAccountFee),
    createNewAccountFeeInSystemContract: get(PARAM_KEYS.createNewAccountFeeInSystemContract),
  };
}

export interface TronChainConfig {
  chain: string;
  nodes: TronNodeProvider[];
  indexers: TronIndexProvider[];
  policy?: FailoverPolicy;
  log?: FailoverLog;
}

const Address = z.string().refine(isValidTronAddress, { message: 'must be a TRON address (T…)' });
const Contract = z.string().refine((c) => isValidTronAddress(c) || /^\d{1,19}$/.test(c), {
  message: 'must be a TRC-20 contract (T…) or a TRC-10 id',
});
const EstimateBody = z.object({
  owner: Address,
  contract: Address,
  data: z.string().regex(/^[0-9a-fA-F]{8,2000}$/, { message: 'must be call data as hex' }),
});

/** Decodes an ABI string return (name(), symbol()) or bytes32; '' when it is neither. */
function abiString(hex: string): string {
  try {
    if (hex.length >= 128) {
      const off = Number(BigInt(`0x${hex.slice(0, 64)}`)) * 2;
      const len = Number(BigInt(`0x${hex.slice(off, off + 64)}`));
      if (len <= 200) return Buffer.from(hex.slice(off + 64, off + 64 + len * 2), 'hex').toString('utf8');
    }
    if (hex.length === 64) return Buffer.from(hex, 'hex').toString('utf8').replace(/\0+$/, '');
  } catch {
    // not an ABI string
  }
  return '';
}

/** Keeps printable text of a token name/symbol (rendered as text by the web app anyway). */
const clean = (s: string, max: number) =>
  Array.from(s)
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, max);

export class TronFacade implements ChainFacade {
  readonly family = 'trx';
  readonly rpcMethods: ReadonlySet<string> = new Set();
  readonly rawTx = hexTx.transform((h) => h.replace(/^0x/, '').toLowerCase());
  private readonly trc20Details = new LruMap<string, { name: string; symbol: string; decimals: number }>(500);
  private readonly trc10Details = new LruMap<string, Trc10Details>(500);

  constructor(readonly cfg: TronChainConfig) {}

  get chain(): string {
    return this.cfg.chain;
  }

  private node<T>(
    what: string,
    fn: (p: TronNodeProvider, s: AbortSignal) => Promise<T>,
    check?: (v: T) => void,
  ) {
    return facadeFailover(this.cfg, what, this.cfg.nodes, fn, check);
  }

  private index<T>(
    what: string,
    fn: (p: TronIndexProvider, s: AbortSignal) => Promise<T>,
    check?: (v: T) => void,
  ) {
    return facadeFailover(this.cfg, what, this.cfg.indexers, fn, check);
  }

  private address(id: string): string {
    return parseInput(z.object({ id: Address }), { id }, 'params').id;
  }

  describe(source: ChainSource | undefined): Record<string, unknown> {
    return { chain: this.chain, family: this.family, ...(source ? { source } : {}) };
  }

  private async trc20Info(contract: string, owner: string) {
    const hit = this.trc20Details.get(contract);
    if (hit) return hit;
    const call = (selector: string) =>
      this.node('token', (p, s) => p.triggerConstant(owner, contract, { selector, parameter: '' }, s)).then(
        (r) => r.value,
      );
    const [name, symbol, decimals] = await Promise.all([
      call('name()'),
      call('symbol()'),
      call('decimals()'),
    ]);
    if (!decimals.ok || !decimals.result)
      throw new HttpError(404, `Not a TRC-20 token contract: ${contract}`);
    const d = Number(BigInt(`0x${decimals.result.slice(0, 64) || '0'}`));
    if (!Number.isInteger(d) || d > 77) throw new HttpError(404, `Not a TRC-20 token contract: ${contract}`);
    const info = {
      name: clean(abiString(name.result), 200) || contract,
      symbol: clean(abiString(symbol.result), 64) || 'TRC20',
      decimals: d,
    };
    this.trc20Details.set(contract, info);
    return info;
  }

  private async trc10Info(id: string): Promise<Trc10Details> {
    const hit = this.trc10Details.get(id);
    if (hit) return hit;
    const a = (await this.node('token', (p, s) => p.getAssetIssueById(id, s))).value;
    if (!a) throw new HttpError(404, `No TRC-10 token with id ${id}`);
    const info = {
      name: clean(a.name, 200) || id,
      symbol: clean(a.abbr || a.name, 64) || id,
      decimals: a.precision,
    };
    this.trc10Details.set(id, info);
    return info;
  }

  async account(id: string, _query: unknown): Promise<TronAccountAnswer> {
    const address = this.address(id);
    const [acc, res, trc20] = await Promise.all([
      this.node('balance', (p, s) => p.getAccount(address, s), tronBounds.account),
      this.node('resources', (p, s) => p.getAccountResource(address, s), tronBounds.resources),
      this.index('tokens', (p, s) => p.trc20Balances(address, s), tronBounds.trc20Balances),
    ]);
    const a = acc.value;
    const tokens: TronTokenAnswer[] = [];
    if (a.found)
      for (const t of a.assets.slice(0, 100)) {
        const d = await this.trc10Info(t.id).catch(() => undefined);
        if (d) tokens.push({ type: 'trc10', contract: t.id, ...d, balance: t.balance.toString() });
      }
    for (const t of trc20.value.slice(0, 100)) {
      if (!isValidTronAddress(t.contract)) continue;
      const d = await this.trc20Info(t.contract, address).catch(() => undefined);
      if (d) tokens.push({ type: 'trc20', contract: t.contract, ...d, balance: t.balance.toString() });
    }
    const r = res.value;
    const answer: TronAccountAnswer = {
      chain: this.chain,
      address,
      balance: a.found ? a.balance.toString() : '0',
      unconfirmedBalance: '0',
      // The node keeps no transaction count: an account on chain received at least one transfer.
      txCount: a.found ? 1 : 0,
      activated: a.found,
      resources: {
        freeNetLimit: r.freeNetLimit.toString(),
        freeNetUsed: r.freeNetUsed.toString(),
        netLimit: r.netLimit.toString(),
        netUsed: r.netUsed.toString(),
        energyLimit: r.energyLimit.toString(),
        energyUsed: r.energyUsed.toString(),
      },
      tokens,
      provider: acc.provider,
    };
    return answer;
  }

  async token(contract: string, ownerQ: unknown): Promise<TronTokenAnswer> {
    const c = parseInput(z.object({ contract: Contract }), { contract }, 'params').contract;
    const q = parseInput(z.object({ owner: Address.optional() }), ownerQ, 'query');
    if (isValidTronAddress(c)) {
      const owner = q.owner ?? c;
      const d = await this.trc20Info(c, owner);
      let balance = '0';
      if (q.owner) {
        const parameter = tronHex(q.owner).slice(2).padStart(64, '0');
        const r = await this.node('token', (p, s) =>
          p.triggerConstant(owner, c, { selector: 'balanceOf(address)', parameter }, s),
        );
        if (r.value.ok && /^[0-9a-fA-F]{64}/.test(r.value.result))
          balance = BigInt(`0x${r.value.result.slice(0, 64)}`).toString();
      }
      const answer: TronTokenAnswer = { type: 'trc20', contract: c, ...d, balance };
      tronBounds.token(answer);
      return answer;
    }
    const d = await this.trc10Info(c);
    let balance = '0';
    if (q.owner) {
      const a = (await this.node('balance', (p, s) => p.getAccount(q.owner!, s), tronBounds.account)).value;
      balance = a.found ? (a.assets.find((x) => x.id === c)?.balance ?? 0n).toString() : '0';
    }
    return { type: 'trc10', contract: c, ...d, balance };
  }

  async history(id: string, query: unknown): Promise<HistoryPage> {
    const address = this.address(id);
    const q = parseInput(z.object({ cursor: cursorParam, pageSize }), query, 'query');
    const c = decodeCursor(q.cursor);
    if (q.cursor && (!c || c.k !== 'tron' || c.a !== address))
      throw new HttpError(400, 'invalid query: cursor: must be a cursor returned by a previous page');
    const fpTx = typeof c?.t === 'string' ? c.t : null;
    const fp20 = typeof c?.e === 'string' ? c.e : null;
    const [txs, t20] = await Promise.all([
      c && fpTx === null
        ? { value: { data: [], fingerprint: null }, provider: '' }
        : this.index(
            'history',
            (p, s) => p.transactions(address, fpTx, s),
            (v) => tronBounds.transactions(v.data, address),
          ),
      c && fp20 === null
        ? { value: { data: [], fingerprint: null }, provider: '' }
        : this.index(
            'history',
            (p, s) => p.trc20Transfers(address, fp20, s),
            (v) => tronBounds.trc20Transfers(v.data, address),
          ),
    ]);
    const trc10 = (tokenId: string) => this.trc10Details.get(tokenId);
    // TRC-10 details of the page's assets, looked up once each.
    for (const e of txs.value.data) {
      const v = (e as { raw_data?: { contract?: { parameter?: { value?: { asset_name?: unknown } } }[] } })
        .raw_data?.contract?.[0]?.parameter?.value?.asset_name;
      const tokenId =
        typeof v === 'string' ? (/^\d+$/.test(v) ? v : Buffer.from(v, 'hex').toString('utf8')) : '';
      if (/^\d{1,19}$/.test(tokenId) && !this.trc10Details.get(tokenId))
        await this.trc10Info(tokenId).catch(() => undefined);
    }
    const operations = mergeTronHistory(txs.value.data, t20.value.data, address, trc10);
    const next = txs.value.fingerprint || t20.value.fingerprint;
    const page: HistoryPage = {
      operations: toWire(operations),
      cursor: next
        ? encodeCursor({ k: 'tron', a: address, t: txs.value.fingerprint, e: t20.value.fingerprint })
        : null,
      provider: txs.provider || t20.provider,
    };
    return page;
  }

  async params(): Promise<TronParamsAnswer> {
    const r = await this.node(
      'params',
      async (p, s) => pickParams(await p.getChainParameters(s)),
      tronBounds.params,
    );
    return { chain: this.chain, ...r.value, provider: r.provider };
  }

  async block() {
    const r = await this.node('block', (p, s) => p.getNowBlock(s));
    return { chain: this.chain, ...r.value, provider: r.provider };
  }

  async estimate(body: unknown) {
    const b = parseInput(EstimateBody, body, 'body');
    const r = await this.node(
      'estimate',
      (p, s) => p.triggerConstant(b.owner, b.contract, { data: b.data }, s),
      (v) => tronBounds.energy(v.energyUsed),
    );
    return {
      chain: this.chain,
      ok: r.value.ok,
      energy: r.value.energyUsed.toString(),
      ...(r.value.ok ? {} : { message: r.value.message }),
      provider: r.provider,
    };
  }

  /**
   * gettransactioninfobyid: whether a broadcast transaction is in a block yet, what it burned and its receipt's result
   * (SUCCESS, REVERT, OUT_OF_ENERGY …; `result: 'FAILED'` at the top level for a failed call).
   */
  async tx(id: string) {
    const txid = parseInput(
      z.object({ id: z.string().regex(/^[0-9a-fA-F]{64}$/, { message: 'must be a txID' }) }),
      { id },
      'params',
    ).id;
    const r = await this.node('tx', (p, s) => p.getTransactionInfo(txid.toLowerCase(), s));
    const info = r.value;
    const receipt =
      typeof info.receipt === 'object' && info.receipt !== null
        ? (info.receipt as Record<string, unknown>)
        : {};
    const n = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : 0);
    const found = typeof info.id === 'string';
    const answer = {
      chain: this.chain,
      hash: txid.toLowerCase(),
      found,
      blockNumber: found ? n(info.blockNumber) : null,
      fee: String(n(info.fee)),
      energyUsed: String(n(receipt.energy_usage)),
      energyFee: String(n(receipt.energy_fee)),
      netFee: String(n(receipt.net_fee)),
      result: typeof receipt.result === 'string' ? receipt.result.slice(0, 40) : found ? 'SUCCESS' : null,
      failed: info.result === 'FAILED',
      provider: r.provider,
    };
    return answer;
  }

  /** Fees in sun: a plain transfer's bandwidth burn at the chain's price (the send computes the real cost). */
  async fees(): Promise<FeeInfo> {
    const p = await this.params();
    const plain = (BigInt(p.bandwidthPrice) * 270n).toString();
    return {
      chain: this.chain,
      // The wire FeeInfo names no 'sun' unit yet (chains/common is not this family's to change): see the report.
      unit: 'sun',
      tiers: { high: plain, medium: plain, low: plain },
      source: 'network',
      provider: p.provider,
    };
  }

  /**
   * TRON's finality is the solidity node's: a transaction in a solidified block (`walletsolidity/
   * gettransactioninfobyid`) is final — failed when the call failed (`result: FAILED`, the receipt's REVERT,
   * OUT_OF_ENERGY …), confirmed otherwise. In a block not yet solidified (the full node's info) it is pending.
   */
  async txStatus(id: string): Promise<TxStatus> {
    const hash = parseInput(
      z.object({
        hash: z.string().regex(/^[0-9a-fA-F]{64}$/, { message: 'must be a txID (64 hex digits)' }),
      }),
      { hash: id },
      'params',
    ).hash.toLowerCase();
    return txStatusFailover(this.cfg, hash, this.cfg.nodes, async (p, s): Promise<TxRead> => {
      // A java-tron FullNode serves /walletsolidity on its own port: a node without it hands over (unsupported).
      const solid = await p.getSolidTransactionInfo(hash, s).catch((e: unknown) => {
        throw e instanceof ProviderError && e.kind === 'notFound'
          ? new ProviderError('unsupported', 'no solidity API (walletsolidity) on this node')
          : e;
      });
      if (typeof solid.id === 'string') {
        const height = plausibleHeight(solid.blockNumber, 'blockNumber');
        const tip = (await p.getNowBlock(s)).blockNumber;
        const receipt =
          typeof solid.receipt === 'object' && solid.receipt !== null
            ? (solid.receipt as Record<string, unknown>)
            : {};
        const code = typeof receipt.result === 'string' ? receipt.result.slice(0, 40) : undefined;
        const failed = solid.result === 'FAILED' || (code !== undefined && code !== 'SUCCESS');
        return {
          state: failed ? 'failed' : 'confirmed',
          confirmations: confirmationsOf(height, nearTip(height, tip)),
          blockHeight: height,
          ...(failed ? { reason: code ?? 'FAILED' } : {}),
        };
      }
      const info = await p.getTransactionInfo(hash, s);
      if (typeof info.id !== 'string') return { state: 'unknown' };
      const height = plausibleHeight(info.blockNumber, 'blockNumber');
      const tip = (await p.getNowBlock(s)).blockNumber;
      return {
        state: 'pending',
        confirmations: confirmationsOf(height, nearTip(height, tip)),
        blockHeight: height,
      };
    });
  }

  /** broadcasthex: the id when the node says result true, otherwise its code and message. */
  async broadcast(rawTx: string): Promise<BroadcastResult> {
    const r = await this.node('broadcast', (p, s) => p.broadcastHex(rawTx, s));
    const b = r.value;
    if (b.result && /^[0-9a-f]{64}$/.test(b.txid)) return { hash: b.txid, provider: r.provider };
    // The node already has this very transaction (a resend of the same bytes after a timeout): the send succeeded.
    if (b.code === 'DUP_TRANSACTION_ERROR' && /^[0-9a-f]{64}$/.test(b.txid))
      return { hash: b.txid, provider: r.provider };
    throw new ChainApiError(422, 'rejected', b.message || b.code, { chain: this.chain, nodeCode: b.code });
  }

  async rpc(method: string, _params: unknown[]): Promise<unknown> {
    throw new HttpError(400, `method not allowed: ${method}`);
  }
}
