/**
 * Blockbook API v2 (bitcoin family): /api/v2/xpub, /address, /utxo, /tx, /sendtx/, /estimatefee and the /api status
 * (used to check that the server serves the configured coin and network). Shapes: shared/reference/apis/blockbook-v2.md.
 * Blockbook leaves empty fields out, so every field is optional unless it is always present; errors are HTTP 400
 * `{"error": "…"}` (not 404), rate limiting is 429 with Retry-After.
 */
import { z } from 'zod';
import type { HistoryQuery, UtxoProvider, UtxoSubject, XpubQuery } from '../backend.js';
import {
  ProviderError,
  decodeCursor,
  encodeCursor,
  httpRequest,
  parseJson,
  validate,
  type FetchFn,
} from '../../../failover.js';
import type { AccountInfo, AddressEntry, FeeTiers, TxDetails, Utxo } from '../../../types.js';
import { toUtxoOperation } from '../ops.js';
import { bipOfKey, descriptorFor, type UtxoNetwork } from '../xpub.js';

// ---- raw API shapes (kept inside this file) ----
const sats = z.string().regex(/^-?\d+$/);
const BbError = z.object({ error: z.union([z.string(), z.object({ message: z.string() })]) });
const BbStatus = z.object({
  blockbook: z.object({
    coin: z.string(),
    inSync: z.boolean().optional(),
    bestHeight: z.number().optional(),
  }),
  backend: z.object({ chain: z.string().optional(), blocks: z.number().optional() }),
});
const BbToken = z.object({
  type: z.string().optional(),
  name: z.string(),
  path: z.string().optional(),
  transfers: z.number().optional(),
  decimals: z.number().optional(),
  balance: sats.optional(),
});
const BbVin = z.object({
  txid: z.string().optional(),
  vout: z.number().optional(),
  sequence: z.number().optional(),
  n: z.number(),
  addresses: z.array(z.string()).optional(),
  isAddress: z.boolean().optional(),
  isOwn: z.boolean().optional(),
  value: sats.optional(),
  coinbase: z.string().optional(),
});
const BbVout = z.object({
  value: sats.optional(),
  n: z.number(),
  spent: z.boolean().optional(),
  hex: z.string().optional(),
  addresses: z.array(z.string()).optional(),
  isAddress: z.boolean().optional(),
  isOwn: z.boolean().optional(),
});
const BbTx = z.object({
  txid: z.string(),
  vin: z.array(BbVin),
  vout: z.array(BbVout),
  blockHash: z.string().optional(),
  blockHeight: z.number(),
  confirmations: z.number().optional(),
  blockTime: z.number().optional(),
  size: z.number().optional(),
  vsize: z.number().optional(),
  value: sats.optional(),
  valueIn: sats.optional(),
  fees: sats.optional(),
  hex: z.string().optional(),
  rbf: z.boolean().optional(),
});
type BbTx = z.infer<typeof BbTx>;
const BbAddress = z.object({
  page: z.number().optional(),
  totalPages: z.number().optional(),
  itemsOnPage: z.number().optional(),
  address: z.string(),
  balance: sats,
  totalReceived: sats.optional(),
  totalSent: sats.optional(),
  unconfirmedBalance: sats.optional(),
  unconfirmedTxs: z.number().optional(),
  txs: z.number().optional(),
  txids: z.array(z.string()).optional(),
  transactions: z.array(BbTx).optional(),
  usedTokens: z.number().optional(),
  tokens: z.array(BbToken).optional(),
});
const BbUtxos = z.array(
  z.object({
    txid: z.string(),
    vout: z.number(),
    value: sats,
    height: z.number().optional(),
    confirmations: z.number(),
    address: z.string().optional(),
    path: z.string().optional(),
    coinbase: z.boolean().optional(),
  }),
);
const BbResult = z.object({ result: z.string() });

export interface BlockbookOptions {
  name: string;
  url: string;
  fetch: FetchFn;
  timeoutMs: number;
  /** Expected backend chain ('main', 'test', 'regtest'); checked once against /api. */
  network: UtxoNetwork;
  /** Expected coin name substring (e.g. 'Litecoin'), case-insensitive; optional. */
  coinName?: string;
  /** Seconds the chain check stays valid. */
  checkTtlMs?: number;
}

const errorText = (data: unknown): string => {
  const r = BbError.safeParse(data);
  if (!r.success) return '';
  return typeof r.data.error === 'string' ? r.data.error : r.data.error.message;
};

export function createBlockbook(o: BlockbookOptions): UtxoProvider {
  const base = o.url.replace(/\/+$/, '');
  let checkedUntil = 0;
  let checking: Promise<void> | undefined;

  /** GET/POST with Blockbook's 400 error envelope classified: "not found" → notFound, others → badRequest. */
  async function call(
    path: string,
    signal: AbortSignal,
    init: { method?: 'GET' | 'POST'; body?: string } = {},
  ): Promise<unknown> {
    const a = await httpRequest(o.fetch, `${base}${path}`, {
      signal,
      method: init.method,
      body: init.body,
      headers: init.body ? { 'content-type': 'text/plain' } : undefined,
      pass: [400],
    });
    const data = parseJson(a.text);
    if (a.status === 400) {
      const msg = errorText(data);
      if (!msg)
        throw new ProviderError('malformed', 'unexpected 400 answer without an error message', {
          status: 400,
        });
      if (/not found/i.test(msg)) throw new ProviderError('notFound', msg, { status: 400 });
      throw new ProviderError('badRequest', msg, { status: 400 });
    }
    return data;
  }

  async function checkChain(signal: AbortSignal): Promise<void> {
    if (Date.now() < checkedUntil) return;
    checking ??= (async () => {
      try {
        const s = validate(BbStatus, await call('/api/', signal), 'Blockbook status');
        const chain = s.backend.chain;
        const want =
          o.network === 'main'
            ? ['main']
            : o.network === 'test'
              ? ['test', 'testnet', 'testnet3', 'testnet4', 'signet']
              : ['regtest'];
        if (chain && !want.includes(chain))
          throw new ProviderError('wrongChain', `Blockbook serves chain '${chain}', expected ${o.network}`);
        if (o.coinName && !s.blockbook.coin.toLowerCase().includes(o.coinName.toLowerCase()))
          throw new ProviderError(
            'wrongChain',
            `Blockbook serves coin '${s.blockbook.coin}', expected ${o.coinName}`,
          );
        checkedUntil = Date.now() + (o.checkTtlMs ?? 10 * 60_000);
      } finally {
        checking = undefined;
      }
    })();
    await checking;
  }

  /** The descriptor Blockbook gets: the key as-is when its prefix matches the purpose, else an output descriptor. */
  const descriptorOf = (s: UtxoSubject): string => {
    if (s.kind === 'address') return s.address;
    return bipOfKey(s.xpub) === s.bip && s.bip !== 86 ? s.xpub : descriptorFor(s.bip, s.xpub);
  };
  const pathOf = (s: UtxoSubject): string => (s.kind === 'xpub' ? 'xpub' : 'address');

  const addressEntry = (t: z.infer<typeof BbToken>): AddressEntry | null => {
    const m = t.path ? /\/(\d+)\/(\d+)$/.exec(t.path) : null;
    if (!t.path || !m) return null;
    return {
      address: t.name,
      path: t.path,
      change: m[1] === '1' ? 1 : 0,
      index: Number(m[2]),
      balance: t.balance ?? '0',
      transfers: t.transfers ?? 0,
    };
  };

  const toTxDetails = (t: BbTx): TxDetails => ({
    txid: t.txid,
    blockHeight: t.blockHeight >= 0 ? t.blockHeight : null,
    ...(t.blockHash ? { blockHash: t.blockHash } : {}),
    confirmations: t.confirmations ?? 0,
    time: t.blockTime ? t.blockTime * 1000 : null,
    ...(t.vsize !== undefined ? { vsize: t.vsize } : {}),
    ...(t.size !== undefined ? { size: t.size } : {}),
    ...(t.fees !== undefined ? { fee: t.fees } : {}),
    value: t.value ?? '0',
    rbf: t.rbf ?? false,
    ...(t.hex ? { hex: t.hex } : {}),
    inputs: t.vin.map((i) => ({
      ...(i.txid ? { txid: i.txid } : {}),
      ...(i.vout !== undefined || i.txid ? { vout: i.vout ?? 0 } : {}),
      ...(i.sequence !== undefined ? { sequence: i.sequence } : {}),
      ...(i.addresses?.[0] && i.isAddress !== false ? { address: i.addresses[0] } : {}),
      ...(i.value !== undefined ? { value: i.value } : {}),
      ...(i.coinbase ? { coinbase: true } : {}),
    })),
    outputs: t.vout.map((v) => ({
      n: v.n,
      ...(v.addresses?.[0] && v.isAddress !== false ? { address: v.addresses[0] } : {}),
      value: v.value ?? '0',
      ...(v.hex ? { script: v.hex } : {}),
      ...(v.spent !== undefined ? { spent: v.spent } : {}),
    })),
  });

  return {
    name: o.name,
    kind: 'blockbook',
    timeoutMs: o.timeoutMs,
    cursorKind: 'blockbook',
    // After a failure the chain is checked again on the next call (not trusted for the rest of the 10 minutes).
    onFailure: () => void (checkedUntil = 0),

    async getAccount(q: XpubQuery, chain: string, signal): Promise<AccountInfo> {
      await checkChain(signal);
      const s = q.subject;
      const params = new URLSearchParams({ details: s.kind === 'xpub' ? 'tokenBalances' : 'basic' });
      if (s.kind === 'xpub') {
        params.set('tokens', q.tokens ?? 'used');
        if (q.gap) params.set('gap', String(q.gap));
      }
      const d = validate(
        BbAddress,
        await call(`/api/v2/${pathOf(s)}/${encodeURIComponent(descriptorOf(s))}?${params}`, signal),
        'Blockbook account',
      );
      const addresses =
        s.kind === 'xpub'
          ? (d.tokens ?? []).map(addressEntry).filter((x): x is AddressEntry => !!x)
          : undefined;
      return {
        chain,
        address: s.kind === 'xpub' ? s.xpub : s.address,
        balance: d.balance,
        unconfirmedBalance: d.unconfirmedBalance ?? '0',
        txCount: d.txs ?? 0,
        ...(addresses ? { addresses } : {}),
        provider: o.name,
      };
    },

    async getUtxos(subject, confirmedOnly, signal): Promise<Utxo[]> {
      await checkChain(signal);
      // Always with the mempool: Blockbook's `confirmed=true` ignores it, and then still lists outputs that pending
      // transactions spend. Confirmed-only is filtered here instead.
      const list = validate(
        BbUtxos,
        await call(`/api/v2/utxo/${encodeURIComponent(descriptorOf(subject))}`, signal),
        'Blockbook utxo',
      );
      const mapped = list.map((u): Utxo => ({
        txid: u.txid,
        vout: u.vout,
        value: u.value,
        height: u.height && u.confirmations > 0 ? u.height : null,
        confirmations: u.height && u.confirmations > 0 ? u.confirmations : 0,
        ...(u.address
          ? { address: u.address }
          : subject.kind === 'address'
            ? { address: subject.address }
            : {}),
        ...(u.path ? { path: u.path } : {}),
        ...(u.coinbase ? { coinbase: true } : {}),
      }));
      return confirmedOnly ? mapped.filter((u) => u.height !== null) : mapped;
    },

    async getHistory(subject, q: HistoryQuery, signal) {
      await checkChain(signal);
      const c = decodeCursor(q.cursor);
      if (c && c.k !== 'blockbook')
        throw new ProviderError('unsupported', 'cursor belongs to another provider kind');
      const page = c && typeof c.p === 'number' && c.p >= 1 ? Math.floor(c.p) : 1;
      const params = new URLSearchParams({
        details: 'txs',
        page: String(page),
        pageSize: String(q.pageSize),
      });
      if (subject.kind === 'xpub') params.set('tokens', 'used');
      const d = validate(
        BbAddress,
        await call(
          `/api/v2/${pathOf(subject)}/${encodeURIComponent(descriptorOf(subject))}?${params}`,
          signal,
        ),
        'Blockbook history',
      );
      const paths = new Map<string, string>();
      for (const t of d.tokens ?? []) if (t.path) paths.set(t.name, t.path);
      const own = (addrs: string[] | undefined, flag: boolean | undefined) =>
        flag ??
        (subject.kind === 'address'
          ? (addrs ?? []).includes(subject.address)
          : (addrs ?? []).some((a) => paths.has(a)));
      const ops = (d.transactions ?? []).map((t) =>
        toUtxoOperation(
          {
            txid: t.txid,
            blockHeight: t.blockHeight >= 0 ? t.blockHeight : null,
            time: t.blockTime ? t.blockTime * 1000 : null,
            ...(t.vsize !== undefined ? { vsize: t.vsize } : {}),
            ...(t.fees !== undefined ? { fee: t.fees } : {}),
            rbf: t.rbf ?? false,
            inputs: t.vin.map((i) => ({
              ...(i.txid ? { txid: i.txid, vout: i.vout ?? 0 } : {}),
              ...(i.addresses?.[0] ? { address: i.addresses[0] } : {}),
              ...(i.value !== undefined ? { value: i.value } : {}),
              isOwn: own(i.addresses, i.isOwn),
              ...(i.coinbase ? { coinbase: true } : {}),
            })),
            outputs: t.vout.map((v) => ({
              n: v.n,
              ...(v.addresses?.[0] ? { address: v.addresses[0] } : {}),
              value: v.value ?? '0',
              isOwn: own(v.addresses, v.isOwn),
            })),
          },
          (a) => paths.get(a),
        ),
      );
      const totalPages = d.totalPages ?? 1;
      const served = d.page ?? page;
      // A page that should hold transactions by the answer's own count but holds none is a broken upstream.
      const expected = Math.min(q.pageSize, Math.max(0, (d.txs ?? 0) - (page - 1) * q.pageSize));
      if (served === page && expected > 0 && !(d.transactions ?? []).length)
        throw new ProviderError('malformed', `history claims ${d.txs} transactions but lists none`);
      return {
        operations: served === page ? ops : [],
        cursor: served < totalPages && served === page ? encodeCursor({ k: 'blockbook', p: page + 1 }) : null,
      };
    },

    async getTx(txid, signal) {
      await checkChain(signal);
      return toTxDetails(
        validate(BbTx, await call(`/api/v2/tx/${encodeURIComponent(txid)}`, signal), 'Blockbook tx'),
      );
    },

    async getRawTx(txid, signal) {
      await checkChain(signal);
      const t = validate(BbTx, await call(`/api/v2/tx/${encodeURIComponent(txid)}`, signal), 'Blockbook tx');
      if (t.hex) return t.hex;
      const spec = validate(
        z.object({ hex: z.string() }),
        await call(`/api/v2/tx-specific/${encodeURIComponent(txid)}`, signal),
        'Blockbook tx-specific',
      );
      return spec.hex;
    },

    async broadcast(hex, signal) {
      await checkChain(signal);
      let data: unknown;
      try {
        data = await call('/api/v2/sendtx/', signal, { method: 'POST', body: hex });
      } catch (e) {
        // A 400 here is the node rejecting the transaction: final, shown to the user as-is.
        if (e instanceof ProviderError && (e.kind === 'badRequest' || e.kind === 'notFound'))
          throw new ProviderError('rejected', e.message, { status: 400 });
        throw e;
      }
      return validate(BbResult, data, 'Blockbook sendtx').result;
    },

    async estimateFees(signal): Promise<FeeTiers<number>> {
      await checkChain(signal);
      const one = async (blocks: number) => {
        const r = validate(
          BbResult,
          await call(`/api/v2/estimatefee/${blocks}`, signal),
          'Blockbook estimatefee',
        );
        const perKb = Number(r.result);
        if (!Number.isFinite(perKb) || perKb <= 0)
          throw new ProviderError('unsupported', 'no fee estimate available');
        // coins per kB → sat/vB (rounded to 3 decimals)
        return Math.round(perKb * 1e8) / 1000;
      };
      const [high, medium, low] = await Promise.all([one(2), one(6), one(12)]);
      return { high: high!, medium: medium!, low: low! };
    },
  };
}
