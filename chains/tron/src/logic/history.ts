/**
 * The indexer's account history → Operations (reference/apis/tron.md "TronGrid v1"): `v1/accounts/{addr}/transactions`
 * (TRX transfers, TRC-10 transfers, contract calls with their fees) and `…/transactions/trc20` (token transfers with
 * token_info). A TRC-20 transfer appears in both lists: the token list gives the amount and token, the transaction
 * list its fee and result. Used by the product API's TRON family.
 */
import type { Operation } from '@secux-companion/chain-common';
import { isValidTronAddress, tronBase58 } from './address';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Integer amounts as the indexer writes them (numbers or strings). */
function amount(v: unknown): bigint | undefined {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  if (typeof v === 'string' && /^\d{1,78}$/.test(v)) return BigInt(v);
  return undefined;
}
const int = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null);

/** Hex 41… or base58 T… → T…; undefined when it is neither. */
function address(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  if (isValidTronAddress(v)) return v;
  try {
    return tronBase58(v);
  } catch {
    return undefined;
  }
}

function hexText(h: unknown): string | undefined {
  if (typeof h !== 'string' || !/^([0-9a-fA-F]{2}){1,64}$/.test(h)) return undefined;
  return new TextDecoder().decode(Uint8Array.from(h.match(/../g)!, (x) => parseInt(x, 16)));
}

/** A TRC-10 token's details the history shows (looked up by the server once per id). */
export interface Trc10Details {
  symbol: string;
  name: string;
  decimals: number;
}

/** What a transaction entry tells about its cost and result. */
export interface TronTxInfo {
  fee: bigint;
  failed: boolean;
  blockHeight: number | null;
  time: number | null;
}

/** Fee, result, block and time of one `/transactions` entry. */
export function txInfoOf(entry: Json): TronTxInfo {
  const ret = Array.isArray(entry.ret) && isObj(entry.ret[0]) ? entry.ret[0] : {};
  const fee = (amount(entry.net_fee) ?? 0n) + (amount(entry.energy_fee) ?? 0n) || amount(ret.fee) || 0n;
  const result = typeof ret.contractRet === 'string' ? ret.contractRet : 'SUCCESS';
  return {
    fee,
    failed: result !== 'SUCCESS',
    blockHeight: int(entry.blockNumber),
    time: int(entry.block_timestamp),
  };
}

/**
 * One `/transactions` entry seen from `account`: TRX and TRC-10 transfers; null for contract calls (the TRC-20 list
 * shows them) and for entries without a txID (internal records some deployments mix in).
 */
export function operationFromTronTx(
  entry: unknown,
  account: string,
  trc10: (id: string) => Trc10Details | undefined = () => undefined,
): Operation | null {
  if (!isObj(entry) || typeof entry.txID !== 'string' || !/^[0-9a-fA-F]{64}$/.test(entry.txID)) return null;
  const raw = isObj(entry.raw_data) ? entry.raw_data : undefined;
  const c = raw && Array.isArray(raw.contract) && isObj(raw.contract[0]) ? raw.contract[0] : undefined;
  const value = c && isObj(c.parameter) && isObj(c.parameter.value) ? c.parameter.value : undefined;
  if (!c || !value) return null;
  const type = c.type;
  if (type !== 'TransferContract' && type !== 'TransferAssetContract') return null;
  const from = address(value.owner_address) ?? '';
  const to = address(value.to_address) ?? '';
  const moved = amount(value.amount) ?? 0n;
  const info = txInfoOf(entry);
  const own = from === account;
  const direction = own && to === account ? 'self' : own ? 'out' : 'in';
  let token: Operation['token'];
  if (type === 'TransferAssetContract') {
    // Hex of the id's text unless `visible`; a decoded text of digits is the id.
    const decoded = hexText(value.asset_name);
    const id =
      decoded && /^\d{1,19}$/.test(decoded)
        ? decoded
        : typeof value.asset_name === 'string' && /^\d{1,19}$/.test(value.asset_name)
          ? value.asset_name
          : '';
    const d = trc10(id);
    token = {
      contract: id,
      symbol: d?.symbol ?? id,
      decimals: d?.decimals ?? 0,
      ...(d ? { name: d.name } : {}),
    };
  }
  return {
    hash: entry.txID.toLowerCase(),
    time: info.time,
    blockHeight: info.blockHeight,
    direction,
    value: direction === 'self' ? 0n : moved,
    fee: own ? info.fee : 0n,
    senders: from ? [{ address: from, value: moved, isOwn: own }] : [],
    recipients: to ? [{ address: to, value: moved, isOwn: to === account }] : [],
    isOwnTransaction: own,
    rbf: false,
    ...(info.failed ? { failed: true } : {}),
    ...(token ? { token } : {}),
  };
}

/** One `/transactions/trc20` entry (type Transfer) seen from `account`; `info` is its transaction's, when listed. */
export function operationFromTrc20(entry: unknown, account: string, info?: TronTxInfo): Operation | null {
  if (
    !isObj(entry) ||
    typeof entry.transaction_id !== 'string' ||
    !/^[0-9a-fA-F]{64}$/.test(entry.transaction_id)
  )
    return null;
  if (entry.type !== undefined && entry.type !== 'Transfer') return null;
  const t = isObj(entry.token_info) ? entry.token_info : undefined;
  const contract = address(t?.address);
  const decimals = int(t?.decimals);
  if (!t || !contract || decimals === null || decimals > 77) return null;
  const from = address(entry.from) ?? '';
  const to = address(entry.to) ?? '';
  const moved = amount(entry.value) ?? 0n;
  const own = from === account;
  const direction = own && to === account ? 'self' : own ? 'out' : 'in';
  const symbol = typeof t.symbol === 'string' ? t.symbol.slice(0, 64) : '';
  const name = typeof t.name === 'string' ? t.name.slice(0, 200) : undefined;
  return {
    hash: entry.transaction_id.toLowerCase(),
    time: info?.time ?? int(entry.block_timestamp),
    blockHeight: info?.blockHeight ?? null,
    direction,
    value: direction === 'self' ? 0n : moved,
    fee: own ? (info?.fee ?? 0n) : 0n,
    senders: from ? [{ address: from, value: moved, isOwn: own }] : [],
    recipients: to ? [{ address: to, value: moved, isOwn: to === account }] : [],
    isOwnTransaction: own,
    rbf: false,
    ...(info?.failed ? { failed: true } : {}),
    token: { contract, symbol, decimals, ...(name ? { name } : {}) },
  };
}

/** Both lists merged, newest first; a TRC-20 transfer takes its fee and result from its transaction entry. */
export function mergeTronHistory(
  transactions: readonly unknown[],
  trc20: readonly unknown[],
  account: string,
  trc10: (id: string) => Trc10Details | undefined = () => undefined,
): Operation[] {
  const infos = new Map<string, TronTxInfo>();
  const ops: Operation[] = [];
  for (const e of transactions) {
    if (isObj(e) && typeof e.txID === 'string') infos.set(e.txID.toLowerCase(), txInfoOf(e));
    const op = operationFromTronTx(e, account, trc10);
    if (op) ops.push(op);
  }
  for (const e of trc20) {
    const id = isObj(e) && typeof e.transaction_id === 'string' ? e.transaction_id.toLowerCase() : '';
    const op = operationFromTrc20(e, account, infos.get(id));
    if (op) ops.push(op);
  }
  return ops.sort((a, b) => (b.time ?? Number.MAX_SAFE_INTEGER) - (a.time ?? Number.MAX_SAFE_INTEGER));
}
