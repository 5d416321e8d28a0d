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

/** A node's own JSON-RPC error, passed back by POST /chains/:chain/rpc (the node answered, and refused). */
export class NodeRpcError extends Error {
  override readonly name = 'NodeRpcError';
  constructor(
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** {jsonrpc, id, result} → result; {error: {code, message}} → NodeRpcError. */
export function rpcResult(v: unknown): unknown {
  const o = obj(v, 'rpc');
  if (o.error !== undefined && o.error !== null) {
    const e = obj(o.error, 'rpc error');
    throw new NodeRpcError(typeof e.code === 'number' ? e.code : undefined, typeof e.message === 'string' ? e.message : 'node error');
  }
  if (!('result' in o)) throw new MalformedAnswerError('rpc', 'has no result');
  return o.result;
}

/** A node's fee unit (coin per 1000 vB, a decimal number) → sat/vB, rounded up. */
function feePerKvb(v: unknown, what: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1) throw new MalformedAnswerError(what, 'not a fee rate');
  return Math.ceil(Math.round(v * 1e8) / 1000);
}

/** getmempoolinfo → the lowest fee rate the node relays now (sat/vB): mempoolminfee or minrelaytxfee, the higher. */
export function parseMempoolMinFee(v: unknown): number {
  const o = obj(v, 'getmempoolinfo');
  return Math.max(feePerKvb(o.mempoolminfee, 'mempoolminfee'), feePerKvb(o.minrelaytxfee, 'minrelaytxfee'));
}

/**
 * getmempoolentry → fee (satoshis) and vsize of the transaction with its unconfirmed ancestors: `fees.ancestor` in
 * coins (current nodes) or `ancestorfees` in satoshis (older ones), and `ancestorsize`.
 */
export function parseMempoolAncestors(v: unknown): { fee: bigint; vsize: number } {
  const o = obj(v, 'getmempoolentry');
  const vsize = int(o.ancestorsize, 'ancestorsize');
  if (vsize <= 0) throw new MalformedAnswerError('ancestorsize', 'is not a size');
  const fees = o.fees && typeof o.fees === 'object' ? (o.fees as Obj) : undefined;
  let fee: bigint;
  if (fees && fees.ancestor !== undefined) {
    const x = fees.ancestor;
    if (typeof x !== 'number' || !Number.isFinite(x) || x < 0 || x > 21e6)
      throw new MalformedAnswerError('fees.ancestor', 'not an amount');
    fee = BigInt(Math.round(x * 1e8));
  } else fee = amount(o.ancestorfees, 'ancestorfees');
  if (fee < 0n) throw new MalformedAnswerError('ancestor fee', 'is negative');
  return { fee, vsize };
}
