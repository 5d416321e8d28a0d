/**
 * Blockbook API v2 over a local UTXO chain (shapes: shared/reference/apis/blockbook-v2.md): /api status, xpub and
 * descriptor accounts with gap-limit discovery, addresses, utxo, tx, tx-specific, sendtx (bitcoind's refusal as
 * HTTP 400 `{"error": "<code>: <reason>"}`), estimatefee; and mempool.space's fee API (BTC, TBTC). Empty fields are
 * left out as Blockbook leaves them out.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';
import { HDKey } from '@scure/bip32';
import type { Bip } from './coins.js';
import { RejectError, type TxRecord, type UtxoChain } from './chain.js';
import { addressToScript, scriptForKey, scriptToAddress } from './script.js';
import { groestl2 } from './vendor.js';

export interface Answer {
  status: number;
  body: unknown;
  /** Plain-text answers (mempool's block-height). */
  text?: boolean;
}

export interface FeeTable {
  fastestFee: number;
  halfHourFee: number;
  hourFee: number;
  economyFee: number;
  minimumFee: number;
}

const MAX_PAGE_SIZE = 1000;
const DEFAULT_GAP = 20;
const MAX_GAP = 10_000;
const bad = (error: string): Answer => ({ status: 400, body: { error } });

interface Subject {
  /** Addresses with their BIP-32 path (xpub / descriptor), or one plain address. */
  addresses: () => { address: string; path?: string; change?: number }[];
  xpub: boolean;
}

/** The account key of a descriptor or extended key, with the purpose it implies (Blockbook's rules). */
function parseDescriptor(s: string): { key: string; bip: Bip } | null {
  const body = s.replace(/#[a-z0-9]{8}$/, '');
  const m =
    /^(pkh|sh\(wpkh|wpkh|tr)\((?:\[[0-9a-fA-F]{8}(?:\/\d+['h]?)*\])?([1-9A-HJ-NP-Za-km-z]+)(?:\/<0;1>\/\*)?\)\)?$/.exec(
      body,
    );
  if (m) {
    const bip = ({ pkh: 44, 'sh(wpkh': 49, wpkh: 84, tr: 86 } as const)[
      m[1] as 'pkh' | 'sh(wpkh' | 'wpkh' | 'tr'
    ];
    if ((m[1] === 'sh(wpkh') !== body.endsWith('))')) return null;
    return { key: m[2]!, bip };
  }
  if (!/^[1-9A-HJ-NP-Za-km-z]{100,120}$/.test(s)) return null;
  const version = extendedPayload(s)?.version;
  if (version === undefined) return null;
  // ypub/upub/Mtub: BIP-49; zpub/vpub: BIP-84; anything else BIP-44 (Blockbook's fallback)
  const bip: Bip = [0x049d7cb2, 0x044a5262, 0x01b26ef6].includes(version)
    ? 49
    : [0x04b24746, 0x045f1cf6].includes(version)
      ? 84
      : 44;
  return { key: s, bip };
}

/** The 78-byte payload of an extended key (double SHA-256 or GRS's Groestl checksum), public keys only. */
function extendedPayload(s: string): { version: number; payload: Uint8Array } | null {
  let raw: Uint8Array;
  try {
    raw = base58.decode(s);
  } catch {
    return null;
  }
  if (raw.length !== 82) return null;
  const payload = raw.subarray(0, 78);
  const check = raw.subarray(78);
  const sums = [sha256(sha256(payload)), groestl2(payload)];
  if (!sums.some((h) => h.subarray(0, 4).every((b, i) => b === check[i]))) return null;
  if (payload[45] !== 2 && payload[45] !== 3) return null;
  return { version: new DataView(payload.buffer, payload.byteOffset).getUint32(0), payload };
}

export class Blockbook {
  /** The fees mempool.space (and estimatefee) answer; tests and the control route set them. */
  fees: FeeTable = { fastestFee: 20, halfHourFee: 10, hourFee: 5, economyFee: 2, minimumFee: 1 };
  private readonly derived = new Map<string, string[]>();

  constructor(readonly chain: UtxoChain) {}

  private get coin() {
    return this.chain.coin;
  }

  /** Routes below the coin's base URL (`/api/…`, `/mempool/api/…`). */
  handle(method: string, path: string, query: URLSearchParams, body: string): Answer {
    if (path === '/api' || path === '/api/') return this.status();
    const mempool = /^\/mempool\/api(\/.*)$/.exec(path);
    if (mempool) return this.mempoolApi(mempool[1]!);
    const m = /^\/api(?:\/v2)?\/([a-z-]+)\/?(.*)$/.exec(path);
    if (!m) return { status: 404, body: { error: 'Not found' } };
    const [, route, rawArg] = m as unknown as [string, string, string];
    const arg = decodeURIComponent(rawArg);
    switch (route) {
      case 'xpub':
        return this.account(arg, query, true);
      case 'address':
        return this.account(arg, query, false);
      case 'utxo':
        return this.utxo(arg, query);
      case 'tx':
        return this.tx(arg);
      case 'tx-specific':
        return this.txSpecific(arg);
      case 'sendtx':
        return this.sendtx(method === 'POST' ? body : arg);
      case 'estimatefee':
        return this.estimateFee(arg);
      case 'block-index': {
        const b = this.chain.blocks[Number(arg)];
        return b && /^\d+$/.test(arg) ? { status: 200, body: { blockHash: b.hash } } : bad('Block not found');
      }
      default:
        return { status: 404, body: { error: 'Not found' } };
    }
  }

  private status(): Answer {
    const h = this.chain.height;
    return {
      status: 200,
      body: {
        blockbook: {
          coin: this.coin.blockbookCoin,
          host: 'localnet',
          version: '0.5.0',
          bestHeight: h,
          inSync: true,
          inSyncMempool: true,
          mempoolSize: this.chain.mempool.size,
          decimals: 8,
        },
        backend: { chain: this.coin.chain, blocks: h, headers: h, bestBlockHash: this.chain.tip.hash },
      },
    };
  }

  private mempoolApi(path: string): Answer {
    if (!this.coin.mempoolFees) return { status: 404, body: 'Not Found', text: true };
    if (path === '/v1/fees/recommended') return { status: 200, body: this.fees };
    const bh = /^\/block-height\/(\d+)$/.exec(path);
    if (bh) {
      const b = this.chain.blocks[Number(bh[1])];
      return b
        ? { status: 200, body: b.hash, text: true }
        : { status: 404, body: 'Block not found', text: true };
    }
    return { status: 404, body: 'Not Found', text: true };
  }

  // ---- subjects ----

  private subject(arg: string, xpub: boolean, gap: number): Subject | null {
    if (!xpub) {
      // Any form of the coin's address (BCH: cash or legacy) names the address Blockbook writes.
      const script = addressToScript(this.coin, arg);
      const address = script && scriptToAddress(this.coin, script);
      return address ? { xpub: false, addresses: () => [{ address }] } : null;
    }
    const d = parseDescriptor(arg);
    const ext = d ? extendedPayload(d.key) : null;
    if (!d || !ext) return null;
    const p = ext.payload;
    const node = new HDKey({
      depth: p[4]!,
      parentFingerprint: new DataView(p.buffer, p.byteOffset).getUint32(5),
      index: new DataView(p.buffer, p.byteOffset).getUint32(9),
      chainCode: p.slice(13, 45),
      publicKey: p.slice(45, 78),
    });
    if (d.bip === 86 && !this.coin.taproot) return null;
    const account = node.index >= 0x80000000 ? node.index - 0x80000000 : node.index;
    const base = `m/${d.bip}'/${this.coin.coinType}'/${account}'`;
    const addressAt = (change: number, i: number): string => {
      const k = `${d.bip}:${d.key}:${change}`;
      let list = this.derived.get(k);
      if (!list) this.derived.set(k, (list = []));
      while (list.length <= i) {
        const child = node.deriveChild(change).deriveChild(list.length);
        list.push(scriptToAddress(this.coin, scriptForKey(d.bip, child.publicKey!))!);
      }
      return list[i]!;
    };
    return {
      xpub: true,
      addresses: () => {
        const out: { address: string; path: string; change: number }[] = [];
        for (const change of [0, 1]) {
          let unused = 0;
          for (let i = 0; unused < gap; i++) {
            const address = addressAt(change, i);
            out.push({ address, path: `${base}/${change}/${i}`, change });
            unused = this.chain.byAddress.get(address)?.size ? 0 : unused + 1;
          }
        }
        return out;
      },
    };
  }

  private account(arg: string, q: URLSearchParams, xpub: boolean): Answer {
    const gap = Math.min(MAX_GAP, Math.max(1, Number(q.get('gap') ?? DEFAULT_GAP) || DEFAULT_GAP));
    const s = this.subject(arg, xpub, gap);
    if (!s) return bad(xpub ? `Invalid xpub or descriptor: ${arg}` : `Invalid address, ${arg}`);
    const details = q.get('details') ?? 'txids';
    const list = s.addresses();
    const own = new Set(list.map((a) => a.address));
    const stats = list.map((a) => ({ ...a, ...this.addressStats(a.address) }));
    const sum = (f: (x: (typeof stats)[number]) => bigint) => stats.reduce((t, x) => t + f(x), 0n);
    const ids = new Set<string>();
    for (const a of list) for (const id of this.chain.byAddress.get(a.address) ?? []) ids.add(id);
    const records = [...ids].map((id) => this.chain.txs.get(id)!);
    // Newest first: the mempool (latest seen first), then by height.
    records.sort((a, b) => (b.height ?? Infinity) - (a.height ?? Infinity) || b.time - a.time);
    const confirmed = records.filter((r) => r.height !== null);
    const unconfirmed = records.length - confirmed.length;
    const pageSize = Math.min(
      MAX_PAGE_SIZE,
      Math.max(1, Number(q.get('pageSize') ?? MAX_PAGE_SIZE) || MAX_PAGE_SIZE),
    );
    const totalPages = Math.max(1, Math.ceil(records.length / pageSize));
    const page = Math.min(totalPages, Math.max(1, Number(q.get('page') ?? 1) || 1));
    const onPage = records.slice((page - 1) * pageSize, page * pageSize);

    const body: Record<string, unknown> = {
      ...(details !== 'basic' ? { page, totalPages, itemsOnPage: pageSize } : {}),
      address: arg,
      balance: sum((x) => x.balance).toString(),
      totalReceived: sum((x) => x.received).toString(),
      totalSent: sum((x) => x.sent).toString(),
      ...(details !== 'basic' ? { unconfirmedBalance: sum((x) => x.unconfirmed).toString() } : {}),
      unconfirmedTxs: unconfirmed,
      txs: confirmed.length,
    };
    if (details === 'txids' && onPage.length) body.txids = onPage.map((r) => r.txid);
    if (details === 'txs' && onPage.length) body.transactions = onPage.map((r) => this.txJson(r, own));
    if (s.xpub) {
      const used = stats.filter((x) => x.transfers > 0);
      body.usedTokens = used.length;
      const which = q.get('tokens') ?? 'nonzero';
      const withTokens = ['tokens', 'tokenBalances', 'txids', 'txs'].includes(details);
      const chosen =
        which === 'derived'
          ? stats
          : which === 'used'
            ? used
            : stats.filter((x) => x.balance + x.unconfirmed > 0n);
      if (withTokens && chosen.length)
        body.tokens = chosen.map((x) => ({
          type: 'XPUBAddress',
          standard: 'XPUBAddress',
          name: x.address,
          path: x.path,
          transfers: x.transfers,
          decimals: 8,
          ...(details !== 'tokens'
            ? {
                balance: x.balance.toString(),
                totalReceived: x.received.toString(),
                totalSent: x.sent.toString(),
              }
            : {}),
        }));
    }
    return { status: 200, body: dropEmpty(body) };
  }

  /** Confirmed balance, received and sent, the mempool's change to the balance, and the address's transfer count. */
  private addressStats(address: string) {
    let balance = 0n;
    let received = 0n;
    let sent = 0n;
    let unconfirmed = 0n;
    const ids = this.chain.byAddress.get(address) ?? new Set<string>();
    for (const id of ids) {
      const r = this.chain.txs.get(id)!;
      const inMempool = r.height === null;
      r.tx.outs.forEach((o, v) => {
        const c = this.chain.coins.get(`${id}:${v}`);
        if (c?.address !== address) return;
        if (inMempool) unconfirmed += BigInt(o.value);
        else {
          received += BigInt(o.value);
          balance += BigInt(o.value);
        }
      });
      for (const p of r.prevouts) {
        if (p.address !== address) continue;
        if (inMempool) unconfirmed -= p.value;
        else {
          sent += p.value;
          balance -= p.value;
        }
      }
    }
    return { balance, received, sent, unconfirmed, transfers: ids.size };
  }

  private utxo(arg: string, q: URLSearchParams): Answer {
    const isXpub = !addressToScript(this.coin, arg);
    const s = this.subject(arg, isXpub, DEFAULT_GAP);
    if (!s) return bad(`Invalid address or xpub, ${arg}`);
    const onlyConfirmed = q.get('confirmed') === 'true';
    const paths = new Map(s.addresses().map((a) => [a.address, a.path]));
    const out: Record<string, unknown>[] = [];
    for (const c of this.chain.coins.values()) {
      if (!c.address || !paths.has(c.address)) continue;
      const spentInBlock = c.spentBy && this.chain.txs.get(c.spentBy)?.height !== null;
      // Blockbook: outputs spent in the mempool are left out unless only confirmed outputs are asked for.
      if (spentInBlock || (c.spentBy && !onlyConfirmed)) continue;
      if (onlyConfirmed && c.height === null) continue;
      const confirmations = this.chain.confirmations(c.height);
      out.push(
        dropEmpty({
          txid: c.txid,
          vout: c.vout,
          value: c.value.toString(),
          height: c.height ?? undefined,
          confirmations,
          ...(s.xpub ? { address: c.address, path: paths.get(c.address) } : {}),
          coinbase: c.coinbase && confirmations < 100 ? true : undefined,
        }),
      );
    }
    out.sort((a, b) => ((b.height as number) ?? Infinity) - ((a.height as number) ?? Infinity));
    return { status: 200, body: out };
  }

  private tx(txid: string): Answer {
    const r = /^[0-9a-f]{64}$/.test(txid) ? this.chain.txs.get(txid) : undefined;
    if (!r) return bad(`Transaction '${txid}' not found`);
    return { status: 200, body: this.txJson(r) };
  }

  private txSpecific(txid: string): Answer {
    const r = this.chain.txs.get(txid);
    if (!r) return bad(`Transaction '${txid}' not found`);
    return {
      status: 200,
      body: {
        txid: r.txid,
        hex: r.hex,
        version: r.tx.version,
        locktime: r.tx.locktime,
        size: r.size,
        vsize: r.vsize,
      },
    };
  }

  private sendtx(hex: string): Answer {
    try {
      return { status: 200, body: { result: this.chain.submit(hex) } };
    } catch (e) {
      if (e instanceof RejectError) return bad(`${e.code}: ${e.message}`);
      throw e;
    }
  }

  private estimateFee(arg: string): Answer {
    if (!arg) return bad("Missing parameter 'number of blocks'");
    if (!/^\d+$/.test(arg)) return bad("Parameter 'number of blocks' is not a number");
    const blocks = Number(arg);
    const perVb =
      blocks <= 2 ? this.fees.fastestFee : blocks <= 6 ? this.fees.halfHourFee : this.fees.hourFee;
    return { status: 200, body: { result: (perVb / 100_000).toFixed(8) } };
  }

  private txJson(r: TxRecord, own?: Set<string>): Record<string, unknown> {
    const chain = this.chain;
    const valueOut = r.tx.outs.reduce((s, o) => s + BigInt(o.value), 0n);
    const valueIn = r.prevouts.reduce((s, p) => s + p.value, 0n);
    const block = r.height === null ? undefined : chain.blocks[r.height];
    return dropEmpty({
      txid: r.txid,
      version: r.tx.version,
      lockTime: r.tx.locktime || undefined,
      vin: r.tx.ins.map((input, n) => {
        const p = r.prevouts[n];
        if (r.coinbase)
          return {
            n,
            sequence: input.sequence,
            coinbase: Buffer.from(input.script).toString('hex'),
            isAddress: false,
          };
        return dropEmpty({
          txid: p!.txid,
          vout: p!.vout || undefined,
          sequence: input.sequence,
          n,
          addresses: p!.address ? [p!.address] : undefined,
          isAddress: !!p!.address,
          isOwn: own && p!.address && own.has(p!.address) ? true : undefined,
          value: p!.value.toString(),
        });
      }),
      vout: r.tx.outs.map((o, n) => {
        const c = chain.coins.get(`${r.txid}:${n}`);
        const address = c?.address ?? null;
        return dropEmpty({
          value: BigInt(o.value).toString(),
          n,
          spent: c?.spentBy ? true : undefined,
          hex: Buffer.from(o.script).toString('hex'),
          addresses: address ? [address] : undefined,
          isAddress: !!address,
          isOwn: own && address && own.has(address) ? true : undefined,
        });
      }),
      blockHash: block?.hash,
      blockHeight: r.height ?? -1,
      confirmations: chain.confirmations(r.height),
      blockTime: r.time,
      size: r.size,
      vsize: r.vsize,
      value: valueOut.toString(),
      valueIn: r.coinbase ? undefined : valueIn.toString(),
      fees: r.coinbase ? undefined : r.fee.toString(),
      hex: r.hex,
      rbf: r.tx.ins.some((i) => i.sequence < 0xfffffffe) && !r.coinbase ? true : undefined,
    });
  }
}

/** Blockbook leaves out null, '', 0-valued counters it marks omitempty, and empty arrays. */
function dropEmpty<T extends Record<string, unknown>>(o: T): T {
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) delete o[k];
  }
  return o;
}
