/**
 * EVM history rules (spec 02 §7): token and normal transactions merged by hash, errored ones dropped, newest first
 * (block number, then timestamp).
 */
import type { Operation } from '../../types.js';

export interface EvmTxLike {
  hash: string;
  blockNumber: number | null;
  /** Unix seconds. */
  timeStamp: number | null;
  from: string;
  to: string;
  value: string;
  nonce?: number;
  gasUsed?: string;
  gasPrice?: string;
  isError: boolean;
}

export interface EvmTokenTransferLike extends Omit<EvmTxLike, 'isError'> {
  contract: string;
  symbol: string;
  name?: string;
  decimals: number;
}

const lc = (s: string) => s.toLowerCase();

export function mergeEvmHistory(
  address: string,
  txs: EvmTxLike[],
  transfers: EvmTokenTransferLike[],
): Operation[] {
  const me = lc(address);
  const failed = new Set(txs.filter((t) => t.isError).map((t) => lc(t.hash)));
  const byHash = new Map<string, Operation>();
  const fee = (t: { gasUsed?: string; gasPrice?: string }) =>
    t.gasUsed !== undefined && t.gasPrice !== undefined
      ? (BigInt(t.gasUsed) * BigInt(t.gasPrice)).toString()
      : '0';
  const base = (t: EvmTxLike | EvmTokenTransferLike, from: string, to: string) => {
    const dir = lc(from) === me && lc(to) === me ? 'self' : lc(from) === me ? 'out' : 'in';
    return {
      hash: t.hash,
      time: t.timeStamp !== null ? t.timeStamp * 1000 : null,
      blockHeight: t.blockNumber,
      direction: dir as Operation['direction'],
      value: t.value,
      fee: fee(t),
      senders: [{ address: from, value: t.value, isOwn: lc(from) === me }],
      recipients: [{ address: to, value: t.value, isOwn: lc(to) === me }],
      isOwnTransaction: lc(from) === me,
      rbf: false,
      ...(t.nonce !== undefined ? { nonce: t.nonce } : {}),
      ...(t.gasUsed !== undefined ? { gasUsed: t.gasUsed } : {}),
      ...(t.gasPrice !== undefined ? { gasPrice: t.gasPrice } : {}),
    };
  };
  for (const t of txs) {
    if (t.isError) continue;
    byHash.set(lc(t.hash), base(t, t.from, t.to));
  }
  for (const tr of transfers) {
    const h = lc(tr.hash);
    if (failed.has(h)) continue;
    if (lc(tr.from) !== me && lc(tr.to) !== me) continue;
    const existing = byHash.get(h);
    if (existing?.token) continue; // one entry per hash
    const op: Operation = {
      ...base(tr, tr.from, tr.to),
      token: {
        contract: tr.contract,
        symbol: tr.symbol,
        decimals: tr.decimals,
        ...(tr.name ? { name: tr.name } : {}),
      },
    };
    if (existing) {
      // Keep the fee, nonce and sender of the transaction itself.
      op.fee = existing.fee !== '0' ? existing.fee : op.fee;
      if (existing.nonce !== undefined) op.nonce = existing.nonce;
      if (existing.gasUsed !== undefined) op.gasUsed = existing.gasUsed;
      if (existing.gasPrice !== undefined) op.gasPrice = existing.gasPrice;
      op.isOwnTransaction = existing.isOwnTransaction || op.isOwnTransaction;
    }
    byHash.set(h, op);
  }
  return [...byHash.values()].sort((a, b) => {
    const ha = a.blockHeight ?? Number.MAX_SAFE_INTEGER;
    const hb = b.blockHeight ?? Number.MAX_SAFE_INTEGER;
    return hb - ha || (b.time ?? 0) - (a.time ?? 0) || (a.hash < b.hash ? -1 : 1);
  });
}
