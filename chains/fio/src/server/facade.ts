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
 *
 * The operations live in ./facade/ over a shared context: account (balance, requests, staking), history, tx
 * (fees, broadcast, status) and names (the name service).
 */
import { z } from 'zod';
import { HttpError } from '@secux-companion/server-kit/errors';
import type { BroadcastResult, ChainFacade, ChainSource } from '@secux-companion/server-kit/facade';
import type { FeeInfo, HistoryPage, TxStatus } from '@secux-companion/server-kit/types';
import { account, requests, staking, type FioAccountAnswer } from './facade/account.js';
import { FioContext, PushBody, type FioChainConfig } from './facade/context.js';
import { history } from './facade/history.js';
import { abi, avail, chainRef, fee, names, publicAddress, publicAddresses } from './facade/names.js';
import { broadcast, fees, txStatus } from './facade/tx.js';

export { FIO_MAX_SUF, type FioAccountAnswer } from './facade/account.js';
export type { FioChainConfig } from './facade/context.js';

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

  private readonly ctx: FioContext;

  /** `tpid`: the technology provider id the wallet attaches to every action ('' = none; config.ts). */
  constructor(readonly cfg: FioChainConfig & { tpid?: string }) {
    this.ctx = new FioContext(cfg);
  }

  get chain(): string {
    return this.cfg.chain;
  }

  describe(source: ChainSource | undefined): Record<string, unknown> {
    // tpid: the technology provider id the wallet attaches to every FIO action it builds (config.ts).
    return {
      chain: this.chain,
      family: this.family,
      tpid: this.cfg.tpid ?? '',
      ...(source ? { source } : {}),
    };
  }

  account(id: string, _query: unknown): Promise<FioAccountAnswer> {
    return account(this.ctx, id);
  }

  history(id: string, query: unknown): Promise<HistoryPage> {
    return history(this.ctx, id, query);
  }

  fees(): Promise<FeeInfo> {
    return fees(this.ctx);
  }

  broadcast(rawTx: string): Promise<BroadcastResult> {
    return broadcast(this.ctx, rawTx);
  }

  /** Final at nodeos's last irreversible block (facade/tx.ts). */
  txStatus(id: string): Promise<TxStatus> {
    return txStatus(this.ctx, id);
  }

  async rpc(): Promise<unknown> {
    throw new HttpError(400, 'FIO has no JSON-RPC proxy');
  }

  // --- the name service (fio routes) ---

  chainRef() {
    return chainRef(this.ctx);
  }

  abi(account: string) {
    return abi(this.ctx, account);
  }

  fee(endPoint: string, fioAddress: string) {
    return fee(this.ctx, endPoint, fioAddress);
  }

  names(id: string) {
    return names(this.ctx, id);
  }

  avail(name: string) {
    return avail(this.ctx, name);
  }

  publicAddresses(handle: string) {
    return publicAddresses(this.ctx, handle);
  }

  publicAddress(handle: string, query: unknown) {
    return publicAddress(this.ctx, handle, query);
  }

  // --- payment requests and staking (issue 17) ---

  requests(id: string, which: 'sent' | 'received') {
    return requests(this.ctx, id, which);
  }

  staking(id: string) {
    return staking(this.ctx, id);
  }
}
