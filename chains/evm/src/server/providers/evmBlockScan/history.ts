/**
 * A history page: blocks scanned downward from the cursor (or the tip) in ranges of `step` blocks, native transfers
 * from the blocks, ERC-20 transfers from the logs, then the receipts of the matches (gas used, status).
 */
import type { z } from 'zod';
import { ProviderError, decodeCursor, encodeCursor, validate } from '@secux-companion/server-kit/failover';
import type { HistoryPage as Page } from '@secux-companion/server-kit/types';
import type { HistoryQuery } from '../../backend.js';
import { mergeEvmHistory, type EvmTokenTransferLike, type EvmTxLike } from '../../ops.js';
import { Receipt, topicAddr, type Log, type MinBlock, type MinTx, type Scanner } from './scanner.js';

type BlockTx = MinTx & { block: MinBlock };
type BlockLog = z.infer<typeof Log> & { block?: MinBlock };
type Receipts = Map<string, z.infer<typeof Receipt>>;
type HistoryPage = Omit<Page, 'provider'>;
type Gas = (hash: string, gasPrice?: string) => { gasUsed?: string; gasPrice?: string };

/** The address's transactions and transfer logs from `hi` down, until `need` hashes or `maxBlocks` blocks. */
async function scan(
  s: Scanner,
  address: string,
  latest: number,
  hi: number,
  need: number,
  signal: AbortSignal,
) {
  const me = address.toLowerCase();
  const txs: BlockTx[] = [];
  const logs: BlockLog[] = [];
  let scanned = 0;
  while (
    hi >= 0 &&
    scanned < s.maxBlocks &&
    new Set([...txs.map((x) => x.hash), ...logs.map((l) => l.transactionHash)]).size < need
  ) {
    const lo = Math.max(0, hi - s.step + 1);
    const [bs, ls] = await Promise.all([
      s.blocks(lo, hi, latest, signal),
      s.transferLogs(address, lo, hi, signal),
    ]);
    const byNumber = new Map(bs.map((b) => [b.number, b]));
    for (const b of bs)
      for (const x of b.txs)
        if (x.from.toLowerCase() === me || x.to.toLowerCase() === me) txs.push({ ...x, block: b });
    for (const l of ls) logs.push({ ...l, block: byNumber.get(Number(BigInt(l.blockNumber))) });
    scanned += hi - lo + 1;
    hi = lo - 1;
  }
  return { txs, logs, hi };
}

/** The receipts of the matched transactions (lower-case hash). */
async function receiptsOf(
  s: Scanner,
  txs: BlockTx[],
  logs: BlockLog[],
  signal: AbortSignal,
): Promise<Receipts> {
  const hashes = [...new Set([...txs.map((x) => x.hash), ...logs.map((l) => l.transactionHash)])];
  const receipts = await s.t.batch(
    hashes.map((h) => ({ method: 'eth_getTransactionReceipt', params: [h] })),
    signal,
  );
  const rc: Receipts = new Map();
  receipts.forEach((r, i) => {
    if (r instanceof ProviderError) throw r;
    if (r !== null) rc.set(hashes[i]!.toLowerCase(), validate(Receipt, r, 'receipt'));
  });
  return rc;
}

const gasOf =
  (rc: Receipts): Gas =>
  (hash, gasPrice) => {
    const r = rc.get(hash.toLowerCase());
    return {
      ...(r ? { gasUsed: BigInt(r.gasUsed).toString() } : {}),
      ...(r?.effectiveGasPrice
        ? { gasPrice: BigInt(r.effectiveGasPrice).toString() }
        : gasPrice
          ? { gasPrice }
          : {}),
    };
  };

/** The native transactions, and the failed token-calling ones (dropped even when the address is not their sender). */
function normalTxs(
  txs: BlockTx[],
  logs: BlockLog[],
  rc: Receipts,
  txByHash: Map<string, BlockTx>,
  gas: Gas,
): EvmTxLike[] {
  const normal: EvmTxLike[] = txs.map((x) => {
    const r = rc.get(x.hash.toLowerCase());
    return {
      hash: x.hash,
      blockNumber: x.block.number,
      timeStamp: x.block.timestamp,
      from: x.from,
      to: x.to || r?.contractAddress || '',
      value: x.value,
      nonce: x.nonce,
      ...gas(x.hash, x.gasPrice),
      isError: r?.status !== undefined && BigInt(r.status) === 0n,
    };
  });
  for (const l of logs) {
    const r = rc.get(l.transactionHash.toLowerCase());
    if (
      r?.status !== undefined &&
      BigInt(r.status) === 0n &&
      !normal.some((n) => n.hash === l.transactionHash)
    ) {
      const x = txByHash.get(l.transactionHash.toLowerCase());
      normal.push({
        hash: l.transactionHash,
        blockNumber: null,
        timeStamp: null,
        from: x?.from ?? '',
        to: x?.to ?? '',
        value: '0',
        isError: true,
      });
    }
  }
  return normal;
}

/** The ERC-20 transfers of the logs, with their token's name. */
async function tokenTransfers(
  s: Scanner,
  logs: BlockLog[],
  txByHash: Map<string, BlockTx>,
  gas: Gas,
  signal: AbortSignal,
): Promise<EvmTokenTransferLike[]> {
  const transfers: EvmTokenTransferLike[] = [];
  for (const l of logs) {
    const m = await s.meta(l.address, signal);
    const x = txByHash.get(l.transactionHash.toLowerCase());
    transfers.push({
      hash: l.transactionHash,
      blockNumber: Number(BigInt(l.blockNumber)),
      timeStamp: l.block?.timestamp ?? null,
      from: topicAddr(l.topics[1]!),
      to: topicAddr(l.topics[2]!),
      value: l.data === '0x' ? '0' : BigInt(l.data.slice(0, 66)).toString(),
      contract: l.address,
      symbol: m.symbol,
      name: m.name,
      decimals: m.decimals,
      ...(x ? { nonce: x.nonce } : {}),
      ...gas(l.transactionHash, x?.gasPrice),
    });
  }
  return transfers;
}

/** The page and its cursor: cut inside the scanned range, or the next block to scan. */
function cutPage(
  ops: ReturnType<typeof mergeEvmHistory>,
  pageSize: number,
  startBlock: number,
  skip: number,
  hi: number,
): HistoryPage {
  let all = ops;
  if (skip) {
    const atStart = all.filter((op) => op.blockHeight === startBlock);
    all = [...atStart.slice(skip), ...all.filter((op) => op.blockHeight !== startBlock)];
  }
  if (all.length > pageSize) {
    // Cut inside the scanned range: continue at the block of the first operation left out.
    const operations = all.slice(0, pageSize);
    const next = all[pageSize]!.blockHeight!;
    const sameBlock =
      operations.filter((op) => op.blockHeight === next).length + (next === startBlock ? skip : 0);
    return {
      operations,
      cursor: encodeCursor({ k: 'scan', b: next, ...(sameBlock ? { s: sameBlock } : {}) }),
    };
  }
  return { operations: all, cursor: hi >= 0 ? encodeCursor({ k: 'scan', b: hi }) : null };
}

export async function getHistory(
  s: Scanner,
  address: string,
  q: HistoryQuery,
  signal: AbortSignal,
): Promise<HistoryPage> {
  const c = decodeCursor(q.cursor);
  if (c && c.k !== 'scan') throw new ProviderError('unsupported', 'cursor belongs to another provider kind');
  const latest = await s.tip(signal);
  const startBlock = c && typeof c.b === 'number' ? Math.min(Math.floor(c.b), latest) : latest;
  // Operations of the cursor's block already returned on the previous page.
  const skip = c && typeof c.s === 'number' && c.s > 0 ? Math.floor(c.s) : 0;
  const { txs, logs, hi } = await scan(s, address, latest, startBlock, q.pageSize + skip, signal);
  const rc = await receiptsOf(s, txs, logs, signal);
  const txByHash = new Map<string, BlockTx>();
  for (const b of new Set(logs.map((l) => l.block).filter((b): b is MinBlock => !!b)))
    for (const x of b.txs) txByHash.set(x.hash.toLowerCase(), { ...x, block: b });
  const gas = gasOf(rc);
  const normal = normalTxs(txs, logs, rc, txByHash, gas);
  const transfers = await tokenTransfers(s, logs, txByHash, gas, signal);
  return cutPage(mergeEvmHistory(address, normal, transfers), q.pageSize, startBlock, skip, hi);
}
