/**
 * The Solana facade: two JSON-RPC nodes picked at random for each call with one retry on the other (spec 02 "SOL"),
 * 30 s per call and 3 s for balance calls. Account = balance + recent signatures (limit 25, the used test) + token
 * accounts of both token programs (jsonParsed) with metadata by mint; history = getSignaturesForAddress (25) and the
 * transactions behind them; fees from getRecentPrioritizationFees; and the routes the send needs (address, mint,
 * rent, priority fees of given accounts, simulation, blockhash and its validity).
 */
import {
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  isValidSolanaAddress,
  operationFromTransaction,
  priorityPrice,
  programNameOf,
} from '@secux-companion/chain-solana';
import { z } from 'zod';
import { HttpError, parseInput } from '@secux-companion/server-kit/errors';
import { outOfBounds } from '@secux-companion/server-kit/bounds';
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
import { plausibleHeight, txStatusFailover, type TxRead } from '@secux-companion/server-kit/txStatus';
import { base58 } from '@scure/base';
import type { ParsedAccount, SolanaProvider } from './backend.js';
import {
  accountSize,
  decimals,
  height,
  history as historyBounds,
  lamports,
  priorityPrices,
  tokenAmount,
} from './bounds.js';
import { KNOWN_MINTS, cleanMeta, type TokenMeta } from './tokens.js';

/** getSignaturesForAddress limit (spec 02 "SOL"). */
export const SOL_SIGNATURES_LIMIT = 25;
export const SOL_BALANCE_TIMEOUT_MS = 3_000;
/** Token accounts whose signatures join the owner's in the history (the first page lists them). */
export const SOL_HISTORY_TOKEN_ACCOUNTS = 8;

const RPC_METHODS: ReadonlySet<string> = new Set([
  'getBalance',
  'getAccountInfo',
  'getLatestBlockhash',
  'getBlockHeight',
  'getSlot',
  'getEpochInfo',
  'getMinimumBalanceForRentExemption',
  'getRecentPrioritizationFees',
  'getSignaturesForAddress',
  'getTokenAccountsByOwner',
  'getTransaction',
  'isBlockhashValid',
]);

export interface SolanaChainConfig {
  chain: string;
  providers: SolanaProvider[];
  /** The same nodes with the 3 s timeout of balance calls (sharing each node's breaker). */
  balanceProviders: SolanaProvider[];
  /** Extra metadata by mint (the localnet's mints). */
  tokens?: Readonly<Record<string, TokenMeta>>;
  policy?: FailoverPolicy;
  log?: FailoverLog;
  random?: () => number;
}

export const solanaAddress = z
  .string()
  .refine(isValidSolanaAddress, { message: 'must be a Solana address (base58, 32 bytes)' });
/** A signed wire transaction, base64 (at most 1232 bytes on the wire). */
export const base64Tx = z
  .string()
  .trim()
  .max(1700, { message: 'is too large' })
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, { message: 'must be the signed transaction as base64' });

export interface SolanaTokenAnswer {
  tokenAccount: string;
  mint: string;
  program: 'spl-token' | 'spl-token-2022';
  amount: string;
  decimals: number;
  frozen: boolean;
  /** Token-2022 NonTransferableAccount: the token cannot be sent. */
  nonTransferable: boolean;
  symbol: string | null;
  name: string | null;
}

/** The account answer: the generic fields and the token accounts of both programs (`tokenAccounts`). */
export type SolanaAccountAnswer = AccountInfo & { tokenAccounts: SolanaTokenAnswer[] };

export interface SolanaMintAnswer {
  mint: string;
  program: 'spl-token' | 'spl-token-2022';
  decimals: number;
  extensions: string[];
  transferFee: { basisPoints: number; maximumFee: string } | null;
  nonTransferable: boolean;
  symbol: string | null;
  name: string | null;
}

/** Bytes of a base58 text (-1 when it is not base58). */
function base58Length(s: string): number {
  try {
    return base58.decode(s).length;
  } catch {
    return -1;
  }
}

/** The first signature of a wire transaction (base64): its id. Undefined when the bytes carry none. */
function firstSignature(base64: string): string | undefined {
  const bytes = Buffer.from(base64, 'base64');
  // compact-u16 signature count (one byte below 128), then the 64-byte signatures.
  const count = bytes[0] ?? 0;
  if (count < 1 || count > 127 || bytes.length < 65) return undefined;
  return base58.encode(bytes.subarray(1, 65));
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function extensionsOf(
  info: Record<string, unknown>,
): { extension: string; state: Record<string, unknown> }[] {
  if (!Array.isArray(info.extensions)) return [];
  return info.extensions.flatMap((e) =>
    isObj(e) && typeof e.extension === 'string'
      ? [{ extension: e.extension, state: isObj(e.state) ? e.state : {} }]
      : [],
  );
}

export class SolanaFacade implements ChainFacade {
  readonly family = 'sol';
  readonly rpcMethods = RPC_METHODS;
  readonly rawTx = base64Tx;

  constructor(readonly cfg: SolanaChainConfig) {}

  get chain(): string {
    return this.cfg.chain;
  }

  /** A random node first and the other as the one retry (spec: random pick of two nodes with failover). */
  private order(list: readonly SolanaProvider[]): SolanaProvider[] {
    const r = (this.cfg.random ?? Math.random)();
    const i = Math.floor(r * list.length) % Math.max(1, list.length);
    return [...list.slice(i), ...list.slice(0, i)];
  }

  private run<T>(
    what: string,
    fn: (p: SolanaProvider, s: AbortSignal) => Promise<T>,
    check?: (v: T) => void,
    balance = false,
  ) {
    const list = this.order(balance ? this.cfg.balanceProviders : this.cfg.providers);
    return facadeFailover(this.cfg, what, list, fn, check);
  }

  private address(id: string, what = 'address'): string {
    return parseInput(z.object({ [what]: solanaAddress }), { [what]: id }, 'params')[what] as string;
  }

  private meta(mint: string): TokenMeta | null {
    return this.cfg.tokens?.[mint] ?? KNOWN_MINTS[mint] ?? null;
  }

  describe(source: ChainSource | undefined): Record<string, unknown> {
    return { chain: this.chain, family: this.family, ...(source ? { source } : {}) };
  }

  private tokenOf(pubkey: string, a: ParsedAccount): SolanaTokenAnswer | null {
    const program = programNameOf(a.owner);
    if (!program || a.parsed?.type !== 'account') return null;
    const info = a.parsed.info;
    const ta = isObj(info.tokenAmount) ? info.tokenAmount : {};
    if (typeof info.mint !== 'string' || !isValidSolanaAddress(info.mint)) return null;
    tokenAmount(ta.amount, 'token amount');
    decimals(ta.decimals);
    const meta = this.meta(info.mint);
    return {
      tokenAccount: pubkey,
      mint: info.mint,
      program,
      amount: ta.amount as string,
      decimals: ta.decimals as number,
      frozen: info.state === 'frozen',
      nonTransferable: extensionsOf(info).some((e) => e.extension === 'nonTransferableAccount'),
      symbol: meta?.symbol ?? null,
      name: meta?.name ?? null,
    };
  }

  /** A node's token accounts of one program, read and bounded inside that node's call (out of bounds: next node). */
  private async tokensOf(p: SolanaProvider, owner: string, program: string, s: AbortSignal) {
    const list = await p.getTokenAccountsByOwner(owner, program, s);
    return list.flatMap((e) => this.tokenOf(e.pubkey, e.account) ?? []);
  }

  async account(id: string, _query: unknown): Promise<SolanaAccountAnswer> {
    const address = this.address(id);
    const [balance, sigs, spl, t22] = await Promise.all([
      this.run(
        'balance',
        (p, s) => p.getBalance(address, s),
        (v) => lamports(v, 'balance'),
        true,
      ),
      this.run(
        'signatures',
        (p, s) => p.getSignaturesForAddress(address, { limit: SOL_SIGNATURES_LIMIT }, s),
        (v) => {
          if (v.length > SOL_SIGNATURES_LIMIT) outOfBounds('signatures', v.length);
        },
      ),
      this.run('tokens', (p, s) => this.tokensOf(p, address, TOKEN_PROGRAM, s)),
      this.run('tokens', (p, s) => this.tokensOf(p, address, TOKEN_2022_PROGRAM, s)),
    ]);
    const tokens = [...spl.value, ...t22.value];
    return {
      chain: this.chain,
      address,
      balance: String(balance.value),
      unconfirmedBalance: '0',
      txCount: sigs.value.length,
      tokenAccounts: tokens,
      provider: balance.provider,
    };
  }

  async addressInfo(id: string) {
    const address = this.address(id);
    const r = await this.run(
      'account',
      (p, s) => p.getAccountInfo(address, s),
      (a) => {
        if (a) {
          lamports(a.lamports, 'lamports');
          accountSize(a.space);
        }
      },
    );
    const a = r.value;
    const info = a?.parsed?.type === 'account' ? a.parsed.info : null;
    const memo = info ? extensionsOf(info).find((e) => e.extension === 'memoTransfer') : undefined;
    return {
      exists: a !== null,
      owner: a?.owner ?? null,
      lamports: String(a?.lamports ?? 0),
      space: a?.space ?? 0,
      mint: info && typeof info.mint === 'string' && isValidSolanaAddress(info.mint) ? info.mint : null,
      memoRequired: memo?.state.requireIncomingTransferMemos === true,
      provider: r.provider,
    };
  }

  async mint(id: string): Promise<SolanaMintAnswer & { provider: string }> {
    const mint = this.address(id, 'mint');
    const [r, epoch] = await Promise.all([
      this.run(
        'mint',
        (p, s) => p.getAccountInfo(mint, s),
        (a) => {
          if (a?.parsed?.type !== 'mint') return;
          decimals(a.parsed.info.decimals);
          // The transfer fees' caps are u64 (u64::MAX: no cap), JSON numbers read losslessly: bounded inside the
          // node's call, so a cap out of bounds is that node's malformed answer (after the failover it was a 500).
          const fee = extensionsOf(a.parsed.info).find((e) => e.extension === 'transferFeeConfig');
          for (const f of [fee?.state.newerTransferFee, fee?.state.olderTransferFee])
            if (isObj(f)) tokenAmount(String(f.maximumFee), 'maximum fee');
        },
      ),
      this.run(
        'epoch',
        (p, s) => p.getEpoch(s),
        (e) => height(e, 'epoch'),
      ),
    ]);
    const a = r.value;
    const program = a ? programNameOf(a.owner) : null;
    if (!a || !program || a.parsed?.type !== 'mint')
      throw new ChainApiError(404, 'not_found', 'Token not found', { chain: this.chain });
    const info = a.parsed.info;
    const exts = extensionsOf(info);
    const feeExt = exts.find((e) => e.extension === 'transferFeeConfig');
    let transferFee: SolanaMintAnswer['transferFee'] = null;
    if (feeExt) {
      const newer = isObj(feeExt.state.newerTransferFee) ? feeExt.state.newerTransferFee : null;
      const older = isObj(feeExt.state.olderTransferFee) ? feeExt.state.olderTransferFee : null;
      const inForce =
        newer && typeof newer.epoch === 'number' && epoch.value >= newer.epoch ? newer : (older ?? newer);
      if (inForce) {
        const bps = inForce.transferFeeBasisPoints;
        const max = String(inForce.maximumFee);
        if (typeof bps !== 'number' || !Number.isInteger(bps) || bps < 0 || bps > 10_000)
          throw new ChainApiError(502, 'malformed', 'out of bounds: transfer fee basis points');
        tokenAmount(max, 'maximum fee');
        transferFee = { basisPoints: bps, maximumFee: max };
      }
    }
    const metaExt = exts.find((e) => e.extension === 'tokenMetadata');
    const meta = this.meta(mint) ?? (metaExt ? cleanMeta(metaExt.state.symbol, metaExt.state.name) : null);
    return {
      mint,
      program,
      decimals: info.decimals as number,
      extensions: exts.map((e) => e.extension).slice(0, 32),
      transferFee,
      nonTransferable: exts.some((e) => e.extension === 'nonTransferable'),
      symbol: meta?.symbol ?? null,
      name: meta?.name ?? null,
      provider: r.provider,
    };
  }

  async rent(size: number) {
    const r = await this.run(
      'rent',
      (p, s) => p.getMinimumBalanceForRentExemption(size, s),
      (v) => lamports(v, 'rent'),
    );
    return { lamports: String(r.value), provider: r.provider };
  }

  async priorityFees(accounts: readonly string[]) {
    const r = await this.run(
      'priority fees',
      (p, s) => p.getRecentPrioritizationFees(accounts, s),
      priorityPrices,
    );
    return { fees: r.value, provider: r.provider };
  }

  async fees(): Promise<FeeInfo> {
    let samples: number[] | null = null;
    let provider: string | undefined;
    try {
      const r = await this.run('fees', (p, s) => p.getRecentPrioritizationFees([], s), priorityPrices);
      samples = r.value;
      provider = r.provider;
    } catch {
      samples = null;
    }
    const paid = (samples ?? []).filter((v) => v > 0).sort((a, b) => a - b);
    const at = (q: number) =>
      paid.length ? paid[Math.min(paid.length - 1, Math.floor(q * paid.length))]! : priorityPrice(null);
    return {
      chain: this.chain,
      unit: 'micro-lamports/CU',
      tiers: { high: at(0.75), medium: priorityPrice(samples), low: at(0.25) },
      source: samples ? 'network' : 'fallback',
      ...(provider ? { provider } : {}),
    };
  }

  async simulate(tx: string) {
    const r = await this.run(
      'simulate',
      (p, s) => p.simulateTransaction(tx, s),
      (v) => {
        if (v.unitsConsumed !== null) height(v.unitsConsumed, 'units consumed');
      },
    );
    const err = r.value.err;
    return {
      unitsConsumed: r.value.unitsConsumed,
      err:
        err === null || err === undefined
          ? null
          : typeof err === 'string'
            ? err
            : JSON.stringify(err).slice(0, 300),
      provider: r.provider,
    };
  }

  async blockhash() {
    // One node answers both, so the height and the blockhash's last valid height come from the same view.
    const r = await this.run(
      'blockhash',
      async (p, s) => {
        const [b, h] = await Promise.all([p.getLatestBlockhash(s), p.getBlockHeight(s)]);
        return { ...b, blockHeight: h };
      },
      (v) => {
        height(v.lastValidBlockHeight, 'last valid block height');
        height(v.blockHeight, 'block height');
      },
    );
    return { ...r.value, provider: r.provider };
  }

  async blockhashStatus(id: string) {
    const blockhash = this.address(id, 'blockhash');
    const r = await this.run(
      'blockhash',
      async (p, s) => {
        const [valid, h] = await Promise.all([p.isBlockhashValid(blockhash, s), p.getBlockHeight(s)]);
        return { valid, blockHeight: h };
      },
      (v) => height(v.blockHeight, 'block height'),
    );
    return { ...r.value, provider: r.provider };
  }

  /**
   * A history page. Token transfers land on the owner's token accounts (the owner is not among a TransferChecked's
   * accounts), so the owner's signatures and those of its token accounts (at most {@link SOL_HISTORY_TOKEN_ACCOUNTS})
   * are merged newest first, 25 per page; the cursor keeps, per address, the signature to continue before (or that
   * the address is done).
   */
  async history(id: string, query: unknown): Promise<HistoryPage> {
    const address = this.address(id);
    const q = parseInput(z.object({ cursor: cursorParam, pageSize }), query, 'query');
    const c = decodeCursor(q.cursor);
    const cursorOk = (v: unknown): v is Record<string, string | null> =>
      typeof v === 'object' &&
      v !== null &&
      !Array.isArray(v) &&
      Object.keys(v).length <= SOL_HISTORY_TOKEN_ACCOUNTS + 1 &&
      Object.entries(v).every(
        ([k, b]) => isValidSolanaAddress(k) && (b === null || (typeof b === 'string' && b.length <= 100)),
      );
    if (q.cursor && (!c || c.k !== 'sol' || c.a !== address || !cursorOk(c.b)))
      throw new HttpError(400, 'invalid query: cursor: must be a cursor returned by a previous page');
    // Per address: the signature to continue before ('' from the newest), or null when done.
    let positions: Record<string, string | null>;
    if (c) positions = c.b as Record<string, string | null>;
    else {
      const [spl, t22] = await Promise.all([
        this.run('tokens', (p, s) => p.getTokenAccountsByOwner(address, TOKEN_PROGRAM, s)),
        this.run('tokens', (p, s) => p.getTokenAccountsByOwner(address, TOKEN_2022_PROGRAM, s)),
      ]);
      positions = { [address]: '' };
      for (const e of [...spl.value, ...t22.value].slice(0, SOL_HISTORY_TOKEN_ACCOUNTS))
        positions[e.pubkey] = '';
    }
    const open = Object.entries(positions).filter((e): e is [string, string] => e[1] !== null);
    const lists = await Promise.all(
      open.map(([a, before]) =>
        this.run('history', (p, s) =>
          p.getSignaturesForAddress(a, { limit: SOL_SIGNATURES_LIMIT, ...(before ? { before } : {}) }, s),
        ).then((r) => ({ a, before, sigs: r.value, provider: r.provider })),
      ),
    );
    const seen = new Set<string>();
    const merged = lists
      .flatMap((l) => l.sigs.map((sig) => ({ ...sig, from: l.a })))
      .sort((x, y) => y.slot - x.slot)
      .filter((sig) => (seen.has(sig.signature) ? false : (seen.add(sig.signature), true)))
      .slice(0, SOL_SIGNATURES_LIMIT);
    const page = new Set(merged.map((m) => m.signature));
    const next: Record<string, string | null> = {};
    for (const [a, b] of Object.entries(positions)) if (b === null) next[a] = null;
    for (const l of lists) {
      // Continue before the oldest of this address's signatures on the page; done when it had no more.
      let last: string | undefined;
      let all = true;
      for (const sig of l.sigs) {
        if (page.has(sig.signature)) last = sig.signature;
        else all = false;
      }
      next[l.a] = all && l.sigs.length < SOL_SIGNATURES_LIMIT ? null : (last ?? l.before);
    }
    const symbols: Record<string, string> = {};
    for (const [m, meta] of Object.entries({ ...KNOWN_MINTS, ...this.cfg.tokens })) symbols[m] = meta.symbol;
    const txs = await Promise.all(
      merged.map((sig) =>
        // Mapped and bounded inside the node's call: an amount out of bounds is that node's malformed answer.
        this.run(
          'transaction',
          (p, s) => p.getTransaction(sig.signature, s),
          (tx) =>
            historyBounds(
              toWire([operationFromTransaction(sig.signature, tx, address, symbols) ?? []].flat()),
            ),
        ).then((r) => r.value),
      ),
    );
    const ops = merged.flatMap(
      (sig, i) => operationFromTransaction(sig.signature, txs[i], address, symbols) ?? [],
    );
    const wire = toWire(ops);
    const more = Object.values(next).some((b) => b !== null);
    return {
      operations: wire,
      cursor: more ? encodeCursor({ k: 'sol', a: address, b: next }) : null,
      provider: lists[0]?.provider ?? 'none',
    };
  }

  async broadcast(rawTx: string): Promise<BroadcastResult> {
    try {
      const r = await this.run('broadcast', (p, s) => p.sendTransaction(rawTx, s));
      return { hash: r.value, provider: r.provider };
    } catch (e) {
      // The node already processed this very transaction (a resend of the same bytes after a timeout): its id is its
      // first signature, and the send succeeded.
      const already =
        e instanceof ChainApiError &&
        e.code === 'rejected' &&
        (e.extra.upstreamCode === 'AlreadyProcessed' || /already been processed/i.test(e.message));
      const signature = already ? firstSignature(rawTx) : undefined;
      if (signature)
        return { hash: signature, provider: String(e instanceof ChainApiError ? e.extra.provider : '') };
      throw e;
    }
  }

  /**
   * Solana's finality is the signature's `finalized` commitment (getSignatureStatuses, searching the history): then
   * confirmed, or failed with the transaction's error; processed or confirmed only is pending (a fork can still drop
   * it); a signature no node knows is unknown (not landed yet, or dropped when its blockhash expired).
   */
  async txStatus(id: string): Promise<TxStatus> {
    const signature = parseInput(
      z.object({
        hash: z
          .string()
          .regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, { message: 'must be a transaction signature (base58)' }),
      }),
      { hash: id },
      'params',
    ).hash;
    if (base58Length(signature) !== 64)
      throw new HttpError(400, 'invalid params: hash: must be a 64-byte signature');
    return txStatusFailover(
      this.cfg,
      signature,
      this.order(this.cfg.providers),
      async (p, s): Promise<TxRead> => {
        const v = await p.getSignatureStatus(signature, s);
        if (!v) return { state: 'unknown' };
        const slot = plausibleHeight(v.slot, 'slot');
        const confirmations =
          v.confirmations === null ? null : plausibleHeight(v.confirmations, 'confirmations') + 1;
        if (v.confirmationStatus !== 'finalized')
          return { state: 'pending', confirmations, blockHeight: slot };
        const failed = v.err !== null && v.err !== undefined;
        return {
          state: failed ? 'failed' : 'confirmed',
          confirmations,
          blockHeight: slot,
          ...(failed ? { reason: typeof v.err === 'string' ? v.err : JSON.stringify(v.err) } : {}),
        };
      },
    );
  }

  async rpc(method: string, params: unknown[]): Promise<unknown> {
    if (params.length > 3) throw new HttpError(400, 'invalid body: params: at most 3');
    const r = await this.run(method, (p, s) => p.raw(method, params, s));
    return r.value;
  }
}
