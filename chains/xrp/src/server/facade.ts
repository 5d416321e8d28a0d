/**
 * The XRP Ledger facade: account (actNotFound = balance 0, txCount 0, inactive), history from account_tx (limit 20,
 * marker paging that stops when there is no marker or the marker repeats, only tesSUCCESS kept), fees from `fee`,
 * the validated ledger and its reserves from server_state (the `/ledger` route), broadcast via `submit {tx_blob}`.
 */
import { isValidXrpAddress, operationFromAccountTx } from '@secux-companion/chain-xrp';
import { XRP_HELD_MESSAGE } from '@secux-companion/core';
import { z } from 'zod';
import { HttpError, parseInput } from '@secux-companion/server-kit/errors';
import type { BroadcastResult, ChainFacade, ChainSource } from '@secux-companion/server-kit/facade';
import {
  ChainApiError,
  historyCursor,
  encodeCursor,
  facadeFailover,
  ProviderError,
  type CallClass,
  type FailoverLog,
  type FailoverPolicy,
} from '@secux-companion/server-kit/failover';
import {
  cursor as cursorParam,
  hexTx,
  pageSize,
  parseHexHash,
  parseId,
} from '@secux-companion/server-kit/params';
import {
  toWire,
  type AccountInfo,
  type FeeInfo,
  type HistoryPage,
  type TxStatus,
} from '@secux-companion/server-kit/types';
import { confirmationsOf, txStatusFailover, type TxRead } from '@secux-companion/server-kit/txStatus';
import type { XrpProvider } from './backend.js';
import { XRP_FEE_MAX, xrpBounds } from './bounds.js';
import type { XrpSimAnswer } from './simulate.js';

export { XRP_MAX_DROPS } from './bounds.js';

/** account_tx page size (spec 02: XRP history page 20). */
export const XRP_HISTORY_LIMIT = 20;
/**
 * The most a fee tier may be (drops): xrpl.js's default maxFeeXRP of 2 XRP. Only a plausible escalated fee is capped
 * here; a fee above bounds.ts's XRP_FEE_MAX is that provider's lie and the next one is asked.
 */
export const XRP_FEE_CAP = 2_000_000n;

/** The account answer: the generic fields and XRP's own (sequence, owned objects, activation, tag requirement). */
export type XrpAccountAnswer = AccountInfo & {
  sequence: number | null;
  ownerCount: number;
  activated: boolean;
  requireDestinationTag: boolean;
};

/** `GET /chains/XRP/ledger`: the validated ledger and its reserves (drops), read live. */
export interface XrpLedgerAnswer {
  chain: string;
  ledgerIndex: number;
  reserveBase: string;
  reserveIncrement: string;
  provider: string;
}

/** Read-only methods the node proxy forwards (submit goes through /broadcast). */
const RPC_METHODS: ReadonlySet<string> = new Set([
  'account_info',
  'account_tx',
  'ledger_closed',
  'fee',
  'server_info',
  'server_state',
]);

export interface XrpChainConfig {
  chain: string;
  providers: XrpProvider[];
  policy?: FailoverPolicy;
  log?: FailoverLog;
}

/** Engine results that mean "this sequence was used": the chain may hold this very transaction (a resend). */
const MAYBE_ALREADY = new Set(['tefPAST_SEQ', 'tefALREADY']);

const Address = z.string().refine(isValidXrpAddress, { message: 'must be an XRP address (r…)' });

export class XrpFacade implements ChainFacade {
  readonly family = 'xrp';
  readonly rpcMethods = RPC_METHODS;
  readonly rawTx = hexTx.transform((h) => h.replace(/^0x/, '').toUpperCase());

  constructor(readonly cfg: XrpChainConfig) {}

  get chain(): string {
    return this.cfg.chain;
  }

  private run<T>(
    what: string,
    fn: (p: XrpProvider, signal: AbortSignal) => Promise<T>,
    check?: (v: T) => void,
    cls: CallClass = 'read',
  ) {
    return facadeFailover(this.cfg, what, this.cfg.providers, fn, check, cls);
  }

  private address(id: string): string {
    return parseId(Address, id);
  }

  describe(source: ChainSource | undefined): Record<string, unknown> {
    return { chain: this.chain, family: this.family, ...(source ? { source } : {}) };
  }

  async account(id: string, _query: unknown): Promise<XrpAccountAnswer> {
    const address = this.address(id);
    const r = await this.run('balance', (p, s) => p.accountInfo(address, s), xrpBounds.account);
    const a = r.value;
    // rippled keeps no transaction count: an account in the ledger was created by at least one payment.
    return {
      chain: this.chain,
      address,
      balance: a.found ? a.balance.toString() : '0',
      unconfirmedBalance: '0',
      txCount: a.found ? 1 : 0,
      sequence: a.found ? a.sequence : null,
      ownerCount: a.found ? a.ownerCount : 0,
      activated: a.found,
      requireDestinationTag: a.found && a.requireDestinationTag,
      provider: r.provider,
    };
  }

  async history(id: string, query: unknown): Promise<HistoryPage> {
    const address = this.address(id);
    const q = parseInput(z.object({ cursor: cursorParam, pageSize }), query, 'query');
    const c = historyCursor(q.cursor, 'xrp', address);
    const sent = c?.m;
    const opsOf = (v: { transactions: unknown[] }) =>
      v.transactions.flatMap((t) => operationFromAccountTx(t, address) ?? []);
    // Amounts within the supply and dates that can be true, checked per provider (a lie goes to the next one).
    const r = await this.run(
      'history',
      (p, s) => p.accountTx(address, sent, XRP_HISTORY_LIMIT, s),
      (v) => xrpBounds.history(toWire(opsOf(v))),
      'history',
    );
    const operations = opsOf(r.value);
    const next = r.value.marker;
    // Paging ends when there is no marker or the server hands back the marker it was given.
    const done = next === undefined || next === null || JSON.stringify(next) === JSON.stringify(sent);
    return {
      operations: toWire(operations),
      cursor: done ? null : encodeCursor({ k: 'xrp', a: address, m: next }),
      provider: r.provider,
    };
  }

  async fees(): Promise<FeeInfo> {
    const r = await this.run('fees', (p, s) => p.fee(s), xrpBounds.fees);
    const f = r.value;
    const low = f.minimumFee > f.baseFee ? f.minimumFee : f.baseFee;
    const open = f.openLedgerFee > low ? f.openLedgerFee : low;
    const medium = open > XRP_FEE_CAP ? XRP_FEE_CAP : open;
    return {
      chain: this.chain,
      unit: 'drops',
      tiers: {
        high: medium.toString(),
        medium: medium.toString(),
        low: (low > medium ? medium : low).toString(),
      },
      source: 'network',
      provider: r.provider,
    };
  }

  /**
   * The XRP balance changes of an unsigned Payment as the ledger simulates it (rippled `simulate`; issue 32), or
   * `available: false` when no server has the command. The fee the server charges is at most XRP_FEE_MAX.
   */
  async simulate(txJson: Record<string, unknown>): Promise<XrpSimAnswer & { provider?: string }> {
    try {
      const r = await this.run(
        'simulate',
        (p, s) => p.simulate(txJson, s),
        (v) => {
          if (v.available && BigInt(v.fee) > XRP_FEE_MAX)
            throw new ProviderError('malformed', 'simulate: fee out of bounds');
        },
      );
      return { ...r.value, provider: r.provider };
    } catch (e) {
      if (e instanceof ChainApiError && e.code === 'no_provider') return { available: false };
      throw e;
    }
  }

  async ledger(): Promise<XrpLedgerAnswer> {
    const r = await this.run('ledger', (p, s) => p.ledger(s), xrpBounds.ledger);
    return {
      chain: this.chain,
      ledgerIndex: r.value.ledgerIndex,
      reserveBase: r.value.reserveBase.toString(),
      reserveIncrement: r.value.reserveIncrement.toString(),
      provider: r.provider,
    };
  }

  /**
   * Submits the blob. tesSUCCESS answers the hash; anything else is refused with the engine's message as it is —
   * including 'Held until escalated fee drops.' (terQUEUED), which the client shows as "server busy, check the
   * history in 20 s", not as a failure (core's classifier).
   */
  async broadcast(rawTx: string): Promise<BroadcastResult> {
    const r = await this.run('broadcast', (p, s) => p.submit(rawTx, s), undefined, 'submit');
    const { engineResult, message, hash } = r.value;
    if (engineResult === 'tesSUCCESS') return { hash, provider: r.provider };
    // A resend of the same bytes after a timeout: the first submit used the sequence. When the ledger holds this very
    // transaction, the send succeeded (its status tells whether it is validated).
    if (MAYBE_ALREADY.has(engineResult)) {
      const known = await this.txStatus(hash).catch(() => undefined);
      if (known && known.state !== 'unknown') return { hash, provider: r.provider };
    }
    const held = message === XRP_HELD_MESSAGE;
    throw new ChainApiError(422, held ? 'queued' : 'rejected', message, {
      chain: this.chain,
      engineResult,
      hash,
    });
  }

  /**
   * rippled's `tx`: final only in a validated ledger (tesSUCCESS confirmed, a tec code failed: its fee was claimed).
   * A transaction no validated ledger holds whose LastLedgerSequence has passed can never be validated: failed.
   */
  async txStatus(id: string): Promise<TxStatus> {
    // rippled spells hashes upper case.
    const hash = parseHexHash(id, 'a transaction hash').toUpperCase();
    return txStatusFailover(this.cfg, hash, this.cfg.providers, async (p, s): Promise<TxRead> => {
      const t = await p.tx(hash, s);
      if (!t.found) return { state: 'unknown' };
      const needsLedger = t.validated || t.lastLedgerSequence !== null;
      const validated = needsLedger ? (await p.ledger(s)).ledgerIndex : null;
      if (t.validated && t.ledgerIndex !== null && t.result !== null)
        return {
          state: t.result === 'tesSUCCESS' ? 'confirmed' : 'failed',
          confirmations: confirmationsOf(t.ledgerIndex, validated!),
          blockHeight: t.ledgerIndex,
          ...(t.result === 'tesSUCCESS' ? {} : { reason: t.result }),
        };
      if (t.validated) return { state: 'pending', confirmations: null, blockHeight: t.ledgerIndex };
      if (t.lastLedgerSequence !== null && validated !== null && t.lastLedgerSequence < validated)
        return {
          state: 'failed',
          confirmations: null,
          blockHeight: null,
          reason: 'tefMAX_LEDGER: LastLedgerSequence passed before a validated ledger held it',
        };
      return { state: 'pending', confirmations: null, blockHeight: t.ledgerIndex };
    });
  }

  async rpc(method: string, params: unknown[]): Promise<unknown> {
    const first = params[0] ?? {};
    if (typeof first !== 'object' || first === null || Array.isArray(first))
      throw new HttpError(400, 'invalid body: params: must be one object');
    const r = await this.run(method, (p, s) => p.call(method, first as Record<string, unknown>, s));
    return r.value;
  }
}
