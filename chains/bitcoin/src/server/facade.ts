/**
 * The bitcoin family's facade: it parses the family's ids (addresses and account-level extended keys with their
 * purpose), picks the providers that implement a call and runs it with failover. Nothing here invents data: when
 * every provider fails the call fails (see failover.ts); only the fee lookup has a spec'd fallback (preset /
 * 200-120-60 tiers), flagged `source: 'fallback'`.
 */
import { z } from 'zod';
import { HttpError, parseInput } from '@secux-companion/server-kit/errors';
import type { BroadcastResult, ChainFacade, ChainSource } from '@secux-companion/server-kit/facade';
import {
  ChainApiError,
  breakerOf,
  cursorProviders,
  failover,
  failoverOptions,
  type CallClass,
  having,
  type Has,
  type FailoverLog,
  type FailoverOptions,
  type FailoverPolicy,
  type Provider,
  ProviderError,
} from '@secux-companion/server-kit/failover';
import { createHash } from 'node:crypto';
import { txStatusFailover, type TxRead } from '@secux-companion/server-kit/txStatus';
import {
  DEFAULT_HISTORY_PAGE,
  cursor,
  hexTx,
  pageSize,
  parseHexHash,
} from '@secux-companion/server-kit/params';
import type {
  AccountInfo,
  FeeInfo,
  FeeTiers,
  HistoryPage,
  TxDetails,
  TxStatus,
  Utxo,
} from '@secux-companion/server-kit/types';
import { walkAncestors } from './ancestors.js';
import type {
  BalanceBucket,
  BalanceHistoryQuery,
  FeeProvider,
  UtxoProvider,
  UtxoSubject,
  XpubQuery,
} from './backend.js';
import { MAX_FEE_RATE, utxoBounds } from './bounds.js';
import type { PackageTx } from './providers/mempoolTx.js';
import { bipOfKey, isExtendedKey, type UtxoBip, type UtxoNetwork } from './xpub.js';

export interface UtxoChainConfig {
  chain: string;
  network: UtxoNetwork;
  coinType: number;
  /** 'network': ask the fee providers (BTC); 'preset': the spec's fixed tiers (LTC, BCH, …). */
  feeSource: 'network' | 'preset';
  /** Preset tiers, or the fallback tiers when every network source failed. */
  feeTiers: FeeTiers<number>;
  providers: UtxoProvider[];
  feeProviders: FeeProvider[];
  /** The coin's maximum supply in satoshi: no provider amount may exceed it (bounds.ts). */
  maxSats: bigint;
  /** Timeouts, budgets, breaker (FamilyContext.policy); fee lookups use `feesBudgetMs`. */
  policy?: FailoverPolicy & { feesBudgetMs?: number };
}

/**
 * A node's refusal that says it already has this very transaction (Bitcoin Core, Litecoin Core, through Blockbook's
 * sendtx too): in the mempool, or mined.
 */
const ALREADY_HAVE =
  /txn-already-in-mempool|txn-already-known|transaction already in block chain|outputs already in utxo set/i;

const dsha256 = (b: Buffer) => createHash('sha256').update(createHash('sha256').update(b).digest()).digest();

/**
 * The txid of a raw transaction: double SHA-256 of its serialization without the segwit marker, flag and witnesses,
 * byte-reversed. Undefined when the hex does not read as a transaction.
 */
export function txidOf(hex: string): string | undefined {
  const b = Buffer.from(hex, 'hex');
  let i = 4;
  const varint = (): number => {
    const first = b[i];
    if (first === undefined) throw new Error('short');
    i += 1;
    if (first < 0xfd) return first;
    const size = first === 0xfd ? 2 : first === 0xfe ? 4 : 8;
    if (i + size > b.length) throw new Error('short');
    const v = size === 8 ? Number(b.readBigUInt64LE(i)) : size === 4 ? b.readUInt32LE(i) : b.readUInt16LE(i);
    i += size;
    return v;
  };
  try {
    const segwit = b[4] === 0 && b[5] === 1;
    if (!segwit) return b.length >= 10 ? Buffer.from(dsha256(b)).reverse().toString('hex') : undefined;
    i = 6;
    const start = i;
    const ins = varint();
    // (`i += varint()` would add to the i read before varint moved it: read the length first.)
    for (let n = 0; n < ins; n++) {
      i += 36;
      const script = varint();
      i += script + 4;
    }
    const outs = varint();
    for (let n = 0; n < outs; n++) {
      i += 8;
      const script = varint();
      i += script;
    }
    const end = i;
    if (end + 4 > b.length) return undefined;
    const stripped = Buffer.concat([b.subarray(0, 4), b.subarray(start, end), b.subarray(b.length - 4)]);
    return Buffer.from(dsha256(stripped)).reverse().toString('hex');
  } catch {
    return undefined;
  }
}

/** Node methods `POST /chains/:chain/rpc` forwards (read-only queries, fee estimate, broadcast, tx checks). */
const RPC_METHODS: ReadonlySet<string> = new Set([
  'getmempoolinfo',
  'getblockcount',
  'getbestblockhash',
  'getblockchaininfo',
  'getnetworkinfo',
  'estimatesmartfee',
  'sendrawtransaction',
  'getrawtransaction',
  'getblockhash',
  'getblockheader',
  'getmempoolentry',
  'testmempoolaccept',
  'decoderawtransaction',
]);

const utxoAddress = z
  .string()
  .trim()
  .regex(/^(?:bitcoincash:|bchtest:)?[a-zA-Z0-9]{14,90}$/, { message: 'must be an address' });
export const bip = z
  .enum(['44', '49', '84', '86'], { message: 'must be 44, 49, 84 or 86' })
  .transform((v) => Number(v) as UtxoBip)
  .optional();
/** `?bip=&gap=&addresses=` of an account lookup. */
export const AccountQuery = z.object({
  bip,
  gap: pageSize,
  addresses: z.enum(['used', 'derived']).optional(),
});

/** An xpub (with its purpose: `bip`, else the key's prefix) or an address of a bitcoin-family chain. */
export function subjectOf(id: string, b: UtxoBip | undefined): UtxoSubject {
  if (isExtendedKey(id))
    return { kind: 'xpub', xpub: id, bip: b ?? bipOfKey(id), explicitBip: b !== undefined };
  if (/^[a-z]pub|^[A-Z][a-z]ub/.test(id) && id.length > 100)
    throw new HttpError(400, 'invalid extended public key');
  return { kind: 'address', address: parseInput(utxoAddress, id, 'address') };
}

/** A node's fee rate (coin per 1000 vB) → sat/vB, rounded up. */
const perKvb = z
  .number()
  .nonnegative()
  .max(1)
  .transform((v) => Math.ceil(Math.round(v * 1e8) / 1000));
/** getmempoolinfo: the node relays nothing below the higher of its mempool's and its relay minimum. */
const MempoolInfo = z.object({ mempoolminfee: perKvb, minrelaytxfee: perKvb });
/** getmempoolentry: the transaction with its unconfirmed ancestors (fees.ancestor in coins; older nodes ancestorfees). */
const MempoolEntry = z.object({
  ancestorcount: z.number().int().min(1).max(10_000),
  ancestorsize: z.number().int().positive().max(10_000_000),
  ancestorfees: z.number().int().nonnegative().optional(),
  fees: z.object({ ancestor: z.number().nonnegative().max(21e6) }).optional(),
});

/** The network's relay minimum (GET /chains/:chain/min-relay-fee). */
export interface MinRelayFee {
  chain: string;
  /** sat/vB. */
  rate: number;
  unit: 'sat/vB';
  /** A node RPC's getmempoolinfo, or the mempool service's minimumFee. */
  source: 'node' | 'mempool';
  provider: string;
}

/** A pending transaction with its unconfirmed ancestors (GET /chains/:chain/tx/:txid/ancestors). */
export interface AncestorsAnswer {
  chain: string;
  txid: string;
  /** Satoshis, decimal string. */
  fee: string;
  vsize: number;
  count: number;
  source: 'node' | 'mempool';
  provider: string;
}

export class UtxoFacade implements ChainFacade {
  readonly family = 'bitcoin';
  readonly rpcMethods = RPC_METHODS;
  /** Hex without 0x, as the nodes take it. */
  readonly rawTx = hexTx.transform((h) => h.replace(/^0x/, ''));

  private readonly bounds: ReturnType<typeof utxoBounds>;

  constructor(
    readonly cfg: UtxoChainConfig,
    private readonly log?: FailoverLog,
  ) {
    this.bounds = utxoBounds({ maxSats: cfg.maxSats });
  }

  /** Failover options: the log, the policy and the answer's bounds check (the one place answers are checked). */
  private opts<T>(check?: (v: T) => void, policy = this.cfg.policy, cls?: CallClass): FailoverOptions<T> {
    return failoverOptions(this.log, policy, check, cls);
  }

  get chain(): string {
    return this.cfg.chain;
  }

  describe(_source: ChainSource | undefined): Record<string, unknown> {
    return {
      chain: this.cfg.chain,
      family: this.family,
      network: this.cfg.network,
      coinType: this.cfg.coinType,
    };
  }

  private run<K extends keyof UtxoProvider, T>(
    k: K,
    what: string,
    fn: (p: Has<UtxoProvider, K>, s: AbortSignal) => Promise<T>,
    check?: (v: T) => void,
    cls?: CallClass,
  ) {
    return failover(
      this.cfg.chain,
      what,
      having(this.cfg.providers, k),
      fn,
      this.opts(check, undefined, cls),
    );
  }

  /** One address or an xpub account (`?bip=&gap=&addresses=used|derived`). */
  account(id: string, query: unknown): Promise<AccountInfo> {
    const q = parseInput(AccountQuery, query, 'query');
    return this.accountOf({
      subject: subjectOf(id, q.bip),
      tokens: q.addresses ?? 'used',
      ...(q.gap ? { gap: q.gap } : {}),
    });
  }

  async accountOf(q: XpubQuery): Promise<AccountInfo> {
    return (
      await this.run(
        'getAccount',
        'balance',
        (p, s) => p.getAccount(q, this.cfg.chain, s),
        this.bounds.account,
        // An xpub account is a scan (Blockbook derives and looks up its addresses; a node imports and rescans).
        q.subject.kind === 'xpub' ? 'history' : 'read',
      )
    ).value;
  }

  async utxos(subject: UtxoSubject, confirmedOnly: boolean): Promise<Utxo[]> {
    return (
      await this.run(
        'getUtxos',
        'unspent outputs',
        (p, s) => p.getUtxos(subject, confirmedOnly, s),
        this.bounds.utxos,
        subject.kind === 'xpub' ? 'history' : 'read',
      )
    ).value;
  }

  history(id: string, query: unknown): Promise<HistoryPage> {
    const q = parseInput(z.object({ bip, cursor, pageSize }), query, 'query');
    return this.historyOf(subjectOf(id, q.bip), q.cursor ?? null, q.pageSize ?? DEFAULT_HISTORY_PAGE);
  }

  async historyOf(subject: UtxoSubject, cursor: string | null, pageSize: number): Promise<HistoryPage> {
    const r = await failover(
      this.cfg.chain,
      'history',
      cursorProviders(having(this.cfg.providers, 'getHistory'), cursor),
      (p, s) => p.getHistory(subject, { cursor, pageSize }, s),
      this.opts(this.bounds.history, undefined, 'history'),
    );
    return { ...r.value, provider: r.provider };
  }

  /**
   * The account's confirmed received and sent per bucket (Blockbook's balance history), oldest first; fails
   * (unsupported) where no provider keeps one (a node): the web app then rebuilds it from the history.
   */
  async balanceHistoryOf(
    subject: UtxoSubject,
    q: BalanceHistoryQuery,
  ): Promise<{ buckets: BalanceBucket[] }> {
    const r = await this.run(
      'getBalanceHistory',
      'balance history',
      (p, s) => p.getBalanceHistory(subject, q, s),
      undefined,
      'history',
    );
    return { buckets: r.value };
  }

  async tx(txid: string): Promise<TxDetails> {
    return (await this.run('getTx', 'transaction', (p, s) => p.getTx(txid, s), this.bounds.tx)).value;
  }

  async rawTxOf(txid: string): Promise<string> {
    try {
      return (await this.run('getRawTx', 'raw transaction', (p, s) => p.getRawTx(txid, s))).value;
    } catch (e) {
      if (e instanceof ChainApiError && e.statusCode >= 500)
        throw new ChainApiError(e.statusCode, e.code, 'Can not fetch transaction data', e.extra);
      throw e;
    }
  }

  async broadcast(hex: string): Promise<BroadcastResult> {
    try {
      const r = await this.run('broadcast', 'broadcast', (p, s) => p.broadcast(hex, s), undefined, 'submit');
      return { hash: r.value, provider: r.provider };
    } catch (e) {
      // The node already has this very transaction (a resend of the same bytes after a timeout): in its mempool
      // (txn-already-in-mempool, txn-already-known) or mined (-27 'already in block chain', 'outputs already in utxo
      // set'). These refusals are about the transaction's own txid, so the send succeeded.
      if (e instanceof ChainApiError && e.code === 'rejected' && ALREADY_HAVE.test(e.message)) {
        const txid = txidOf(hex);
        if (txid) return { hash: txid, provider: String(e.extra.provider ?? '') };
      }
      throw e;
    }
  }

  /**
   * The bitcoin family's finality is confirmations: in the mempool (0) it is pending, in a block (≥ 1) confirmed
   * with its confirmations. A txid no provider knows is unknown (not relayed yet, or evicted / replaced).
   */
  async txStatus(id: string): Promise<TxStatus> {
    const txid = parseHexHash(id, 'a txid').toLowerCase();
    return txStatusFailover(
      { chain: this.cfg.chain, policy: this.cfg.policy },
      txid,
      having(this.cfg.providers, 'getTx'),
      async (p, s): Promise<TxRead> => {
        let t: TxDetails;
        try {
          t = await p.getTx(txid, s);
        } catch (e) {
          if (e instanceof ProviderError && e.kind === 'notFound') return { state: 'unknown' };
          throw e;
        }
        this.bounds.tx(t);
        if (t.txid.toLowerCase() !== txid) throw new ProviderError('malformed', 'transaction: another txid');
        if (t.confirmations > 0)
          return { state: 'confirmed', confirmations: t.confirmations, blockHeight: t.blockHeight };
        return { state: 'pending', confirmations: 0, blockHeight: null };
      },
    );
  }

  async fees(): Promise<FeeInfo> {
    const base = { chain: this.cfg.chain, unit: 'sat/vB' as const };
    if (this.cfg.feeSource === 'preset') return { ...base, tiers: this.cfg.feeTiers, source: 'preset' };
    // The wrappers keep each provider's breaker and failure hook.
    const sources: (Provider & { tiers(s: AbortSignal): Promise<FeeTiers<number>> })[] = [
      ...this.cfg.feeProviders.map((p) => ({
        name: p.name,
        timeoutMs: p.timeoutMs,
        breaker: breakerOf(p),
        onFailure: () => p.onFailure?.(),
        tiers: (s: AbortSignal) => p.recommendedFees(s),
      })),
      ...having(this.cfg.providers, 'estimateFees').map((p) => ({
        name: p.name,
        timeoutMs: p.timeoutMs,
        breaker: breakerOf(p),
        onFailure: () => p.onFailure?.(),
        tiers: (s: AbortSignal) => p.estimateFees(s),
      })),
    ];
    // Fee lookups have their own short budget: the spec's tiers are served within seconds when the sources fail.
    // Sources that are all cooling down are not waited for: the spec's tiers are served at once.
    const policy = {
      ...this.cfg.policy,
      budgetMs: this.cfg.policy?.feesBudgetMs ?? 5_000,
      lastResort: false,
    };
    try {
      const r = await failover(
        this.cfg.chain,
        'fees',
        sources,
        (p, s) => p.tiers(s),
        this.opts(this.bounds.fees, policy),
      );
      return { ...base, tiers: r.value, source: 'network', provider: r.provider };
    } catch (e) {
      if (!(e instanceof ChainApiError)) throw e;
      // Spec 02 §7: when the fee service fails, high 200, medium 120, low 60.
      return { ...base, tiers: this.cfg.feeTiers, source: 'fallback' };
    }
  }

  /** The providers of a mempool-service call, each with its breaker and failure hook. */
  private mempoolOf<K extends 'minRelayFee' | 'getPackageTx'>(k: K) {
    return having(this.cfg.feeProviders, k);
  }

  /**
   * The lowest fee rate the network relays now: a node RPC's getmempoolinfo when one is configured, else (or when
   * every node fails) the mempool service's minimumFee (spec 02 §5 network-fee check; the public providers have no
   * node RPC).
   */
  async minRelayFee(): Promise<MinRelayFee> {
    const base = { chain: this.cfg.chain, unit: 'sat/vB' as const };
    const rate = (r: number) => {
      if (!Number.isFinite(r) || r <= 0 || r > MAX_FEE_RATE)
        throw new ProviderError('malformed', `relay minimum ${r}`);
    };
    const fromMempool = async () => {
      const r = await failover(
        this.cfg.chain,
        'relay minimum',
        this.mempoolOf('minRelayFee'),
        (p, s) => p.minRelayFee(s),
        this.opts(rate),
      );
      return { ...base, rate: r.value, source: 'mempool' as const, provider: r.provider };
    };
    if (!having(this.cfg.providers, 'rpc').length) return fromMempool();
    try {
      const r = await this.run(
        'rpc',
        'getmempoolinfo',
        async (p, s) => {
          const info = MempoolInfo.safeParse(await p.rpc('getmempoolinfo', [], s));
          if (!info.success) throw new ProviderError('malformed', 'getmempoolinfo: not fee rates');
          return Math.max(info.data.mempoolminfee, info.data.minrelaytxfee);
        },
        rate,
      );
      return { ...base, rate: r.value, source: 'node', provider: r.provider };
    } catch (e) {
      if (e instanceof ChainApiError && this.mempoolOf('minRelayFee').length) return fromMempool();
      throw e;
    }
  }

  /**
   * A pending transaction's fee and vsize with its unconfirmed ancestors, what a CPFP child pays for: a node's
   * getmempoolentry when a node RPC is configured, else (or when every node fails) the walk through the mempool
   * service's transaction endpoint (spec 02 §7; ancestors.ts).
   */
  async ancestors(id: string): Promise<AncestorsAnswer> {
    const txid = parseHexHash(id, 'a txid').toLowerCase();
    const base = { chain: this.cfg.chain, txid };
    const fromMempool = async (): Promise<AncestorsAnswer> => {
      const providers = new Set<string>();
      const a = await walkAncestors(this.cfg.chain, txid, async (t) => {
        const r = await failover(
          this.cfg.chain,
          'transaction',
          this.mempoolOf('getPackageTx'),
          (p, s) => p.getPackageTx(t, s),
          this.opts<PackageTx>((x) => {
            if (x.txid !== t) throw new ProviderError('malformed', 'another transaction');
            if (x.fee > this.cfg.maxSats) throw new ProviderError('malformed', 'fee above the supply');
          }),
        );
        providers.add(r.provider);
        return r.value;
      });
      return {
        ...base,
        fee: a.fee.toString(),
        vsize: a.vsize,
        count: a.count,
        source: 'mempool',
        provider: [...providers].join(','),
      };
    };
    if (!having(this.cfg.providers, 'rpc').length) return fromMempool();
    try {
      const r = await this.run('rpc', 'getmempoolentry', async (p, s) => {
        const e = MempoolEntry.safeParse(await p.rpc('getmempoolentry', [txid], s));
        if (!e.success) throw new ProviderError('malformed', 'getmempoolentry: not a mempool entry');
        const fee =
          e.data.fees !== undefined
            ? BigInt(Math.round(e.data.fees.ancestor * 1e8))
            : e.data.ancestorfees !== undefined
              ? BigInt(e.data.ancestorfees)
              : undefined;
        if (fee === undefined || fee > this.cfg.maxSats)
          throw new ProviderError('malformed', 'getmempoolentry: no ancestor fee');
        return { fee, vsize: e.data.ancestorsize, count: e.data.ancestorcount };
      });
      return {
        ...base,
        fee: r.value.fee.toString(),
        vsize: r.value.vsize,
        count: r.value.count,
        source: 'node',
        provider: r.provider,
      };
    } catch (e) {
      if (e instanceof ChainApiError && this.mempoolOf('getPackageTx').length) return fromMempool();
      throw e;
    }
  }

  async rpc(method: string, params: unknown[]): Promise<unknown> {
    // The node's broadcast is a submit (its own timeout and budget); every other forwarded method a read.
    const cls = method === 'sendrawtransaction' ? 'submit' : 'read';
    return (await this.run('rpc', method, (p, s) => p.rpc(method, params, s), undefined, cls)).value;
  }
}
