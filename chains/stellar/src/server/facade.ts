/**
 * The Stellar facade: account (Horizon 404 = inactive, balance 0), history from the account's payments (newest first,
 * with fee, ledger and memo; mapped by chain-stellar), fees from fee_stats, the network (`/network`: passphrase, latest
 * ledger, base fee and base reserve read live), broadcast via POST /transactions with Horizon's result codes turned
 * into one clear message.
 */
import {
  horizonResultMessage,
  isStellarEnvelope,
  isValidStellarAccount,
  mainResultCode,
  operationFromHorizonPayment,
} from '@secux-companion/chain-stellar';
import { z } from 'zod';
import { HttpError, parseInput } from '@secux-companion/server-kit/errors';
import type { BroadcastResult, ChainFacade, ChainSource } from '@secux-companion/server-kit/facade';
import {
  ChainApiError,
  historyCursor,
  encodeCursor,
  facadeFailover,
  type CallClass,
  type FailoverLog,
  type FailoverPolicy,
} from '@secux-companion/server-kit/failover';
import {
  cursor as cursorParam,
  pageSize,
  parseHexHash,
  parseId,
  DEFAULT_HISTORY_PAGE,
} from '@secux-companion/server-kit/params';
import {
  toWire,
  type AccountInfo,
  type FeeInfo,
  type HistoryPage,
  type TxStatus,
} from '@secux-companion/server-kit/types';
import { confirmationsOf, nearTip, txStatusFailover } from '@secux-companion/server-kit/txStatus';
import type { StellarProvider } from './backend.js';
import { stellarBounds } from './bounds.js';

/** The account answer: the generic fields and Stellar's own. */
export type StellarAccountAnswer = AccountInfo & {
  activated: boolean;
  /** Current sequence (int64, decimal), null while inactive. */
  sequence: string | null;
  subentries: number;
  sponsoring: number;
  sponsored: number;
  sellingLiabilities: string;
  memoRequired: boolean;
  assets: { kind: string; code: string; issuer: string; balance: string }[];
};

/** `GET /chains/XLM/network`: what signing and the minimum balance need, read live. */
export interface StellarNetworkAnswer {
  chain: string;
  networkPassphrase: string;
  ledger: number;
  baseFee: string;
  baseReserve: string;
  provider: string;
}

export interface StellarChainConfig {
  chain: string;
  networkPassphrase: string;
  providers: StellarProvider[];
  policy?: FailoverPolicy;
  log?: FailoverLog;
}

const Address = z.string().refine(isValidStellarAccount, { message: 'must be a Stellar account (G…)' });
/** A signed envelope as base64 XDR (the web family's `SignedTransaction.raw`). */
const Envelope = z
  .string()
  .trim()
  .max(200_000, { message: 'is too large' })
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, { message: 'must be the signed transaction envelope as base64 XDR' });

export class StellarFacade implements ChainFacade {
  readonly family = 'stellar';
  readonly rpcMethods: ReadonlySet<string> = new Set();
  readonly rawTx = Envelope;

  constructor(readonly cfg: StellarChainConfig) {}

  get chain(): string {
    return this.cfg.chain;
  }

  private run<T>(
    what: string,
    fn: (p: StellarProvider, signal: AbortSignal) => Promise<T>,
    check?: (v: T) => void,
    cls: CallClass = 'read',
  ) {
    return facadeFailover(this.cfg, what, this.cfg.providers, fn, check, cls);
  }

  private address(id: string): string {
    return parseId(Address, id);
  }

  describe(source: ChainSource | undefined): Record<string, unknown> {
    return {
      chain: this.chain,
      family: this.family,
      networkPassphrase: this.cfg.networkPassphrase,
      ...(source ? { source } : {}),
    };
  }

  async account(id: string, _query: unknown): Promise<StellarAccountAnswer> {
    const address = this.address(id);
    const r = await this.run('balance', (p, s) => p.account(address, s), stellarBounds.account);
    const a = r.value;
    const base = { chain: this.chain, address, unconfirmedBalance: '0', provider: r.provider };
    if (!a.found)
      return {
        ...base,
        balance: '0',
        txCount: 0,
        activated: false,
        sequence: null,
        subentries: 0,
        sponsoring: 0,
        sponsored: 0,
        sellingLiabilities: '0',
        memoRequired: false,
        assets: [],
      };
    // Horizon keeps no transaction count: an account on the ledger was created by at least one transaction.
    return {
      ...base,
      balance: a.balance.toString(),
      txCount: 1,
      activated: true,
      sequence: a.sequence.toString(),
      subentries: a.subentries,
      sponsoring: a.sponsoring,
      sponsored: a.sponsored,
      sellingLiabilities: a.sellingLiabilities.toString(),
      memoRequired: a.memoRequired,
      assets: a.assets.map((x) => ({ ...x, balance: x.balance.toString() })),
    };
  }

  async history(id: string, query: unknown): Promise<HistoryPage> {
    const address = this.address(id);
    const q = parseInput(z.object({ cursor: cursorParam, pageSize }), query, 'query');
    const c = historyCursor(
      q.cursor,
      'xlm',
      address,
      (c) => typeof c.p === 'string' && /^\d{1,20}(-\d{1,10})?$/.test(c.p),
    );
    const limit = q.pageSize ?? DEFAULT_HISTORY_PAGE;
    // Mapped and bounded inside the server's call: a page out of bounds is that server's malformed answer.
    const r = await this.run(
      'history',
      async (p, s) => {
        const page = await p.payments(address, (c?.p as string | undefined) ?? null, limit, s);
        const ops = page.records.flatMap((rec) => operationFromHorizonPayment(rec, address) ?? []);
        return { operations: toWire(ops), next: page.next };
      },
      (v) => stellarBounds.history(v.operations),
      'history',
    );
    const next = r.value.next;
    return {
      operations: r.value.operations,
      cursor: next && next !== c?.p ? encodeCursor({ k: 'xlm', a: address, p: next }) : null,
      provider: r.provider,
    };
  }

  /** The fee per operation in stroops (Stellar's fee is fixed by the network: the UI shows it, never offers it). */
  async fees(): Promise<FeeInfo> {
    const r = await this.run('fees', (p, s) => p.baseFee(s), stellarBounds.baseFee);
    const fee = r.value.toString();
    // wire.ts's FeeInfo names 'sat/vB' | 'wei' | 'drops'; Stellar's unit is the stroop (chain-common's FeeRateUnit).
    return {
      chain: this.chain,
      unit: 'stroops',
      tiers: { high: fee, medium: fee, low: fee },
      source: 'network',
      provider: r.provider,
    };
  }

  async network(): Promise<StellarNetworkAnswer> {
    const r = await this.run('ledger', (p, s) => p.ledger(s), stellarBounds.ledger);
    return {
      chain: this.chain,
      networkPassphrase: this.cfg.networkPassphrase,
      ledger: r.value.sequence,
      baseFee: r.value.baseFee.toString(),
      baseReserve: r.value.baseReserve.toString(),
      provider: r.provider,
    };
  }

  /**
   * Submits the envelope (decoded first, so a malformed one never leaves the server). Success answers the hash;
   * a refusal answers 422 'rejected' with one clear sentence and Horizon's result codes.
   */
  async broadcast(rawTx: string): Promise<BroadcastResult> {
    if (!isStellarEnvelope(rawTx, this.cfg.networkPassphrase))
      throw new HttpError(400, 'invalid body: rawTx: not a Stellar transaction envelope');
    const r = await this.run('broadcast', (p, s) => p.submit(rawTx, s), undefined, 'submit');
    const v = r.value;
    if (v.ok) return { hash: v.hash, provider: r.provider };
    // A resend after a timeout that a Horizon refuses for its used sequence: when a closed ledger holds this very
    // transaction the first submit landed, and the send succeeded.
    if (v.codes.transaction === 'tx_bad_seq' && v.hash) {
      const known = await this.txStatus(v.hash).catch(() => undefined);
      if (known?.state === 'confirmed') return { hash: known.hash, provider: r.provider };
    }
    throw new ChainApiError(422, 'rejected', horizonResultMessage(v.codes), {
      chain: this.chain,
      resultCode: mainResultCode(v.codes),
      resultCodes: v.codes,
    });
  }

  /**
   * Horizon's GET /transactions/{hash}: a 200 is a transaction in a closed ledger, which is final on Stellar
   * (`successful` or not: a failed one paid its fee); a 404 is one no closed ledger holds (not yet, or never).
   */
  async txStatus(id: string): Promise<TxStatus> {
    const hash = parseHexHash(id, 'a transaction hash').toLowerCase();
    return txStatusFailover(this.cfg, hash, this.cfg.providers, async (p, s) => {
      const t = await p.transaction(hash, s);
      if (!t.found) return { state: 'unknown' };
      const latest = (await p.ledger(s)).sequence;
      return {
        state: t.successful ? 'confirmed' : 'failed',
        confirmations: confirmationsOf(t.ledger, nearTip(t.ledger, latest)),
        blockHeight: t.ledger,
        ...(t.successful ? {} : { reason: 'tx_failed' }),
      };
    });
  }

  rpc(): Promise<unknown> {
    return Promise.reject(new HttpError(400, 'Stellar has no JSON-RPC proxy'));
  }
}
