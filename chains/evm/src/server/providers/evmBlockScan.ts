/**
 * History and token discovery for a plain EVM node (no explorer): local and self-hosted chains.
 *
 * A page scans blocks downward from the cursor (or the tip) in ranges of `step` blocks: eth_getBlockByNumber with
 * full transactions (batched) for native transfers, eth_getLogs for ERC-20 Transfer events from/to the address,
 * then receipts of the matches (gas used, status; failed transactions are dropped like the explorer path). It stops
 * when a page is full or `maxBlocksPerPage` blocks were scanned; the cursor is the next block to scan.
 * Blocks deeper than `confirmations` are cached in memory (they no longer change).
 * NFTs: ERC-721 Transfer / ERC-1155 TransferSingle+TransferBatch logs to the address (from `nftFromBlock`, the
 * whole chain for the local one, else the last `tokenScanBlocks` blocks), checked with ownerOf / balanceOf (nfts.ts).
 */
import { z } from 'zod';
import type { EvmProvider, HistoryQuery } from '../backend.js';
import { mergeEvmHistory, type EvmTokenTransferLike, type EvmTxLike } from '../ops.js';
import {
  ProviderError,
  decodeCursor,
  encodeCursor,
  validate,
  type FetchFn,
} from '@secux-companion/server-kit/failover';
import { LruMap } from '@secux-companion/server-kit/lru';
import { createNftInfoReader, nftCandidatesFromLogs, verifyNftHoldings } from '../nfts.js';
import { erc20Info, rpcTransport } from './evmRpc.js';

// ---- raw JSON-RPC shapes (kept inside this file) ----
const hexQty = z.string().regex(/^0x[0-9a-fA-F]+$/);
const addr = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const Block = z.object({
  number: hexQty,
  hash: z.string(),
  timestamp: hexQty,
  transactions: z.array(
    z.object({
      hash: z.string(),
      from: addr,
      to: addr.nullable().optional(),
      value: hexQty,
      nonce: hexQty,
      gasPrice: hexQty.optional(),
    }),
  ),
});
const Log = z.object({
  address: addr,
  topics: z.array(z.string()),
  data: z.string(),
  blockNumber: hexQty,
  transactionHash: z.string(),
});
const Receipt = z.object({
  status: hexQty.optional(),
  gasUsed: hexQty,
  effectiveGasPrice: hexQty.optional(),
  contractAddress: addr.nullable().optional(),
});

export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

interface MinTx {
  hash: string;
  from: string;
  to: string;
  value: string;
  nonce: number;
  gasPrice?: string;
}
interface MinBlock {
  number: number;
  timestamp: number;
  txs: MinTx[];
}

export interface EvmBlockScanOptions {
  name: string;
  url: string;
  fetch: FetchFn;
  timeoutMs: number;
  /** Blocks per range (one getBlock batch + one getLogs pair). Default 100. */
  step?: number;
  /** Blocks scanned at most per page. Default 5000. */
  maxBlocksPerPage?: number;
  /** Depth at which blocks are cached. Default 6. */
  confirmations?: number;
  /** Blocks searched back for token discovery. Default 200000. */
  tokenScanBlocks?: number;
  /**
   * First block searched for NFT transfers: a number (0 = the whole chain, the local chain), or undefined = the
   * last `tokenScanBlocks` blocks.
   */
  nftFromBlock?: number;
  /** Blocks per eth_getLogs range of the NFT search. Default 50000. */
  nftLogStep?: number;
  /** Expected chain id (eth_chainId checked on the first call, every 10 minutes and after a failure). */
  chainId?: number;
  /** Blocks kept in memory (LRU). Default 20000. */
  cacheBlocks?: number;
}

const pad = (a: string) => `0x${a.toLowerCase().replace(/^0x/, '').padStart(64, '0')}`;
const topicAddr = (t: string) => `0x${t.slice(-40)}`;
const hex = (n: number) => `0x${n.toString(16)}`;

export function createEvmBlockScan(o: EvmBlockScanOptions): EvmProvider {
  // A node answers a log search or a batch of blocks only when done: no first-byte limit, the call's timeout holds.
  const t = rpcTransport(o.fetch, o.url, {}, Infinity);
  const step = o.step ?? 100;
  const maxBlocks = o.maxBlocksPerPage ?? 5000;
  const depth = o.confirmations ?? 6;
  const cache = new LruMap<number, MinBlock>(o.cacheBlocks ?? 20_000);
  const tokenMeta = new LruMap<string, { symbol: string; name: string; decimals: number }>(5000);
  let checkedUntil = 0;

  async function checkChain(signal: AbortSignal) {
    if (o.chainId === undefined || Date.now() < checkedUntil) return;
    const id = Number(BigInt(validate(hexQty, await t.call('eth_chainId', [], signal), 'eth_chainId')));
    if (id !== o.chainId)
      throw new ProviderError('wrongChain', `node reports chain id ${id}, expected ${o.chainId}`);
    checkedUntil = Date.now() + 10 * 60_000;
  }

  async function tip(signal: AbortSignal): Promise<number> {
    await checkChain(signal);
    return Number(BigInt(validate(hexQty, await t.call('eth_blockNumber', [], signal), 'eth_blockNumber')));
  }

  async function blocks(lo: number, hi: number, latest: number, signal: AbortSignal): Promise<MinBlock[]> {
    const want: number[] = [];
    for (let n = hi; n >= lo; n--) if (!cache.has(n)) want.push(n);
    for (let i = 0; i < want.length; i += step) {
      const chunk = want.slice(i, i + step);
      const got = await t.batch(
        chunk.map((n) => ({ method: 'eth_getBlockByNumber', params: [hex(n), true] })),
        signal,
      );
      got.forEach((g, j) => {
        if (g instanceof ProviderError) throw g;
        if (g === null) return; // beyond the tip (reorg); skipped
        const b = validate(Block, g, 'block');
        const mb: MinBlock = {
          number: Number(BigInt(b.number)),
          timestamp: Number(BigInt(b.timestamp)),
          txs: b.transactions.map((x) => ({
            hash: x.hash,
            from: x.from,
            to: x.to ?? '',
            value: BigInt(x.value).toString(),
            nonce: Number(BigInt(x.nonce)),
            ...(x.gasPrice ? { gasPrice: BigInt(x.gasPrice).toString() } : {}),
          })),
        };
        if (mb.number <= latest - depth) {
          cache.set(mb.number, mb);
        } else cache.delete(chunk[j]!);
        if (!cache.has(mb.number)) tmp.set(mb.number, mb);
      });
    }
    const out: MinBlock[] = [];
    for (let n = hi; n >= lo; n--) {
      const b = cache.get(n) ?? tmp.get(n);
      if (b) out.push(b);
    }
    tmp.clear();
    return out;
  }
  const tmp = new Map<number, MinBlock>();

  async function transferLogs(address: string, lo: number, hi: number, signal: AbortSignal) {
    const range = { fromBlock: hex(lo), toBlock: hex(hi) };
    const [sent, received] = await t.batch(
      [
        { method: 'eth_getLogs', params: [{ ...range, topics: [TRANSFER_TOPIC, pad(address)] }] },
        { method: 'eth_getLogs', params: [{ ...range, topics: [TRANSFER_TOPIC, null, pad(address)] }] },
      ],
      signal,
    );
    const logs = [sent, received].flatMap((l) => {
      if (l instanceof ProviderError) throw l;
      return validate(z.array(Log), l, 'eth_getLogs');
    });
    // ERC-20 only: 3 topics (ERC-721 indexes the token id as a 4th topic).
    const seen = new Set<string>();
    return logs.filter((l) => {
      const k = `${l.transactionHash}:${l.address}:${l.topics.join()}:${l.data}`;
      if (l.topics.length !== 3 || seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  }

  async function meta(contract: string, signal: AbortSignal) {
    const k = contract.toLowerCase();
    let m = tokenMeta.get(k);
    if (!m) {
      try {
        const i = await erc20Info(t, contract, undefined, signal);
        m = { symbol: i.symbol, name: i.name, decimals: i.decimals };
      } catch (e) {
        if (!(e instanceof ProviderError) || e.kind !== 'notFound') throw e;
        m = { symbol: '', name: '', decimals: 0 };
      }
      tokenMeta.set(k, m);
    }
    return m;
  }

  return {
    name: o.name,
    kind: 'blockscan',
    timeoutMs: o.timeoutMs,
    cursorKind: 'scan',
    onFailure: () => void (checkedUntil = 0),

    async getHistory(address, q: HistoryQuery, signal) {
      const c = decodeCursor(q.cursor);
      if (c && c.k !== 'scan')
        throw new ProviderError('unsupported', 'cursor belongs to another provider kind');
      const latest = await tip(signal);
      let hi = c && typeof c.b === 'number' ? Math.min(Math.floor(c.b), latest) : latest;
      const startBlock = hi;
      // Operations of the cursor's block already returned on the previous page.
      const skip = c && typeof c.s === 'number' && c.s > 0 ? Math.floor(c.s) : 0;
      const me = address.toLowerCase();
      const txs: (MinTx & { block: MinBlock })[] = [];
      const logs: (z.infer<typeof Log> & { block?: MinBlock })[] = [];
      let scanned = 0;
      while (
        hi >= 0 &&
        scanned < maxBlocks &&
        new Set([...txs.map((x) => x.hash), ...logs.map((l) => l.transactionHash)]).size < q.pageSize + skip
      ) {
        const lo = Math.max(0, hi - step + 1);
        const [bs, ls] = await Promise.all([
          blocks(lo, hi, latest, signal),
          transferLogs(address, lo, hi, signal),
        ]);
        const byNumber = new Map(bs.map((b) => [b.number, b]));
        for (const b of bs)
          for (const x of b.txs)
            if (x.from.toLowerCase() === me || x.to.toLowerCase() === me) txs.push({ ...x, block: b });
        for (const l of ls) logs.push({ ...l, block: byNumber.get(Number(BigInt(l.blockNumber))) });
        scanned += hi - lo + 1;
        hi = lo - 1;
      }
      const hashes = [...new Set([...txs.map((x) => x.hash), ...logs.map((l) => l.transactionHash)])];
      const receipts = await t.batch(
        hashes.map((h) => ({ method: 'eth_getTransactionReceipt', params: [h] })),
        signal,
      );
      const rc = new Map<string, z.infer<typeof Receipt>>();
      receipts.forEach((r, i) => {
        if (r instanceof ProviderError) throw r;
        if (r !== null) rc.set(hashes[i]!.toLowerCase(), validate(Receipt, r, 'receipt'));
      });
      const txByHash = new Map<string, MinTx & { block: MinBlock }>();
      for (const b of new Set(logs.map((l) => l.block).filter((b): b is MinBlock => !!b)))
        for (const x of b.txs) txByHash.set(x.hash.toLowerCase(), { ...x, block: b });
      const gas = (hash: string, gasPrice?: string) => {
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
      // Failed token-calling transactions are dropped even when the address is not their sender.
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
      const transfers: EvmTokenTransferLike[] = [];
      for (const l of logs) {
        const m = await meta(l.address, signal);
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
      let all = mergeEvmHistory(address, normal, transfers);
      if (skip) {
        const atStart = all.filter((op) => op.blockHeight === startBlock);
        all = [...atStart.slice(skip), ...all.filter((op) => op.blockHeight !== startBlock)];
      }
      if (all.length > q.pageSize) {
        // Cut inside the scanned range: continue at the block of the first operation left out.
        const operations = all.slice(0, q.pageSize);
        const next = all[q.pageSize]!.blockHeight!;
        const sameBlock =
          operations.filter((op) => op.blockHeight === next).length + (next === startBlock ? skip : 0);
        return {
          operations,
          cursor: encodeCursor({ k: 'scan', b: next, ...(sameBlock ? { s: sameBlock } : {}) }),
        };
      }
      return { operations: all, cursor: hi >= 0 ? encodeCursor({ k: 'scan', b: hi }) : null };
    },

    async getNftHoldings(address, signal) {
      const latest = await tip(signal);
      const from = o.nftFromBlock ?? Math.max(0, latest - (o.tokenScanBlocks ?? 200_000));
      const candidates = await nftCandidatesFromLogs(t, address, from, latest, signal, o.nftLogStep);
      return verifyNftHoldings(t, address, candidates, signal);
    },

    getNftInfo: createNftInfoReader(t),

    async discoverTokens(address, signal) {
      const latest = await tip(signal);
      const lo = Math.max(0, latest - (o.tokenScanBlocks ?? 200_000));
      const logs = await transferLogs(address, lo, latest, signal);
      const seen = new Map<string, string>();
      for (const l of logs) seen.set(l.address.toLowerCase(), l.address);
      return [...seen.values()];
    },
  };
}
