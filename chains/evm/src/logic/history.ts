/**
 * EVM history (spec 02 §4, §7): the explorer's normal transactions (txlist) and token transfers (tokentx)
 * are merged by hash (one entry per transaction; a token transfer of the account wins over the plain
 * contract call and keeps its fee and nonce), errored transactions are dropped, newest first (block number,
 * then timestamp; pending first). Produces chain-common Operations.
 */
import type { Direction, Operation } from '@secux-companion/chain-common';

/** Spec 02 §9 "History page: 100 (EVM)": the items one page of an EVM account's history holds. */
export const EVM_HISTORY_PAGE_SIZE = 100;

/** One explorer item (txlist or tokentx), amounts as bigint. */
export interface EvmTxRecord {
  hash: string;
  /** null while pending. */
  blockNumber: number | null;
  /** Unix seconds; null when unknown ('Invalid Timestamp'). */
  timeStamp: number | null;
  from: string;
  /** '' for a contract creation. */
  to: string;
  /** wei, or token base units when `token` is set. */
  value: bigint;
  gasUsed?: bigint;
  gasPrice?: bigint;
  nonce?: number;
  /** txlist isError = "1" (or txreceipt_status = "0"). */
  isError?: boolean;
  /** Set for a token transfer (tokentx): contractAddress, tokenSymbol, tokenDecimal, tokenName. */
  token?: { contract: string; symbol: string; decimals: number; name?: string };
}

const lc = (s: string) => s.toLowerCase();

function direction(me: string, from: string, to: string): Direction {
  const out = lc(from) === me;
  const inn = lc(to) === me;
  if (out && inn) return 'self';
  return out ? 'out' : 'in';
}

function toOperation(me: string, r: EvmTxRecord, base?: EvmTxRecord): Operation {
  const dir = direction(me, r.from, r.to);
  const feeSrc = base ?? r;
  const fee =
    feeSrc.gasUsed !== undefined && feeSrc.gasPrice !== undefined ? feeSrc.gasUsed * feeSrc.gasPrice : 0n;
  const sender = base?.from ?? r.from;
  return {
    hash: r.hash,
    time: r.timeStamp !== null ? r.timeStamp * 1000 : null,
    blockHeight: r.blockNumber ?? base?.blockNumber ?? null,
    direction: dir,
    value: dir === 'self' ? 0n : r.value,
    fee,
    senders: [{ address: r.from, value: r.value, isOwn: lc(r.from) === me }],
    recipients: [{ address: r.to, value: r.value, isOwn: lc(r.to) === me }],
    isOwnTransaction: lc(sender) === me,
    rbf: false,
    ...(r.token
      ? { token: { contract: r.token.contract, symbol: r.token.symbol, decimals: r.token.decimals } }
      : {}),
  };
}

/** Newest first: pending (no block) first, then by block number, then timestamp, then hash (stable). */
export function compareNewestFirst(
  a: Pick<Operation, 'blockHeight' | 'time' | 'hash'>,
  b: Pick<Operation, 'blockHeight' | 'time' | 'hash'>,
): number {
  const ha = a.blockHeight ?? Number.MAX_SAFE_INTEGER;
  const hb = b.blockHeight ?? Number.MAX_SAFE_INTEGER;
  if (ha !== hb) return hb - ha;
  const ta = a.time ?? 0;
  const tb = b.time ?? 0;
  if (ta !== tb) return tb - ta;
  return a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0;
}

/**
 * Merges normal transactions and token transfers of `address`. Records may come in one list or two
 * (token transfers are recognised by `token`).
 */
export function mergeEvmHistory(
  address: string,
  txs: readonly EvmTxRecord[],
  tokenTxs: readonly EvmTxRecord[] = [],
): Operation[] {
  const me = lc(address);
  const all = [...txs, ...tokenTxs];
  const failed = new Set(all.filter((t) => t.isError).map((t) => lc(t.hash)));
  const coin = new Map<string, EvmTxRecord>();
  const token = new Map<string, EvmTxRecord>();
  for (const r of all) {
    const h = lc(r.hash);
    if (failed.has(h)) continue;
    if (r.token) {
      if (lc(r.from) !== me && lc(r.to) !== me) continue;
      if (!token.has(h)) token.set(h, r);
    } else if (!coin.has(h)) coin.set(h, r);
  }
  const ops: Operation[] = [];
  for (const [h, r] of coin) {
    const t = token.get(h);
    // A contract call that moved no coin but a token: shown as the token transfer.
    if (t && r.value === 0n) continue;
    ops.push(toOperation(me, r));
  }
  for (const [h, t] of token) {
    const base = coin.get(h);
    if (base && base.value !== 0n) continue;
    ops.push(toOperation(me, t, base));
  }
  return ops.sort(compareNewestFirst);
}
