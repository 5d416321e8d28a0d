/**
 * The BNB Beacon Chain facade: a RETIRED chain (halted 2024-12-03 at block 385,251,927). `GET /chains/BNB` says so
 * and whether an archive provider is configured; with one, account and history are read from it (10 per page,
 * spec 02); without one (the default) they answer 410 `chainRetired`, which the app shows as the retired state.
 * Nothing is ever sent: fees and broadcast answer 410 `readOnlyChain`, and no node method is forwarded.
 */
import {
  BNB_HALT_DATE,
  BNB_HALT_HEIGHT,
  isValidBnbAddress,
  operationFromArchiveTx,
  type BnbAssetBalance,
} from '@secux-companion/chain-bnb';
import { HISTORY_PAGE_SIZE } from '@secux-companion/core';
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
import { cursor as cursorParam, hexTx, pageSize, parseId } from '@secux-companion/server-kit/params';
import {
  toWire,
  type AccountInfo,
  type FeeInfo,
  type HistoryPage,
  type TxStatus,
} from '@secux-companion/server-kit/types';
import type { BnbArchiveProvider } from './backend.js';
import { bnbBounds } from './bounds.js';

/** Archive history page (spec 02: BNB history page 10). */
export const BNB_HISTORY_LIMIT = HISTORY_PAGE_SIZE;
/** The furthest offset paged to (a bound on what a cursor may ask). */
export const BNB_MAX_OFFSET = 100_000;

/** The account answer: the generic fields and every asset line (amounts in 1e-8 units, as strings). */
export type BnbAccountAnswer = AccountInfo & {
  balances: { symbol: string; free: string; locked: string; frozen: string }[];
};

export interface BnbChainConfig {
  chain: string;
  /** Archive providers, in order; none = the retired state. */
  providers: BnbArchiveProvider[];
  policy?: FailoverPolicy;
  log?: FailoverLog;
}

const Address = z
  .string()
  .refine((a) => isValidBnbAddress(a), { message: 'must be a BNB Beacon Chain address (bnb1…)' });

const wireBalance = (b: BnbAssetBalance) => ({
  symbol: b.symbol,
  free: b.free.toString(),
  locked: b.locked.toString(),
  frozen: b.frozen.toString(),
});

export class BnbFacade implements ChainFacade {
  readonly family = 'bnb';
  readonly rpcMethods: ReadonlySet<string> = new Set();
  readonly rawTx = hexTx;

  constructor(readonly cfg: BnbChainConfig) {}

  get chain(): string {
    return this.cfg.chain;
  }

  get archive(): boolean {
    return this.cfg.providers.length > 0;
  }

  private retired(): ChainApiError {
    return new ChainApiError(
      410,
      'chainRetired',
      `The BNB Beacon Chain was shut down on ${BNB_HALT_DATE} at block ${BNB_HALT_HEIGHT}; no archive is configured`,
      { chain: this.chain },
    );
  }

  private readOnly(): ChainApiError {
    return new ChainApiError(
      410,
      'readOnlyChain',
      'The BNB Beacon Chain was shut down: nothing can be sent',
      {
        chain: this.chain,
      },
    );
  }

  private run<T>(
    what: string,
    fn: (p: BnbArchiveProvider, signal: AbortSignal) => Promise<T>,
    check?: (v: T) => void,
    cls: CallClass = 'read',
  ) {
    if (!this.archive) throw this.retired();
    return facadeFailover(this.cfg, what, this.cfg.providers, fn, check, cls);
  }

  private address(id: string): string {
    return parseId(Address, id);
  }

  describe(source: ChainSource | undefined): Record<string, unknown> {
    return {
      chain: this.chain,
      family: this.family,
      retired: true,
      archive: this.archive,
      haltHeight: BNB_HALT_HEIGHT,
      haltDate: BNB_HALT_DATE,
      ...(source ? { source } : {}),
    };
  }

  async account(id: string, _query: unknown): Promise<BnbAccountAnswer> {
    const address = this.address(id);
    const r = await this.run('balance', (p, s) => p.account(address, s), bnbBounds.account);
    const bnb = r.value.balances.find((b) => b.symbol === 'BNB');
    return {
      chain: this.chain,
      address,
      balance: (bnb ? bnb.free + bnb.locked + bnb.frozen : 0n).toString(),
      unconfirmedBalance: '0',
      txCount: r.value.sequence,
      balances: r.value.balances.map(wireBalance),
      provider: r.provider,
    };
  }

  async history(id: string, query: unknown): Promise<HistoryPage> {
    const address = this.address(id);
    const q = parseInput(z.object({ cursor: cursorParam, pageSize }), query, 'query');
    const c = historyCursor(
      q.cursor,
      'bnb',
      address,
      ({ o }) => typeof o === 'number' && Number.isSafeInteger(o) && o >= 0 && o <= BNB_MAX_OFFSET,
    );
    const from = typeof c?.o === 'number' ? c.o : 0;
    const opsOf = (txs: unknown[]) => txs.flatMap((t) => operationFromArchiveTx(t, address) ?? []);
    const r = await this.run(
      'history',
      (p, s) => p.transactions(address, from, BNB_HISTORY_LIMIT, s),
      (v) => bnbBounds.history(toWire(opsOf(v.txs))),
      'history',
    );
    const operations = opsOf(r.value.txs);
    const next = from + r.value.txs.length;
    const more = r.value.txs.length >= BNB_HISTORY_LIMIT && next < r.value.total && next <= BNB_MAX_OFFSET;
    return {
      operations: toWire(operations),
      cursor: more ? encodeCursor({ k: 'bnb', a: address, o: next }) : null,
      provider: r.provider,
    };
  }

  fees(): Promise<FeeInfo> {
    return Promise.reject(this.readOnly());
  }

  broadcast(_rawTx: string): Promise<BroadcastResult> {
    return Promise.reject(this.readOnly());
  }

  /** Nothing was sent on the halted chain through this server, so there is nothing to follow: 410 `readOnlyChain`. */
  txStatus(_hash: string): Promise<TxStatus> {
    return Promise.reject(this.readOnly());
  }

  rpc(_method: string, _params: unknown[]): Promise<unknown> {
    return Promise.reject(new HttpError(400, 'the BNB Beacon Chain has no node to ask: it was shut down'));
  }
}
