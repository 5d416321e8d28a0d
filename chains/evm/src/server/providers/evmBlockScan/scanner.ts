/** The node's scanner: its chain check, its tip, blocks (cached when deep enough), ERC-20 transfer logs, token names. */
import { z } from 'zod';
import { ProviderError, validate } from '@secux-companion/server-kit/failover';
import { LruMap } from '@secux-companion/server-kit/lru';
import { erc20Info, rpcTransport } from '../evmRpc.js';
import type { EvmBlockScanOptions } from './options.js';

// ---- raw JSON-RPC shapes (kept inside this provider) ----
export const hexQty = z.string().regex(/^0x[0-9a-fA-F]+$/);
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
export const Log = z.object({
  address: addr,
  topics: z.array(z.string()),
  data: z.string(),
  blockNumber: hexQty,
  transactionHash: z.string(),
});
export const Receipt = z.object({
  status: hexQty.optional(),
  gasUsed: hexQty,
  effectiveGasPrice: hexQty.optional(),
  contractAddress: addr.nullable().optional(),
});

export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export interface MinTx {
  hash: string;
  from: string;
  to: string;
  value: string;
  nonce: number;
  gasPrice?: string;
}
export interface MinBlock {
  number: number;
  timestamp: number;
  txs: MinTx[];
}
export type TokenMeta = { symbol: string; name: string; decimals: number };

const pad = (a: string) => `0x${a.toLowerCase().replace(/^0x/, '').padStart(64, '0')}`;
export const topicAddr = (t: string) => `0x${t.slice(-40)}`;
const hex = (n: number) => `0x${n.toString(16)}`;

const minBlock = (b: z.infer<typeof Block>): MinBlock => ({
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
});

/** What every scan operation works with. */
export class Scanner {
  // A node answers a log search or a batch of blocks only when done: no first-byte limit, the call's timeout holds.
  readonly t: ReturnType<typeof rpcTransport>;
  readonly step: number;
  readonly maxBlocks: number;
  private readonly depth: number;
  private readonly cache: LruMap<number, MinBlock>;
  private readonly tmp = new Map<number, MinBlock>();
  private readonly tokenMeta = new LruMap<string, TokenMeta>(5000);
  private checkedUntil = 0;

  constructor(readonly o: EvmBlockScanOptions) {
    this.t = rpcTransport(o.fetch, o.url, {}, Infinity);
    this.step = o.step ?? 100;
    this.maxBlocks = o.maxBlocksPerPage ?? 5000;
    this.depth = o.confirmations ?? 6;
    this.cache = new LruMap<number, MinBlock>(o.cacheBlocks ?? 20_000);
  }

  /** After a failure: the chain is checked again on the next call. */
  recheck(): void {
    this.checkedUntil = 0;
  }

  private async checkChain(signal: AbortSignal) {
    const { o, t } = this;
    if (o.chainId === undefined || Date.now() < this.checkedUntil) return;
    const id = Number(BigInt(validate(hexQty, await t.call('eth_chainId', [], signal), 'eth_chainId')));
    if (id !== o.chainId)
      throw new ProviderError('wrongChain', `node reports chain id ${id}, expected ${o.chainId}`);
    this.checkedUntil = Date.now() + 10 * 60_000;
  }

  async tip(signal: AbortSignal): Promise<number> {
    await this.checkChain(signal);
    return Number(
      BigInt(validate(hexQty, await this.t.call('eth_blockNumber', [], signal), 'eth_blockNumber')),
    );
  }

  /** Blocks `hi` down to `lo` (those beyond the tip skipped); kept when `confirmations` deep below `latest`. */
  async blocks(lo: number, hi: number, latest: number, signal: AbortSignal): Promise<MinBlock[]> {
    const { cache, tmp, step } = this;
    const want: number[] = [];
    for (let n = hi; n >= lo; n--) if (!cache.has(n)) want.push(n);
    for (let i = 0; i < want.length; i += step) {
      const chunk = want.slice(i, i + step);
      const got = await this.t.batch(
        chunk.map((n) => ({ method: 'eth_getBlockByNumber', params: [hex(n), true] })),
        signal,
      );
      got.forEach((g, j) => {
        if (g instanceof ProviderError) throw g;
        if (g === null) return; // beyond the tip (reorg); skipped
        const mb = minBlock(validate(Block, g, 'block'));
        if (mb.number <= latest - this.depth) {
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

  /** ERC-20 Transfer logs from or to the address in blocks `lo`..`hi`, each once. */
  async transferLogs(address: string, lo: number, hi: number, signal: AbortSignal) {
    const range = { fromBlock: hex(lo), toBlock: hex(hi) };
    const [sent, received] = await this.t.batch(
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

  /** A token's name, symbol and decimals (empty for a contract that does not answer them). */
  async meta(contract: string, signal: AbortSignal): Promise<TokenMeta> {
    const k = contract.toLowerCase();
    let m = this.tokenMeta.get(k);
    if (!m) {
      try {
        const i = await erc20Info(this.t, contract, undefined, signal);
        m = { symbol: i.symbol, name: i.name, decimals: i.decimals };
      } catch (e) {
        if (!(e instanceof ProviderError) || e.kind !== 'notFound') throw e;
        m = { symbol: '', name: '', decimals: 0 };
      }
      this.tokenMeta.set(k, m);
    }
    return m;
  }
}
