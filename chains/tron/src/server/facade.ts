/**
 * The TRON facade: the account with its bandwidth, energy and tokens (getaccount, getaccountresource, the index's
 * TRC-20 balances, token details looked up once and kept), the chain's prices (getchainparameters), the current block,
 * energy estimates (triggerconstantcontract), token lookups, history from the index (transactions + TRC-20 transfers,
 * 200 a page) and broadcast (broadcasthex: the id when `result` is true, otherwise the node's message).
 *
 * The operations live in ./facade/ over a shared context: account, tokens, history, chain (prices, block,
 * estimates, fees) and tx (info, status, broadcast).
 */
import { HttpError } from '@secux-companion/server-kit/errors';
import type { BroadcastResult, ChainFacade, ChainSource } from '@secux-companion/server-kit/facade';
import { hexTx } from '@secux-companion/server-kit/params';
import type { FeeInfo, HistoryPage, TxStatus } from '@secux-companion/server-kit/types';
import type { TronAccountAnswer, TronParamsAnswer, TronTokenAnswer } from './answers.js';
import { account } from './facade/account.js';
import { block, estimate, fees, params } from './facade/chain.js';
import { TronContext, type TronChainConfig } from './facade/context.js';
import { history } from './facade/history.js';
import { token } from './facade/tokens.js';
import { broadcast, tx, txStatus } from './facade/tx.js';

export { PARAM_KEYS } from './facade/chain.js';
export type { TronChainConfig } from './facade/context.js';

export class TronFacade implements ChainFacade {
  readonly family = 'tron';
  readonly rpcMethods: ReadonlySet<string> = new Set();
  readonly rawTx = hexTx.transform((h) => h.replace(/^0x/, '').toLowerCase());
  private readonly ctx: TronContext;

  constructor(readonly cfg: TronChainConfig) {
    this.ctx = new TronContext(cfg);
  }

  get chain(): string {
    return this.cfg.chain;
  }

  describe(source: ChainSource | undefined): Record<string, unknown> {
    return { chain: this.chain, family: this.family, ...(source ? { source } : {}) };
  }

  account(id: string, _query: unknown): Promise<TronAccountAnswer> {
    return account(this.ctx, id);
  }

  token(contract: string, ownerQ: unknown): Promise<TronTokenAnswer> {
    return token(this.ctx, contract, ownerQ);
  }

  history(id: string, query: unknown): Promise<HistoryPage> {
    return history(this.ctx, id, query);
  }

  params(): Promise<TronParamsAnswer> {
    return params(this.ctx);
  }

  block() {
    return block(this.ctx);
  }

  estimate(body: unknown) {
    return estimate(this.ctx, body);
  }

  /** gettransactioninfobyid: whether the transaction is in a block yet, what it burned, its receipt's result. */
  tx(id: string) {
    return tx(this.ctx, id);
  }

  /** Fees in sun: a plain transfer's bandwidth burn at the chain's price (the send computes the real cost). */
  fees(): Promise<FeeInfo> {
    return fees(this.ctx);
  }

  /** Final in a solidified block (facade/tx.ts). */
  txStatus(id: string): Promise<TxStatus> {
    return txStatus(this.ctx, id);
  }

  /** broadcasthex: the id when the node says result true, otherwise its code and message. */
  broadcast(rawTx: string): Promise<BroadcastResult> {
    return broadcast(this.ctx, rawTx);
  }

  async rpc(method: string, _params: unknown[]): Promise<unknown> {
    throw new HttpError(400, `method not allowed: ${method}`);
  }
}
