/**
 * EVM history rules (spec 02 §7): token and normal transactions merged by hash, errored ones dropped, newest first
 * (block number, then timestamp).
 */
import type { Operation } from '@secux-companion/server-kit/types';

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

/**
 * One entry per transaction hash (the contract of chain-common's Operation): the coin transaction when it moved coin
 * (value ≠ 0), else the account's token transfer in it (keeping the transaction's fee, nonce, gas and sender), else
 * the plain call. `value` is 0 on a self transfer (fee excluded, nothing left the account).
 */
export function mergeEvmHistory(
  address: string,
  txs: EvmTxLike[],
  transfers: EvmTokenTransferLike[],
): Operation[] {
  const me = lc(address);
  const failed = new Set(txs.filter((t) => t.isError).map((t) => lc(t.hash)));
  const fee = (t: { gasUsed?: string; gasPrice?: string }) =>
    t.gasUsed !== undefined && t.gasPrice !== undefined
      ? (BigInt(t.gasUsed) * BigInt(t.gasPrice)).toString()
      : '0';
  const toOp = (t: EvmTxLike | EvmTokenTransferLike, tx?: EvmTxLike): Operation => {
    const dir: Operation['direction'] =
      lc(t.from) === me && lc(t.to) === me ? 'self' : lc(t.from) === me ? 'out' : 'in';
    const src = tx ?? t;
    return {
      hash: t.hash,
      time: t.timeStamp !== null ? t.timeStamp * 1000 : tx?.timeStamp != null ? tx.timeStamp * 1000 : null,
      blockHeight: t.blockNumber ?? tx?.blockNumber ?? null,
      direction: dir,
      value: dir === 'self' ? '0' : t.value,
      fee: fee(src),
      senders: [{ address: t.from, value: t.value, isOwn: lc(t.from) === me }],
      recipients: [{ address: t.to, value: t.value, isOwn: lc(t.to) === me }],
      isOwnTransaction: lc(t.from) === me || (tx !== undefined && lc(tx.from) === me),
      rbf: false,
      ...(src.nonce !== undefined ? { nonce: src.nonce } : {}),
      ...(src.gasUsed !== undefined ? { gasUsed: src.gasUsed } : {}),
      ...(src.gasPrice !== undefined ? { gasPrice: src.gasPrice } : {}),
    };
  };
  const coin = new Map<string, EvmTxLike>();
  for (const t of txs) {
    const h = lc(t.hash);
    if (!t.isError && !coin.has(h)) coin.set(h, t);
  }
  const token = new Map<string, EvmTokenTransferLike>();
  for (const tr of transfers) {
    const h = lc(tr.hash);
    if (failed.has(h) || (lc(tr.from) !== me && lc(tr.to) !== me) || token.has(h)) continue;
    token.set(h, tr);
  }
  const ops: Operation[] = [];
  for (const [h, t] of coin) {
    // A call that moved no coin but a token of the account is shown as the token transfer.
    if (token.has(h) && BigInt(t.value) === 0n) continue;
    ops.push(toOp(t));
  }
  for (const [h, tr] of token) {
    const tx = coin.get(h);
    if (tx && BigInt(tx.value) !== 0n) continue; // the coin entry is kept
    ops.push({
      ...toOp(tr, tx),
      token: {
        contract: tr.contract,
        symbol: tr.symbol,
        decimals: tr.decimals,
        ...(tr.name ? { name: tr.name } : {}),
      },
    });
  }
  return ops.sort((a, b) => {
    const ha = a.blockHeight ?? Number.MAX_SAFE_INTEGER;
    const hb = b.blockHeight ?? Number.MAX_SAFE_INTEGER;
    return hb - ha || (b.time ?? 0) - (a.time ?? 0) || (a.hash < b.hash ? -1 : 1);
  });
}
