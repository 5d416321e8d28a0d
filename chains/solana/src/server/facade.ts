/**
 * The Solana facade: two JSON-RPC nodes picked at random for each call with one retry on the other (spec 02 "SOL"),
 * 30 s per call and 3 s for balance calls. Account = balance + recent signatures (limit 25, the used test) + token
 * accounts of both token programs (jsonParsed) with metadata by mint; history = getSignaturesForAddress (25) and the
 * transactions behind them; fees from getRecentPrioritizationFees; and the routes the send needs (address, mint,
 * rent, priority fees of given accounts, simulation, blockhash and its validity).
 *
 * The operations live in ./facade/ over a shared context: account, mint, fees, send (simulation, blockhash,
 * broadcast), history and txStatus.
 */
import { HttpError } from '@secux-companion/server-kit/errors';
import type { BroadcastResult, ChainFacade, ChainSource } from '@secux-companion/server-kit/facade';
import type { FeeInfo, HistoryPage, TxStatus } from '@secux-companion/server-kit/types';
import { account, addressInfo, type SolanaAccountAnswer } from './facade/account.js';
import { SolanaContext, base64Tx, type SolanaChainConfig } from './facade/context.js';
import { fees, priorityFees, rent } from './facade/fees.js';
import { history } from './facade/history.js';
import { mint, type SolanaMintAnswer } from './facade/mint.js';
import { blockhash, blockhashStatus, broadcast, simulate, simulateChanges } from './facade/send.js';
import { txStatus } from './facade/txStatus.js';

export {
  SOL_BALANCE_TIMEOUT_MS,
  SOL_HISTORY_TOKEN_ACCOUNTS,
  SOL_SIGNATURES_LIMIT,
  base64Tx,
  solanaAddress,
  type SolanaChainConfig,
} from './facade/context.js';
export type { SolanaAccountAnswer, SolanaTokenAnswer } from './facade/account.js';
export type { SolanaMintAnswer } from './facade/mint.js';

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

export class SolanaFacade implements ChainFacade {
  readonly family = 'solana';
  readonly rpcMethods = RPC_METHODS;
  readonly rawTx = base64Tx;
  private readonly ctx: SolanaContext;

  constructor(readonly cfg: SolanaChainConfig) {
    this.ctx = new SolanaContext(cfg);
  }

  get chain(): string {
    return this.cfg.chain;
  }

  describe(source: ChainSource | undefined): Record<string, unknown> {
    return { chain: this.chain, family: this.family, ...(source ? { source } : {}) };
  }

  account(id: string, _query: unknown): Promise<SolanaAccountAnswer> {
    return account(this.ctx, id);
  }

  addressInfo(id: string) {
    return addressInfo(this.ctx, id);
  }

  mint(id: string): Promise<SolanaMintAnswer & { provider: string }> {
    return mint(this.ctx, id);
  }

  rent(size: number) {
    return rent(this.ctx, size);
  }

  priorityFees(accounts: readonly string[]) {
    return priorityFees(this.ctx, accounts);
  }

  fees(): Promise<FeeInfo> {
    return fees(this.ctx);
  }

  simulate(tx: string) {
    return simulate(this.ctx, tx);
  }

  /** The balance changes of a transaction, computed by the chain (facade/send.ts). */
  simulateChanges(tx: string) {
    return simulateChanges(this.ctx, tx);
  }

  blockhash() {
    return blockhash(this.ctx);
  }

  blockhashStatus(id: string) {
    return blockhashStatus(this.ctx, id);
  }

  /** A history page: the owner's and its token accounts' signatures, merged newest first (facade/history.ts). */
  history(id: string, query: unknown): Promise<HistoryPage> {
    return history(this.ctx, id, query);
  }

  broadcast(rawTx: string): Promise<BroadcastResult> {
    return broadcast(this.ctx, rawTx);
  }

  /** Final at the signature's `finalized` commitment (facade/txStatus.ts). */
  txStatus(id: string): Promise<TxStatus> {
    return txStatus(this.ctx, id);
  }

  async rpc(method: string, params: unknown[]): Promise<unknown> {
    if (params.length > 3) throw new HttpError(400, 'invalid body: params: at most 3');
    const r = await this.ctx.run(method, (p, s) => p.raw(method, params, s));
    return r.value;
  }
}
