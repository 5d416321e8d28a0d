/**
 * The FIO facade (spec 03 §7): account = get_fio_balance + get_locks (404 = 0), history from /v1/history/get_actions
 * (20 per page, newest first, mapped by chain-fio), the transfer fee from /get_fee, broadcast = push_transaction of
 * the signed JSON body; and the name-service reads the Domain page and the send forms need (fio routes).
 * Every answer is bounded before a client sees it (SUF amounts ≤ the supply, counts, strings).
 *
 * Payment requests and staking (issue 17): the sent and received request lists of a key (100 each, 404 = none), and
 * the staking view of a key — the staking service's 7-day APR (null when it fails: the chain reads still answer),
 * whether the account votes or proxies (eosio's voters table), its proxy's handle, the configured default proxy and
 * the unstake lock from get_locks (404 = none).
 */
import { createHash } from 'node:crypto';
import { Fio } from '@fioprotocol/fiojs';
import {
  FIO_END_POINTS,
  fioHistoryWindow,
  isValidDomain,
  isValidFioPublicKey,
  isValidHandle,
  operationFromFioAction,
} from '@secux-companion/chain-fio';
import { z } from 'zod';
import { HttpError, parseInput } from '@secux-companion/server-kit/errors';
import { amount } from '@secux-companion/server-kit/bounds';
import type { BroadcastResult, ChainFacade, ChainSource } from '@secux-companion/server-kit/facade';
import {
  ChainApiError,
  decodeCursor,
  encodeCursor,
  facadeFailover,
  type FailoverLog,
  type FailoverPolicy,
} from '@secux-companion/server-kit/failover';
import { cursor as cursorParam, pageSize } from '@secux-companion/server-kit/params';
import {
  toWire,
  type AccountInfo,
  type FeeInfo,
  type HistoryPage,
  type TxStatus,
} from '@secux-companion/server-kit/types';
import { confirmationsOf, txStatusFailover, type TxRead } from '@secux-companion/server-kit/txStatus';
import type { FioProvider, FioStakingProvider } from './backend.js';
import { FIO_SUPPLY_SUF, fioBounds, locksBounds, requestsWire, unlockAtIso } from './bounds.js';

/** 1,000,000,000 FIO max supply in SUF: no amount a node answers can be above it (bounds.ts). */
export const FIO_MAX_SUF = FIO_SUPPLY_SUF;

export interface FioChainConfig {
  chain: 'FIO' | 'TFIO';
  providers: FioProvider[];
  /**
   * v1 history nodes (`/v1/history/get_actions`), in failover order for a first page; the API nodes when absent. Each
   * numbers an account's actions its own way: a cursor names the node that wrote it, and later pages go to it only.
   */
  history?: FioProvider[];
  policy?: FailoverPolicy;
  log?: FailoverLog;
  /** The staking statistics service(s), in failover order; none: no APR. */
  staking?: FioStakingProvider[];
  /** The proxy an account that has not voted is offered (a registered proxy's handle). */
  defaultProxy: string;
}

/** The contracts whose ABIs the wallet serializes with (get_raw_abi). */
const FIO_ABI_ACCOUNTS: ReadonlySet<string> = new Set([
  'fio.token',
  'fio.address',
  'fio.reqobt',
  'fio.staking',
  'eosio',
]);

export type FioAccountAnswer = AccountInfo & {
  available: string;
  staked: string;
  locked: string;
  srps: string;
  roe: string;
  actor: string;
};

const PublicKey = z
  .string()
  .refine(isValidFioPublicKey, { message: 'must be a FIO public key (FIO…, 53 characters)' });
const Handle = z.string().refine(isValidHandle, { message: 'must be a crypto handle (name@domain)' });
const Name = z
  .string()
  .refine((s) => isValidHandle(s) || isValidDomain(s), { message: 'must be a handle or a domain' });
const Code = z.string().regex(/^[A-Za-z0-9*]{1,10}$/, 'must be a chain or token code');
/** The push_transaction body the wallet signs (chain-fio fioPushBody), as JSON text. */
const PushBody = z.object({
  signatures: z
    .array(z.string().regex(/^SIG_K1_[1-9A-HJ-NP-Za-km-z]{50,120}$/))
    .min(1)
    .max(4),
  compression: z.union([z.literal(0), z.literal('none')]),
  packed_context_free_data: z.string().max(0),
  packed_trx: z
    .string()
    .regex(/^[0-9a-f]+$/)
    .max(20_000),
});

const RPC_METHODS: ReadonlySet<string> = new Set();

export class FioFacade implements ChainFacade {
  readonly family = 'fio';
  readonly rpcMethods = RPC_METHODS;
  readonly rawTx = z
    .string()
    .max(25_000)
    .transform((s, ctx) => {
      try {
        const r = PushBody.safeParse(JSON.parse(s));
        if (r.success) return JSON.stringify(r.data);
      } catch {
        // not JSON
      }
      ctx.addIssue({ code: 'custom', message: 'must be a signed FIO transaction (push_transaction JSON)' });
      return z.NEVER;
    }) as unknown as z.ZodType<string, string>;

  constructor(readonly cfg: FioChainConfig) {}

  get chain(): string {
    return this.cfg.chain;
  }

  private run<T>(
    what: string,
    fn: (p: FioProvider, signal: AbortSignal) => Promise<T>,
    check?: (v: T) => void,
  ) {
    return facadeFailover(this.cfg, what, this.cfg.providers, fn, check);
  }

  private key(id: string): string {
    return parseInput(z.object({ id: PublicKey }), { id }, 'params').id;
  }

  describe(source: ChainSource | undefined): Record<string, unknown> {
    return { chain: this.chain, family: this.family, ...(source ? { source } : {}) };
  }

  async account(id: string, _query: unknown): Promise<FioAccountAnswer> {
    const key = this.key(id);
    const [b, l] = await Promise.all([
      this.run('balance', (p, s) => p.balance(key, s), fioBounds.balance),
      this.run(
        'locks',
        (p, s) => p.locks(key, s),
        (v) => amount(v.remaining.toString(), FIO_MAX_SUF, 'FIO lock'),
      ),
    ]);
    const v = b.value;
    return {
      chain: this.chain,
      address: key,
      balance: v.balance.toString(),
      unconfirmedBalance: '0',
      txCount: v.balance > 0n || v.staked > 0n ? 1 : 0,
      available: v.available.toString(),
      staked: v.staked.toString(),
      locked: l.value.remaining.toString(),
      srps: v.srps.toString(),
      roe: /^\d{1,20}(\.\d{1,20})?$/.test(v.roe) ? v.roe : '0',
      actor: Fio.accountHash(key),
      provider: b.provider,
    };
  }

  async history(id: string, query: unknown): Promise<HistoryPage> {
    const key = this.key(id);
    const actor = Fio.accountHash(key);
    const q = parseInput(z.object({ cursor: cursorParam, pageSize }), query, 'query');
    const c = decodeCursor(q.cursor);
    if (
      q.cursor &&
      (!c || c.k !== 'fio' || c.a !== key || typeof c.s !== 'number' || typeof c.n !== 'string')
    )
      throw new HttpError(400, 'invalid query: cursor: must be a cursor returned by a previous page');
    const nodes = this.cfg.history ?? this.cfg.providers;
    if (!nodes.length)
      throw new ChainApiError(404, 'not_configured', `no history node is configured for ${this.chain}`, {
        chain: this.chain,
        feature: 'history',
        reason: 'no_provider',
        settings: [`CHAIN_${this.chain}_HISTORY_NODES`],
      });
    // A later page goes to the node that numbered the first one (sequence numbers differ per node); when the
    // configuration no longer has it, the client asks the first page again.
    const pinned = c ? nodes.filter((p) => p.name === c.n) : nodes;
    if (!pinned.length)
      throw new HttpError(
        400,
        'invalid query: cursor: its history node is no longer configured; ask the first page',
      );
    const w = fioHistoryWindow(c ? (c.s as number) : null);
    const opsOf = (entries: unknown[]) =>
      toWire(
        entries
          .flatMap((e) => operationFromFioAction(e, actor, key) ?? [])
          .map(({ fio: _fio, ...op }) => op)
          .sort((a, b) => (b.time ?? 0) - (a.time ?? 0)),
      );
    // Mapped and bounded inside the node's call: an amount out of bounds is that node's malformed answer (the next
    // node is asked), never a 500 after the failover.
    const r = await facadeFailover(
      this.cfg,
      'history',
      pinned,
      (p, s) => p.actions(actor, w.pos, w.offset, s),
      (v) => fioBounds.history(opsOf(v)),
    );
    const seqs = r.value.flatMap((e) => {
      const s = (e as { account_action_seq?: unknown }).account_action_seq;
      return typeof s === 'number' && Number.isSafeInteger(s) && s >= 0 ? [s] : [];
    });
    const lowest = seqs.length ? Math.min(...seqs) : 0;
    const wire = opsOf(r.value);
    return {
      operations: wire,
      cursor: lowest > 0 ? encodeCursor({ k: 'fio', a: key, s: lowest, n: r.provider }) : null,
      provider: r.provider,
    };
  }

  async fees(): Promise<FeeInfo> {
    const r = await this.run('fees', (p, s) => p.fee('transfer_tokens_pub_key', '', s), fioBounds.fee);
    const fee = r.value.toString();
    return {
      chain: this.chain,
      unit: 'SUF',
      tiers: { high: fee, medium: fee, low: fee },
      source: 'network',
      provider: r.provider,
    };
  }

  async broadcast(rawTx: string): Promise<BroadcastResult> {
    const body = JSON.parse(rawTx) as Record<string, unknown>;
    const r = await this.run('broadcast', (p, s) => p.push(body, s));
    if (r.value.ok) return { hash: r.value.transactionId, provider: r.provider };
    // nodeos already has this very transaction (tx_duplicate 3040008: a resend of the same bytes after a timeout):
    // the send succeeded; its id is the SHA-256 of the packed transaction.
    if (r.value.code === 'tx_duplicate')
      return {
        hash: createHash('sha256')
          .update(Buffer.from(String(body.packed_trx), 'hex'))
          .digest('hex'),
        provider: r.provider,
      };
    throw new ChainApiError(422, 'rejected', r.value.message, { chain: this.chain, fioCode: r.value.code });
  }

  /**
   * FIO's finality is nodeos's last irreversible block: an executed transaction (history get_transaction: its
   * block) is confirmed once get_info's last_irreversible_block_num reaches its block, pending before. nodeos never
   * puts a failed transaction in a block (a refusal is the push's answer), so a known one never fails.
   */
  async txStatus(id: string): Promise<TxStatus> {
    const txid = parseInput(
      z.object({
        hash: z.string().regex(/^[0-9a-fA-F]{64}$/, { message: 'must be a transaction id (64 hex digits)' }),
      }),
      { hash: id },
      'params',
    ).hash.toLowerCase();
    // get_transaction is the history API: asked of the history nodes (an API node need not run the plugin).
    const nodes = this.cfg.history ?? this.cfg.providers;
    return txStatusFailover(this.cfg, txid, nodes, async (p, s): Promise<TxRead> => {
      const t = await p.transaction(txid, s);
      if (!t.found) return { state: 'unknown' };
      const info = await p.info(s);
      const confirmations = confirmationsOf(t.blockNum, Math.max(info.headBlockNum, t.blockNum));
      return {
        state: info.lastIrreversibleBlockNum >= t.blockNum ? 'confirmed' : 'pending',
        confirmations,
        blockHeight: t.blockNum,
      };
    });
  }

  async rpc(): Promise<unknown> {
    throw new HttpError(400, 'FIO has no JSON-RPC proxy');
  }

  // --- the name service (fio routes) ---

  async chainRef() {
    const info = await this.run('info', (p, s) => p.info(s));
    const num = info.value.lastIrreversibleBlockNum || info.value.headBlockNum;
    const b = await this.run('block', (p, s) => p.block(num, s));
    return {
      chain: this.chain,
      chainId: info.value.chainId,
      block: { block_num: b.value.blockNum, id: b.value.id, timestamp: b.value.timestamp },
      provider: b.provider,
    };
  }

  async abi(account: string) {
    if (!FIO_ABI_ACCOUNTS.has(account)) throw new HttpError(400, 'invalid params: account');
    const r = await this.run('abi', (p, s) => p.rawAbi(account, s));
    return { account_name: r.value.account_name, abi: r.value.abi, provider: r.provider };
  }

  async fee(endPoint: string, fioAddress: string) {
    if (!(FIO_END_POINTS as readonly string[]).includes(endPoint))
      throw new HttpError(400, 'invalid params: endPoint');
    if (fioAddress && !isValidHandle(fioAddress)) throw new HttpError(400, 'invalid query: fioAddress');
    const r = await this.run('fee', (p, s) => p.fee(endPoint, fioAddress, s), fioBounds.fee);
    return { chain: this.chain, fee: r.value.toString(), provider: r.provider };
  }

  async names(id: string) {
    const key = this.key(id);
    const r = await this.run('names', (p, s) => p.names(key, s));
    return {
      chain: this.chain,
      domains: r.value.domains
        .filter((d) => isValidDomain(d.fio_domain))
        .map((d) => ({ domain: d.fio_domain, expiration: d.expiration, isPublic: d.is_public === 1 })),
      handles: r.value.addresses
        .filter((a) => isValidHandle(a.fio_address))
        .map((a) => ({ handle: a.fio_address, expiration: a.expiration, bundled: a.remaining_bundled_tx })),
      provider: r.provider,
    };
  }

  async avail(name: string) {
    const n = parseInput(z.object({ name: Name }), { name }, 'params').name;
    const r = await this.run('avail', (p, s) => p.availCheck(n, s));
    return { chain: this.chain, name: n, registered: r.value, provider: r.provider };
  }

  async publicAddresses(handle: string) {
    const h = parseInput(z.object({ handle: Handle }), { handle }, 'params').handle;
    const r = await this.run('pubAddresses', (p, s) => p.publicAddresses(h, s));
    return {
      chain: this.chain,
      addresses: r.value.map((a) => ({
        chainCode: a.chain_code,
        tokenCode: a.token_code,
        publicAddress: a.public_address,
      })),
      provider: r.provider,
    };
  }

  async publicAddress(handle: string, query: unknown) {
    const h = parseInput(z.object({ handle: Handle }), { handle }, 'params').handle;
    const q = parseInput(z.object({ chain: Code, token: Code }), query, 'query');
    const r = await this.run('pubAddress', (p, s) => p.publicAddress(h, q.chain, q.token, s));
    return { chain: this.chain, address: r.value, provider: r.provider };
  }

  // --- payment requests and staking (issue 17) ---

  async requests(id: string, which: 'sent' | 'received') {
    const key = this.key(id);
    const r = await this.run(`requests ${which}`, async (p, s) =>
      requestsWire(await p.requests(which, key, s)),
    );
    return { chain: this.chain, requests: r.value, provider: r.provider };
  }

  /** The 7-day APR from the staking service, or null when there is none or it fails (never fails the view). */
  private async apr7d(): Promise<number | null> {
    const list = this.cfg.staking ?? [];
    if (!list.length) return null;
    try {
      return (await facadeFailover(this.cfg, 'staking apr', list, (p, s) => p.apr7d(s))).value;
    } catch {
      return null;
    }
  }

  async staking(id: string) {
    const key = this.key(id);
    const actor = Fio.accountHash(key);
    const [apr7d, locks, voter] = await Promise.all([
      this.apr7d(),
      this.run('locks', (p, s) => p.locks(key, s), locksBounds),
      this.run('voter', (p, s) => p.voter(actor, s)),
    ]);
    const row = voter.value;
    let proxy: string | null = null;
    if (row?.proxy) {
      const of = await this.run('proxy', (p, s) => p.voter(row.proxy, s)).catch(() => null);
      const handle = of?.value?.fioaddress ?? '';
      proxy = isValidHandle(handle) ? handle : row.proxy;
    }
    const l = locks.value;
    return {
      chain: this.chain,
      apr7d,
      voted: row !== null && (row.proxy !== '' || row.producers.length > 0 || row.isAutoProxy),
      proxy,
      defaultProxy: this.cfg.defaultProxy,
      lock:
        l.remaining > 0n
          ? { amount: l.lockAmount.toString(), remaining: l.remaining.toString(), unlockAt: unlockAtIso(l) }
          : null,
      provider: voter.provider,
    };
  }
}
