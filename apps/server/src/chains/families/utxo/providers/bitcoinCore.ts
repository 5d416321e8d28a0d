/**
 * Bitcoin-Core-compatible JSON-RPC (bitcoind, litecoind, …) for people who run their own node.
 *
 * - Confirmed balances: `scantxoutset` over output descriptors (pkh/sh(wpkh)/wpkh/tr of the account xpub, receive
 *   and change chains, indexes 0..range-1), or `addr(…)` for one address. No wallet needed.
 * - Unspent outputs: the scantxoutset ones plus the mempool outputs paying the account (`getrawmempool` +
 *   `getrawtransaction` of each new mempool transaction, cached by txid), each checked with
 *   `gettxout(txid, n, include_mempool=true)`: null = spent, also by a pending transaction (Litecoin Core 0.21 has
 *   no `gettxspendingprevout`); confirmations 0 = pending (height null).
 * - Transaction count and history: a watch-only wallet per account (legacy `createwallet` with
 *   private keys disabled, filled with `importmulti` of the ranged descriptors; litecoind 0.21 has no descriptor
 *   wallets), then `listtransactions`, `gettransaction` and `decoderawtransaction`. The unconfirmed balance is
 *   the unspent total counting the mempool (above) minus the confirmed one.
 * - Transactions by id: `getrawtransaction` (needs -txindex for confirmed transactions outside the wallets).
 * - Broadcast `sendrawtransaction`; fees `estimatesmartfee`; network check `getblockchaininfo.chain`.
 *
 * Bitcoin Core < 28 answers RPC errors with HTTP 500 and a JSON body `{result:null, error:{code, message}}`, so the
 * body decides: an RPC error is mapped by code, a non-JSON 5xx is a server failure.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { z } from 'zod';
import type { HistoryQuery, UtxoProvider, UtxoSubject, XpubQuery } from '../backend.js';
import {
  Mutex,
  ProviderError,
  decodeCursor,
  encodeCursor,
  httpRequest,
  snippet,
  validate,
  type FetchFn,
} from '../../../failover.js';
import { LruMap } from '../../../lru.js';
import { coinsToSats } from '../amounts.js';
import { parseLosslessJson } from '../../../losslessJson.js';
import type { AccountInfo, AddressEntry, FeeTiers, TxDetails, Utxo } from '../../../types.js';
import { toUtxoOperation } from '../ops.js';
import { accountOfKey, descriptorFor, toNodeVersion, type UtxoNetwork } from '../xpub.js';

// ---- raw RPC shapes (kept inside this file) ----
/**
 * Coins as the node writes them: a JSON number, or its exact text when a double cannot hold it (parseLosslessJson
 * `decimals`: 1234567890.12345678 DOGE has more digits than a double keeps); coinsToSats reads both.
 */
const amount = z.union([z.number(), z.string().regex(/^-?\d{1,30}(\.\d{1,30})?$/)]);
const RpcEnvelope = z.object({
  result: z.unknown().optional(),
  error: z.object({ code: z.number(), message: z.string() }).nullable().optional(),
  id: z.unknown().optional(),
});
const ChainInfo = z.object({ chain: z.string(), blocks: z.number() });
const DescInfo = z.object({ descriptor: z.string(), checksum: z.string() });
const Scan = z.object({
  success: z.boolean(),
  unspents: z.array(
    z.object({
      txid: z.string(),
      vout: z.number(),
      scriptPubKey: z.string(),
      desc: z.string(),
      amount,
      height: z.number(),
    }),
  ),
  total_amount: amount,
});
const ListTx = z.array(
  z.object({
    txid: z.string(),
    category: z.string(),
    address: z.string().optional(),
    confirmations: z.number(),
    blockheight: z.number().optional(),
    blocktime: z.number().optional(),
    time: z.number(),
  }),
);
const WalletTx = z.object({
  hex: z.string(),
  confirmations: z.number(),
  blockheight: z.number().optional(),
  blockhash: z.string().optional(),
  blocktime: z.number().optional(),
  time: z.number(),
});
const ScriptPubKey = z.object({
  hex: z.string().optional(),
  address: z.string().optional(),
  addresses: z.array(z.string()).optional(),
});
const DecodedTx = z.object({
  txid: z.string(),
  size: z.number().optional(),
  vsize: z.number().optional(),
  vin: z.array(
    z.object({
      txid: z.string().optional(),
      vout: z.number().optional(),
      sequence: z.number().optional(),
      coinbase: z.string().optional(),
    }),
  ),
  vout: z.array(z.object({ value: amount, n: z.number(), scriptPubKey: ScriptPubKey })),
});
const RawTxVerbose = DecodedTx.extend({
  hex: z.string(),
  blockhash: z.string().optional(),
  confirmations: z.number().optional(),
  blocktime: z.number().optional(),
  time: z.number().optional(),
});
const Received = z.array(z.object({ address: z.string(), txids: z.array(z.string()) }));
const AddrInfo = z.object({ ismine: z.boolean().optional(), iswatchonly: z.boolean().optional() });
const TxOut = z
  .object({
    confirmations: z.number(),
    value: amount,
    coinbase: z.boolean().optional(),
    scriptPubKey: ScriptPubKey,
  })
  .nullable();
const SmartFee = z.object({ feerate: z.number().optional(), errors: z.array(z.string()).optional() });

export interface BitcoinCoreOptions {
  name: string;
  /** http://host:port (credentials separately). */
  url: string;
  user?: string;
  password?: string;
  fetch: FetchFn;
  timeoutMs: number;
  network: UtxoNetwork;
  /** SLIP-44 coin type for the paths of derived addresses (LTC 2). */
  coinType: number;
  /** Derived indexes scanned per chain (receive and change). Default 100 (spec: address scan up to 100 indexes). */
  range?: number;
  /** Rescan start (unix seconds) for new watch-only imports. Default 0 (whole chain; fine for regtest/small chains). */
  rescanSince?: number;
  /** Prefix of the per-account watch-only wallets. Default 'secux-watch-'. */
  walletPrefix?: string;
  /**
   * Largest mempool (transactions) read to find the pending outputs of an account. Default 50 000; above it the
   * account's watch-only wallet (listunspent) is asked instead.
   */
  mempoolMax?: number;
  /**
   * Watch-only wallets kept loaded (least recently used ones are unloaded; loaded again when asked). Default 50.
   */
  maxWallets?: number;
  /**
   * New watch-only wallets (each imports and rescans) created per hour; beyond it a new account is answered 429 with
   * Retry-After (known accounts keep working). Default 30.
   */
  newWalletsPerHour?: number;
  /** Accounts whose derived addresses are kept in memory. Default 1000. */
  maxAccounts?: number;
}

interface Resolved {
  key: string;
  descs: { desc: string; range?: [number, number] }[];
  /** address → path info */
  info: Map<string, { path?: string; change: 0 | 1; index: number }>;
  order: string[];
  wallet: string;
}

const SATS = (v: number | string) => coinsToSats(v);
/** Methods the node answers only when a long job is done (UTXO scan, import with rescan, wallet load). */
const SLOW = new Set(['scantxoutset', 'importmulti', 'importdescriptors', 'loadwallet', 'createwallet']);

export function createBitcoinCore(o: BitcoinCoreOptions): UtxoProvider & {
  /** Test helper: the wallet used for a subject. */
  walletOf(subject: UtxoSubject): Promise<string>;
} {
  const base = o.url.replace(/\/+$/, '');
  const auth =
    o.user !== undefined
      ? `Basic ${Buffer.from(`${o.user}:${o.password ?? ''}`).toString('base64')}`
      : undefined;
  const range = o.range ?? 100;
  const mempoolMax = o.mempoolMax ?? 50_000;
  const scanMutex = new Mutex();
  const importMutex = new Mutex();
  const resolved = new LruMap<string, Resolved>(o.maxAccounts ?? 1000);
  /** Loaded and imported wallets by account key (LRU; evicted ones are unloaded from the node). */
  const imported = new LruMap<string, string>(o.maxWallets ?? 50);
  const created: number[] = [];
  const perHour = o.newWalletsPerHour ?? 30;
  let checkedUntil = 0;
  let nextId = 1;

  function rpcError(method: string, code: number, message: string): ProviderError {
    const msg = `${method}: ${message}`;
    if (code === -28) return new ProviderError('server', msg, { upstreamCode: code }); // warming up
    if (code === -32601) return new ProviderError('unsupported', msg, { upstreamCode: code });
    if (code === -5 && /no such|not found/i.test(message))
      return new ProviderError('notFound', msg, { upstreamCode: code });
    if (method === 'sendrawtransaction' && [-22, -25, -26, -27].includes(code))
      return new ProviderError('rejected', message, { upstreamCode: code });
    if (code === -5 || code === -8 || code === -3 || code === -1)
      return new ProviderError('badRequest', msg, { upstreamCode: code });
    return new ProviderError('server', msg, { upstreamCode: code });
  }

  async function post(
    body: unknown,
    wallet: string | undefined,
    signal: AbortSignal,
    slow = false,
  ): Promise<unknown> {
    const url = wallet ? `${base}/wallet/${encodeURIComponent(wallet)}` : base;
    const a = await httpRequest(o.fetch, url, {
      // The node answers a scan or an import only when it is done: no first-byte limit (the call's timeout holds).
      ...(slow ? { firstByteMs: Infinity } : {}),
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      signal,
      pass: [400, 401, 403, 404, 500],
    });
    if (a.status === 401 || a.status === 403)
      throw new ProviderError('server', 'node refused the RPC credentials', { status: a.status });
    let data: unknown;
    try {
      // Coin amounts with more digits than a double holds keep their text (large DOGE and DGB balances).
      data = parseLosslessJson(a.text, { decimals: true });
    } catch (e) {
      if (a.status >= 400)
        throw new ProviderError(
          a.status >= 500 ? 'server' : 'badRequest',
          `HTTP ${a.status}: ${snippet(a.text, 80)}`,
          { status: a.status },
        );
      throw e;
    }
    return data;
  }

  async function rpc<T = unknown>(
    method: string,
    params: unknown[],
    signal: AbortSignal,
    wallet?: string,
  ): Promise<T> {
    const env = validate(
      RpcEnvelope,
      await post({ jsonrpc: '1.0', id: nextId++, method, params }, wallet, signal, SLOW.has(method)),
      'RPC answer',
    );
    if (env.error) throw rpcError(method, env.error.code, env.error.message);
    return env.result as T;
  }

  /** Batch call; per-item errors come back as ProviderError values (not thrown). */
  async function batch(
    calls: { method: string; params: unknown[] }[],
    signal: AbortSignal,
    wallet?: string,
  ): Promise<(unknown | ProviderError)[]> {
    if (!calls.length) return [];
    const first = nextId;
    nextId += calls.length;
    const data = await post(
      calls.map((c, i) => ({ jsonrpc: '1.0', id: first + i, method: c.method, params: c.params })),
      wallet,
      signal,
    );
    const arr = validate(z.array(RpcEnvelope), data, 'RPC batch answer');
    const byId = new Map(arr.map((e) => [Number(e.id), e]));
    return calls.map((c, i) => {
      const e = byId.get(first + i);
      if (!e) return new ProviderError('malformed', `batch answer lacks ${c.method}`);
      return e.error ? rpcError(c.method, e.error.code, e.error.message) : e.result;
    });
  }

  async function checkChain(signal: AbortSignal) {
    if (Date.now() < checkedUntil) return;
    const info = validate(ChainInfo, await rpc('getblockchaininfo', [], signal), 'getblockchaininfo');
    const ok =
      o.network === 'main'
        ? info.chain === 'main'
        : o.network === 'regtest'
          ? info.chain === 'regtest'
          : ['test', 'testnet4', 'signet'].includes(info.chain);
    if (!ok) throw new ProviderError('wrongChain', `node is on '${info.chain}', expected ${o.network}`);
    if (info.blocks < 0 || !Number.isSafeInteger(info.blocks))
      throw new ProviderError('malformed', 'node reports an impossible height');
    checkedUntil = Date.now() + 10 * 60_000;
  }

  async function withChecksum(desc: string, signal: AbortSignal): Promise<string> {
    const d = validate(DescInfo, await rpc('getdescriptorinfo', [desc], signal), 'getdescriptorinfo');
    return `${desc}#${d.checksum}`;
  }

  async function resolve(subject: UtxoSubject, signal: AbortSignal): Promise<Resolved> {
    const key = subject.kind === 'xpub' ? `${subject.bip}:${subject.xpub}` : `addr:${subject.address}`;
    const hit = resolved.get(key);
    if (hit) return hit;
    const wallet = `${o.walletPrefix ?? 'secux-watch-'}${bytesToHex(sha256(new TextEncoder().encode(`${o.network}:${key}`))).slice(0, 20)}`;
    const info = new Map<string, { path?: string; change: 0 | 1; index: number }>();
    const order: string[] = [];
    let descs: Resolved['descs'];
    if (subject.kind === 'address') {
      const v = validate(
        z.object({ isvalid: z.boolean() }),
        await rpc('validateaddress', [subject.address], signal),
        'validateaddress',
      );
      if (!v.isvalid)
        throw new ProviderError('badRequest', `invalid address for this network: ${subject.address}`);
      descs = [{ desc: await withChecksum(`addr(${subject.address})`, signal) }];
      info.set(subject.address, { change: 0, index: 0 });
      order.push(subject.address);
    } else {
      let nodeKey: string;
      try {
        nodeKey = toNodeVersion(subject.xpub, o.network);
      } catch {
        throw new ProviderError('badRequest', 'invalid extended public key');
      }
      const account = accountOfKey(subject.xpub);
      descs = [];
      for (const change of [0, 1] as const) {
        const desc = await withChecksum(descriptorFor(subject.bip, nodeKey, `/${change}/*`), signal);
        descs.push({ desc, range: [0, range - 1] });
        const addrs = validate(
          z.array(z.string()),
          await rpc('deriveaddresses', [desc, [0, range - 1]], signal),
          'deriveaddresses',
        );
        addrs.forEach((a, index) => {
          info.set(a, {
            path: `m/${subject.bip}'/${o.coinType}'/${account}'/${change}/${index}`,
            change,
            index,
          });
          order.push(a);
        });
      }
    }
    const r: Resolved = { key, descs, info, order, wallet };
    resolved.set(key, r);
    return r;
  }

  async function scan(r: Resolved, signal: AbortSignal) {
    return scanMutex.run(async () => {
      const objs = r.descs.map((d) => (d.range ? { desc: d.desc, range: d.range } : d.desc));
      const res = validate(Scan, await rpc('scantxoutset', ['start', objs], signal), 'scantxoutset');
      if (!res.success) throw new ProviderError('server', 'scantxoutset did not complete');
      return res;
    });
  }

  /** Address of a scantxoutset match: from the origin path in its descriptor ([fingerprint/change/index]). */
  function scanAddress(r: Resolved, desc: string): string | undefined {
    if (r.order.length === 1 && r.key.startsWith('addr:')) return r.order[0];
    const m = /\[[0-9a-f]{8}\/(\d+)\/(\d+)\]/i.exec(desc);
    if (!m) return undefined;
    const change = Number(m[1]);
    const index = Number(m[2]);
    for (const [a, i] of r.info) if (i.change === change && i.index === index) return a;
    return undefined;
  }

  /** Loads or creates the account's watch-only wallet and imports its descriptors once (with a rescan). */
  async function ensureWallet(r: Resolved, signal: AbortSignal): Promise<string> {
    if (imported.get(r.key)) return r.wallet;
    return importMutex.run(async () => {
      if (imported.get(r.key)) return r.wallet;
      try {
        await rpc('getwalletinfo', [], signal, r.wallet);
      } catch (e) {
        if (!(e instanceof ProviderError) || e.opts.upstreamCode !== -18) throw e;
        try {
          await rpc('loadwallet', [r.wallet], signal);
        } catch (e2) {
          if (!(e2 instanceof ProviderError) || (e2.opts.upstreamCode !== -18 && e2.opts.upstreamCode !== -4))
            throw e2;
          if (e2.opts.upstreamCode === -4 && !/not found|does not exist|path/i.test(e2.message)) throw e2;
          // Anonymous requests must not run up the node: a bounded number of new wallets (rescans) per hour.
          const now = Date.now();
          while (created.length && created[0]! <= now - 3_600_000) created.shift();
          if (created.length >= perHour)
            throw new ProviderError('rateLimited', 'too many new accounts on this node; try again later', {
              retryAfter: Math.ceil((created[0]! + 3_600_000 - now) / 1000),
              health: false,
            });
          created.push(now);
          await rpc('createwallet', [r.wallet, true, true], signal);
        }
      }
      // Already watched? (first and last derived receive address)
      const probe = [r.order[0]!, r.order[Math.min(r.order.length - 1, range - 1)]!];
      const infos = await batch(
        probe.map((a) => ({ method: 'getaddressinfo', params: [a] })),
        signal,
        r.wallet,
      );
      const watched = infos.every(
        (i) =>
          !(i instanceof ProviderError) &&
          AddrInfo.safeParse(i).success &&
          (AddrInfo.parse(i).iswatchonly || AddrInfo.parse(i).ismine),
      );
      if (!watched) {
        const reqs = r.descs.map((d) => ({
          desc: d.desc,
          ...(d.range ? { range: d.range } : {}),
          timestamp: o.rescanSince ?? 0,
          watchonly: true,
        }));
        const Results = z.array(
          z.object({ success: z.boolean(), error: z.object({ message: z.string() }).optional() }),
        );
        let res: z.infer<typeof Results>;
        try {
          res = validate(
            Results,
            await rpc('importmulti', [reqs, { rescan: true }], signal, r.wallet),
            'importmulti',
          );
        } catch (e) {
          // Bitcoin Core ≥ 23 creates descriptor wallets, which take importdescriptors instead of importmulti.
          if (!(e instanceof ProviderError) || e.opts.upstreamCode !== -4) throw e;
          const descReqs = reqs.map(({ watchonly: _w, ...d }) => ({ ...d, active: false }));
          res = validate(
            Results,
            await rpc('importdescriptors', [descReqs], signal, r.wallet),
            'importdescriptors',
          );
        }
        const bad = res.find((x) => !x.success);
        if (bad) throw new ProviderError('server', `importmulti failed: ${bad.error?.message ?? 'unknown'}`);
      }
      for (const [, wallet] of imported.set(r.key, r.wallet))
        await rpc('unloadwallet', [wallet], signal).catch(() => undefined); // loaded again when asked
      return r.wallet;
    });
  }

  async function walletTxids(r: Resolved, signal: AbortSignal) {
    const wallet = await ensureWallet(r, signal);
    const list = validate(
      ListTx,
      await rpc('listtransactions', ['*', 100000, 0, true], signal, wallet),
      'listtransactions',
    );
    const seen = new Map<string, { time: number; height: number | null }>();
    for (const e of list) {
      if (e.category === 'orphan' || e.confirmations < 0) continue;
      if (!seen.has(e.txid))
        seen.set(e.txid, {
          time: e.blocktime ?? e.time,
          height: e.confirmations > 0 ? (e.blockheight ?? null) : null,
        });
    }
    // Newest first: pending first, then by height/time descending.
    const ids = [...seen.entries()].sort((a, b) => {
      const ha = a[1].height ?? Number.MAX_SAFE_INTEGER;
      const hb = b[1].height ?? Number.MAX_SAFE_INTEGER;
      return hb - ha || b[1].time - a[1].time || (a[0] < b[0] ? -1 : 1);
    });
    return { wallet, ids: ids.map(([txid]) => txid) };
  }

  /** Previous outputs (value + address) of the given inputs: wallet first, then getrawtransaction (txindex). */
  async function prevouts(txids: string[], wallet: string | undefined, signal: AbortSignal) {
    const out = new Map<string, z.infer<typeof DecodedTx>>();
    const unique = [...new Set(txids)];
    let missing = unique;
    if (wallet && unique.length) {
      const got = await batch(
        unique.map((t) => ({ method: 'gettransaction', params: [t, true] })),
        signal,
        wallet,
      );
      const hexes: { txid: string; hex: string }[] = [];
      got.forEach((g, i) => {
        const p = WalletTx.safeParse(g);
        if (p.success) hexes.push({ txid: unique[i]!, hex: p.data.hex });
      });
      const decoded = await batch(
        hexes.map((h) => ({ method: 'decoderawtransaction', params: [h.hex] })),
        signal,
      );
      decoded.forEach((d, i) => {
        const p = DecodedTx.safeParse(d);
        if (p.success) out.set(hexes[i]!.txid, p.data);
      });
      missing = unique.filter((t) => !out.has(t));
    }
    if (missing.length) {
      const got = await batch(
        missing.map((t) => ({ method: 'getrawtransaction', params: [t, true] })),
        signal,
      );
      got.forEach((g, i) => {
        const p = DecodedTx.safeParse(g);
        if (p.success) out.set(missing[i]!, p.data);
      });
    }
    return out;
  }

  const addrOf = (s: z.infer<typeof ScriptPubKey>) => s.address ?? s.addresses?.[0];

  function inputsOf(tx: z.infer<typeof DecodedTx>, prev: Map<string, z.infer<typeof DecodedTx>>) {
    return tx.vin.map((i) => {
      if (i.coinbase)
        return { coinbase: true as const, ...(i.sequence !== undefined ? { sequence: i.sequence } : {}) };
      const p = i.txid ? prev.get(i.txid)?.vout.find((v) => v.n === i.vout) : undefined;
      const address = p ? addrOf(p.scriptPubKey) : undefined;
      return {
        txid: i.txid!,
        vout: i.vout ?? 0,
        ...(i.sequence !== undefined ? { sequence: i.sequence } : {}),
        ...(address ? { address } : {}),
        ...(p ? { value: SATS(p.value) } : {}),
      };
    });
  }

  const isRbf = (tx: z.infer<typeof DecodedTx>) =>
    tx.vin.some((i) => !i.coinbase && i.sequence !== undefined && i.sequence < 0xfffffffe);

  /**
   * Outputs of mempool transactions, by txid (only what the UTXO listing needs). Mempool transactions never change
   * under their txid, so each one is read once (getrawtransaction, which needs no txindex for mempool
   * transactions) and dropped when it leaves the mempool.
   */
  const mempool = new Map<string, { n: number; address?: string }[]>();
  const mempoolMutex = new Mutex();

  async function refreshMempool(signal: AbortSignal): Promise<boolean> {
    const ids = validate(z.array(z.string()), await rpc('getrawmempool', [false], signal), 'getrawmempool');
    if (ids.length > mempoolMax) return false;
    const live = new Set(ids);
    for (const id of mempool.keys()) if (!live.has(id)) mempool.delete(id);
    const missing = ids.filter((id) => !mempool.has(id));
    for (let i = 0; i < missing.length; i += 200) {
      const part = missing.slice(i, i + 200);
      const got = await batch(
        part.map((t) => ({ method: 'getrawtransaction', params: [t, true] })),
        signal,
      );
      got.forEach((g, j) => {
        const p = DecodedTx.safeParse(g);
        if (!p.success) return; // left the mempool meanwhile
        mempool.set(
          part[j]!,
          p.data.vout.map((v) => {
            const address = addrOf(v.scriptPubKey);
            return { n: v.n, ...(address ? { address } : {}) };
          }),
        );
      });
    }
    return true;
  }

  /** Pending outputs paying the subject's addresses (spent or not; gettxout decides). */
  async function pendingOutputs(r: Resolved, signal: AbortSignal) {
    const full = await mempoolMutex.run(() => refreshMempool(signal));
    const out: { txid: string; vout: number; address: string }[] = [];
    if (full) {
      for (const [txid, vouts] of mempool)
        for (const v of vouts)
          if (v.address && r.info.has(v.address)) out.push({ txid, vout: v.n, address: v.address });
      return out;
    }
    // Mempool larger than BITCOIN_RPC_MEMPOOL_MAX: ask the account's watch-only wallet instead (it only knows the
    // pending transactions that reached the node after the account was imported).
    const wallet = await ensureWallet(r, signal);
    const pending = validate(
      z.array(z.object({ txid: z.string(), vout: z.number(), address: z.string().optional() })),
      await rpc('listunspent', [0, 0, [], true], signal, wallet),
      'listunspent',
    );
    for (const u of pending)
      if (u.address && r.info.has(u.address)) out.push({ txid: u.txid, vout: u.vout, address: u.address });
    return out;
  }

  /**
   * Unspent outputs of a resolved subject, given its scantxoutset result. Candidates: the confirmed UTXO set plus,
   * unless confirmed-only, the mempool outputs paying the account. Then gettxout(…, include_mempool) decides for
   * each one: null = spent (also by a pending transaction), confirmations 0 = pending output.
   */
  async function utxosOf(
    r: Resolved,
    s: z.infer<typeof Scan>,
    confirmedOnly: boolean,
    signal: AbortSignal,
  ): Promise<Utxo[]> {
    const cands = new Map<string, { txid: string; vout: number; address?: string; height?: number }>();
    for (const u of s.unspents) {
      const address = scanAddress(r, u.desc);
      cands.set(`${u.txid}:${u.vout}`, {
        txid: u.txid,
        vout: u.vout,
        height: u.height,
        ...(address ? { address } : {}),
      });
    }
    if (!confirmedOnly)
      for (const p of await pendingOutputs(r, signal))
        if (!cands.has(`${p.txid}:${p.vout}`)) cands.set(`${p.txid}:${p.vout}`, p);
    if (!cands.size) return [];
    const list = [...cands.values()];
    const tip = validate(z.number(), await rpc('getblockcount', [], signal), 'getblockcount');
    const outs: unknown[] = [];
    for (let i = 0; i < list.length; i += 500) {
      const got = await batch(
        list.slice(i, i + 500).map((c) => ({ method: 'gettxout', params: [c.txid, c.vout, true] })),
        signal,
      );
      for (const g of got) {
        if (g instanceof ProviderError) throw g;
        outs.push(g);
      }
    }
    const result: Utxo[] = [];
    list.forEach((c, i) => {
      const t = validate(TxOut, outs[i] ?? null, 'gettxout');
      if (!t) return; // spent (in a block after the scan, or by a pending transaction)
      if (confirmedOnly && t.confirmations <= 0) return;
      const address = c.address ?? addrOf(t.scriptPubKey);
      const path = address ? r.info.get(address)?.path : undefined;
      const height =
        t.confirmations > 0
          ? c.height !== undefined
            ? c.height
            : Math.max(0, tip - t.confirmations + 1)
          : null;
      result.push({
        txid: c.txid,
        vout: c.vout,
        value: SATS(t.value),
        height,
        confirmations: height === null ? 0 : Math.max(1, tip - height + 1),
        ...(address ? { address } : {}),
        ...(path ? { path } : {}),
        ...(t.coinbase ? { coinbase: true } : {}),
      });
    });
    return result.sort(
      (a, b) =>
        (b.height ?? Infinity) - (a.height ?? Infinity) ||
        (a.txid < b.txid ? -1 : a.txid > b.txid ? 1 : a.vout - b.vout),
    );
  }

  const provider: UtxoProvider & { walletOf(subject: UtxoSubject): Promise<string> } = {
    name: o.name,
    kind: 'bitcoinCore',
    timeoutMs: o.timeoutMs,
    cursorKind: 'core',
    // After a failure the chain is checked again on the next call.
    onFailure: () => void (checkedUntil = 0),

    async walletOf(subject) {
      const ac = new AbortController();
      return (await resolve(subject, ac.signal)).wallet;
    },

    async getAccount(q: XpubQuery, chain: string, signal): Promise<AccountInfo> {
      await checkChain(signal);
      const r = await resolve(q.subject, signal);
      const [s, { wallet, ids }] = await Promise.all([scan(r, signal), walletTxids(r, signal)]);
      const confirmed = BigInt(SATS(s.total_amount));
      // Pending change = what is unspent counting the mempool (utxosOf) minus the confirmed set. The wallet's
      // getbalances would miss pending transactions that reached the node before the account was imported.
      const unspent = await utxosOf(r, s, false, signal);
      const total = unspent.reduce((sum, u) => sum + BigInt(u.value), 0n);
      let addresses: AddressEntry[] | undefined;
      if (q.subject.kind === 'xpub') {
        const received = validate(
          Received,
          await rpc('listreceivedbyaddress', [0, false, true], signal, wallet),
          'listreceivedbyaddress',
        );
        const transfers = new Map(received.map((x) => [x.address, x.txids.length]));
        const bal = new Map<string, bigint>();
        for (const u of s.unspents) {
          const a = scanAddress(r, u.desc);
          if (a) bal.set(a, (bal.get(a) ?? 0n) + BigInt(SATS(u.amount)));
        }
        addresses = [];
        for (const a of r.order) {
          const i = r.info.get(a)!;
          const t = transfers.get(a) ?? 0;
          const b = bal.get(a) ?? 0n;
          if (q.tokens !== 'derived' && t === 0 && b === 0n) continue;
          addresses.push({
            address: a,
            path: i.path!,
            change: i.change,
            index: i.index,
            balance: b.toString(),
            transfers: t,
          });
        }
      }
      return {
        chain,
        address: q.subject.kind === 'xpub' ? q.subject.xpub : q.subject.address,
        balance: confirmed.toString(),
        unconfirmedBalance: (total - confirmed).toString(),
        txCount: ids.length,
        ...(addresses ? { addresses } : {}),
        utxosCount: unspent.length,
        provider: o.name,
      };
    },

    async getUtxos(subject, confirmedOnly, signal): Promise<Utxo[]> {
      await checkChain(signal);
      const r = await resolve(subject, signal);
      return utxosOf(r, await scan(r, signal), confirmedOnly, signal);
    },

    async getHistory(subject, q: HistoryQuery, signal) {
      await checkChain(signal);
      const c = decodeCursor(q.cursor);
      if (c && c.k !== 'core')
        throw new ProviderError('unsupported', 'cursor belongs to another provider kind');
      const offset = c && typeof c.o === 'number' && c.o >= 0 ? Math.floor(c.o) : 0;
      const r = await resolve(subject, signal);
      const { wallet, ids } = await walletTxids(r, signal);
      const page = ids.slice(offset, offset + q.pageSize);
      const wtx = await batch(
        page.map((t) => ({ method: 'gettransaction', params: [t, true] })),
        signal,
        wallet,
      );
      const wtxs = wtx.map((x, i) => {
        if (x instanceof ProviderError) throw x;
        return { txid: page[i]!, ...validate(WalletTx, x, 'gettransaction') };
      });
      const decoded = await batch(
        wtxs.map((w) => ({ method: 'decoderawtransaction', params: [w.hex] })),
        signal,
      );
      const txs = decoded.map((d) => {
        if (d instanceof ProviderError) throw d;
        return validate(DecodedTx, d, 'decoderawtransaction');
      });
      const prev = await prevouts(
        txs.flatMap((t) => t.vin.filter((i) => i.txid && !i.coinbase).map((i) => i.txid!)),
        wallet,
        signal,
      );
      const own = (a: string | undefined) => !!a && r.info.has(a);
      const operations = txs.map((tx, i) => {
        const w = wtxs[i]!;
        return toUtxoOperation(
          {
            txid: tx.txid,
            blockHeight: w.confirmations > 0 ? (w.blockheight ?? null) : null,
            time: (w.blocktime ?? w.time) * 1000,
            ...(tx.vsize !== undefined ? { vsize: tx.vsize } : {}),
            rbf: isRbf(tx),
            inputs: inputsOf(tx, prev).map((x) => ({
              ...x,
              isOwn: own('address' in x ? x.address : undefined),
            })),
            outputs: tx.vout.map((v) => {
              const address = addrOf(v.scriptPubKey);
              return { n: v.n, ...(address ? { address } : {}), value: SATS(v.value), isOwn: own(address) };
            }),
          },
          (a) => r.info.get(a)?.path,
        );
      });
      const next = offset + q.pageSize;
      return { operations, cursor: next < ids.length ? encodeCursor({ k: 'core', o: next }) : null };
    },

    async getTx(txid, signal): Promise<TxDetails> {
      await checkChain(signal);
      const [raw, tip] = await batch(
        [
          { method: 'getrawtransaction', params: [txid, true] },
          { method: 'getblockcount', params: [] },
        ],
        signal,
      );
      if (raw instanceof ProviderError) throw raw;
      if (tip instanceof ProviderError) throw tip;
      const tx = validate(RawTxVerbose, raw, 'getrawtransaction');
      const conf = tx.confirmations ?? 0;
      const prev = await prevouts(
        tx.vin.filter((i) => i.txid && !i.coinbase).map((i) => i.txid!),
        undefined,
        signal,
      );
      const inputs = inputsOf(tx, prev);
      const outSum = tx.vout.reduce((s, v) => s + BigInt(SATS(v.value)), 0n);
      const known =
        inputs.every((i) => 'value' in i && i.value !== undefined) && !inputs.some((i) => 'coinbase' in i);
      const fee = known
        ? inputs.reduce((s, i) => s + BigInt(('value' in i && i.value) || '0'), 0n) - outSum
        : undefined;
      return {
        txid: tx.txid,
        blockHeight: conf > 0 ? (tip as number) - conf + 1 : null,
        ...(tx.blockhash ? { blockHash: tx.blockhash } : {}),
        confirmations: conf,
        time: tx.blocktime ? tx.blocktime * 1000 : tx.time ? tx.time * 1000 : null,
        ...(tx.vsize !== undefined ? { vsize: tx.vsize } : {}),
        ...(tx.size !== undefined ? { size: tx.size } : {}),
        ...(fee !== undefined ? { fee: fee.toString() } : {}),
        value: outSum.toString(),
        rbf: isRbf(tx),
        hex: tx.hex,
        inputs,
        outputs: tx.vout.map((v) => {
          const address = addrOf(v.scriptPubKey);
          return {
            n: v.n,
            ...(address ? { address } : {}),
            value: SATS(v.value),
            ...(v.scriptPubKey.hex ? { script: v.scriptPubKey.hex } : {}),
          };
        }),
      };
    },

    async getRawTx(txid, signal) {
      await checkChain(signal);
      return validate(z.string(), await rpc('getrawtransaction', [txid, false], signal), 'getrawtransaction');
    },

    async broadcast(hex, signal) {
      await checkChain(signal);
      return validate(z.string(), await rpc('sendrawtransaction', [hex], signal), 'sendrawtransaction');
    },

    async estimateFees(signal): Promise<FeeTiers<number>> {
      await checkChain(signal);
      const got = await batch(
        [2, 6, 12].map((b) => ({ method: 'estimatesmartfee', params: [b] })),
        signal,
      );
      const rates = got.map((g) => {
        if (g instanceof ProviderError) throw g;
        const f = validate(SmartFee, g, 'estimatesmartfee');
        if (f.feerate === undefined || f.feerate <= 0)
          throw new ProviderError('unsupported', `no fee estimate: ${f.errors?.join('; ') ?? 'unknown'}`);
        return Math.round(f.feerate * 1e8) / 1000; // coins/kvB → sat/vB
      });
      return { high: rates[0]!, medium: rates[1]!, low: rates[2]! };
    },

    async rpc(method, params, signal) {
      await checkChain(signal);
      return rpc(method, params, signal);
    },
  };
  return provider;
}
