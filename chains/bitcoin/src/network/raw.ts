/**
 * Raw product-API answers (apps/server/src/chains/types.ts) → the bitcoin family's domain types.
 * Amounts are decimal strings in satoshis; anything malformed throws (never a silent zero balance).
 */
import type { RecommendedFees } from '@secux-companion/core';
import type { BackendUtxo } from '../logic/adapter';
import { MalformedAnswerError } from '@secux-companion/chain-common/wire';

/** One malformed-answer error for every family (code 'malformed'); history is parsed by chain-common's wire parsers. */
export { MalformedAnswerError };

type Obj = Record<string, unknown>;

/** Highest fee rate believed (sat/vB): a node's default maxfeerate (0.1 coin/kvB), the server's bound too. */
const MAX_FEE_RATE = 10_000;
/** Bitcoin Core's -limitancestorsize (101 kvB): no package a child is relayed for is larger. */
const MAX_PACKAGE_VSIZE = 101_000;

function obj(v: unknown, what: string): Obj {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new MalformedAnswerError(what, 'is not an object');
  return v as Obj;
}

function arr(v: unknown, what: string): unknown[] {
  if (!Array.isArray(v)) throw new MalformedAnswerError(what, 'not a list');
  return v;
}

/** Decimal string (or safe integer) → bigint; may be negative. */
export function amount(v: unknown, what: string): bigint {
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return BigInt(v);
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  throw new MalformedAnswerError(what, 'not an integer amount');
}

function int(v: unknown, what: string): number {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  throw new MalformedAnswerError(what, 'not an integer');
}

function str(v: unknown, what: string): string {
  if (typeof v === 'string') return v;
  throw new MalformedAnswerError(what, 'not a text');
}

function optStr(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function heightOf(v: unknown, what: string): number | null {
  if (v === null || v === undefined || v === -1) return null;
  const h = int(v, what);
  return h < 0 ? null : h;
}

export interface RawAddressEntry {
  address: string;
  path: string;
  change: 0 | 1;
  index: number;
  transfers: number;
}

export interface ParsedAccount {
  balance: bigint;
  unconfirmed: bigint;
  txCount: number;
  addresses: RawAddressEntry[];
}

/** AccountInfo {balance, unconfirmedBalance, txCount, addresses?}. */
export function parseAccount(v: unknown): ParsedAccount {
  const o = obj(v, 'account');
  const addresses = Array.isArray(o.addresses)
    ? o.addresses.map((x, i) => {
        const e = obj(x, `addresses[${i}]`);
        return {
          address: str(e.address, 'address'),
          path: str(e.path, 'path'),
          change: (int(e.change, 'change') === 1 ? 1 : 0) as 0 | 1,
          index: int(e.index, 'index'),
          transfers: typeof e.transfers === 'number' ? e.transfers : 0,
        };
      })
    : [];
  return {
    balance: amount(o.balance, 'balance'),
    unconfirmed: o.unconfirmedBalance === undefined ? 0n : amount(o.unconfirmedBalance, 'unconfirmedBalance'),
    txCount: int(o.txCount, 'txCount'),
    addresses,
  };
}

/** Utxo[] or {utxos: Utxo[]}; outputs without an own path cannot be signed and are left out. */
export function parseUtxos(v: unknown): BackendUtxo[] {
  const list = Array.isArray(v) ? v : arr(obj(v, 'utxos').utxos, 'utxos');
  const out: BackendUtxo[] = [];
  list.forEach((x, i) => {
    const u = obj(x, `utxos[${i}]`);
    const path = optStr(u.path);
    const address = optStr(u.address);
    if (!path || !address) return;
    out.push({
      txid: str(u.txid, 'txid').toLowerCase(),
      vout: int(u.vout, 'vout'),
      value: amount(u.value, 'value'),
      address,
      path,
      height: heightOf(u.height, 'height'),
    });
  });
  return out;
}

/** {hex} or a bare hex string. */
export function parseRawTx(v: unknown): string {
  const hex = typeof v === 'string' ? v : str(obj(v, 'raw transaction').hex, 'hex');
  if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length % 2 !== 0) throw new MalformedAnswerError('hex', 'is not hexadecimal');
  return hex.toLowerCase();
}

/**
 * FeeInfo {unit, tiers {high, medium, low}, source}. Null when the server fell back (the adapter then
 * uses the spec's 200/120/60) or reports no network tiers. Fractional rates are rounded up.
 */
export function parseFees(v: unknown): RecommendedFees | null {
  const o = obj(v, 'fees');
  if (o.source === 'fallback') return null;
  const t = obj(o.tiers, 'tiers');
  const rate = (x: unknown, what: string) => {
    if (typeof x !== 'number' || !Number.isFinite(x) || x <= 0) throw new MalformedAnswerError(what, 'not a fee rate');
    return Math.ceil(x);
  };
  return { fastestFee: rate(t.high, 'high'), halfHourFee: rate(t.medium, 'medium'), hourFee: rate(t.low, 'low') };
}

/** {txid} / {hash} / {result}. */
export function parseBroadcast(v: unknown): string {
  const o = obj(v, 'broadcast');
  const id = o.txid ?? o.hash ?? o.result;
  const txid = str(id, 'txid');
  if (!/^[0-9a-fA-F]{64}$/.test(txid)) throw new MalformedAnswerError('txid', 'is not a transaction id');
  return txid.toLowerCase();
}

/** GET /api/chains: {chains: [{chain, network}]} → {LTC: 'regtest', …}. */
export function parseNetworkInfo(v: unknown): Record<string, 'main' | 'test' | 'regtest'> {
  const o = obj(v, 'chains');
  const list = Array.isArray(o.chains) ? o.chains : [];
  const out: Record<string, 'main' | 'test' | 'regtest'> = {};
  for (const x of list) {
    if (!x || typeof x !== 'object') continue;
    const e = x as Obj;
    const chain = typeof e.chain === 'string' ? e.chain : typeof e.symbol === 'string' ? e.symbol : undefined;
    const network = e.network;
    if (chain && (network === 'main' || network === 'test' || network === 'regtest')) out[chain.toUpperCase()] = network;
  }
  return out;
}

/** GET /chains/:chain/min-relay-fee → the network's relay minimum in sat/vB (a node's, or the mempool service's). */
export function parseMinRelayFee(v: unknown): number {
  const rate = obj(v, 'min-relay-fee').rate;
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0 || rate > MAX_FEE_RATE)
    throw new MalformedAnswerError('rate', 'not a fee rate');
  return rate;
}

/**
 * GET /chains/:chain/tx/:txid/ancestors → fee (satoshis) and vsize of the transaction with its unconfirmed ancestors
 * (a node's getmempoolentry, or the server's walk through the mempool service): of the transaction asked for.
 */
export function parseAncestors(v: unknown, txid: string): { fee: bigint; vsize: number } {
  const o = obj(v, 'ancestors');
  if (str(o.txid, 'txid').toLowerCase() !== txid.toLowerCase()) throw new MalformedAnswerError('txid', 'another transaction');
  const vsize = int(o.vsize, 'vsize');
  const count = int(o.count, 'count');
  // A package holds at least the transaction itself; a node relays none heavier than 101 kvB in total.
  if (vsize < 65 || vsize > MAX_PACKAGE_VSIZE) throw new MalformedAnswerError('vsize', 'is not a package size');
  if (count < 1) throw new MalformedAnswerError('count', 'is not a count');
  const fee = amount(o.fee, 'fee');
  if (fee < 0n || fee > BigInt(vsize * MAX_FEE_RATE)) throw new MalformedAnswerError('fee', 'not a plausible fee');
  return { fee, vsize };
}

/** Most buckets read from a balance history (the server sends at most 10,000). */
const MAX_BALANCE_BUCKETS = 10_000;

/**
 * GET /chains/:chain/balance-history/:xpub → confirmed received and sent per bucket (time in ms), oldest first;
 * refused when the list is too long, out of order, or an amount is not whole satoshi.
 */
export function parseBalanceHistory(v: unknown): { time: number; received: bigint; sent: bigint }[] {
  const list = arr(obj(v, 'balance-history').buckets, 'buckets');
  if (list.length > MAX_BALANCE_BUCKETS) throw new MalformedAnswerError('buckets', 'too many');
  let prev = -1;
  return list.map((x, i) => {
    const b = obj(x, `buckets[${i}]`);
    const time = int(b.time, 'time');
    if (time <= prev) throw new MalformedAnswerError('time', 'out of order');
    prev = time;
    const received = amount(b.received, 'received');
    const sent = amount(b.sent, 'sent');
    if (received < 0n || sent < 0n) throw new MalformedAnswerError('amount', 'negative');
    return { time, received, sent };
  });
}
