/**
 * The bitcoin family's facade: it parses the family's ids (addresses and account-level extended keys with their
 * purpose), picks the providers that implement a call and runs it with failover. Nothing here invents data: when
 * every provider fails the call fails (see failover.ts); only the fee lookup has a spec'd fallback (preset /
 * 200-120-60 tiers), flagged `source: 'fallback'`. The larger operations are one module each in facade/.
 */
import { z } from 'zod';
import { parseInput } from '@secux-companion/server-kit/errors';
import type { BroadcastResult, ChainFacade, ChainSource } from '@secux-companion/server-kit/facade';
import {
  ChainApiError,
  cursorProviders,
  failover,
  having,
  type FailoverLog,
} from '@secux-companion/server-kit/failover';
import { DEFAULT_HISTORY_PAGE, cursor, hexTx, pageSize } from '@secux-companion/server-kit/params';
import type {
  AccountInfo,
  FeeInfo,
  HistoryPage,
  TxDetails,
  TxStatus,
  Utxo,
} from '@secux-companion/server-kit/types';
import type { BalanceBucket, BalanceHistoryQuery, UtxoSubject, XpubQuery } from './backend.js';
import { ancestors, type AncestorsAnswer } from './facade/ancestors.js';
import { broadcast } from './facade/broadcast.js';
import { UtxoContext, type UtxoChainConfig } from './facade/context.js';
import { fees } from './facade/fees.js';
import { minRelayFee, type MinRelayFee } from './facade/minRelayFee.js';
import { AccountQuery, bip, subjectOf } from './facade/subject.js';
import { txStatus } from './facade/txStatus.js';

export type { AncestorsAnswer, MinRelayFee, UtxoChainConfig };

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

export class UtxoFacade implements ChainFacade {
  readonly family = 'bitcoin';
  readonly rpcMethods = RPC_METHODS;
  /** Hex without 0x, as the nodes take it. */
  readonly rawTx = hexTx.transform((h) => h.replace(/^0x/, ''));

  private readonly c: UtxoContext;

  constructor(
    readonly cfg: UtxoChainConfig,
    log?: FailoverLog,
  ) {
    this.c = new UtxoContext(cfg, log);
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
      await this.c.run(
        'getAccount',
        'balance',
        (p, s) => p.getAccount(q, this.cfg.chain, s),
        this.c.bounds.account,
        // An xpub account is a scan (Blockbook derives and looks up its addresses; a node imports and rescans).
        q.subject.kind === 'xpub' ? 'history' : 'read',
      )
    ).value;
  }

  async utxos(subject: UtxoSubject, confirmedOnly: boolean): Promise<Utxo[]> {
    return (
      await this.c.run(
        'getUtxos',
        'unspent outputs',
        (p, s) => p.getUtxos(subject, confirmedOnly, s),
        this.c.bounds.utxos,
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
      this.c.opts(this.c.bounds.history, undefined, 'history'),
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
    const r = await this.c.run(
      'getBalanceHistory',
      'balance history',
      (p, s) => p.getBalanceHistory(subject, q, s),
      this.c.bounds.balanceHistory,
      'history',
    );
    return { buckets: r.value };
  }

  async tx(txid: string): Promise<TxDetails> {
    return (await this.c.run('getTx', 'transaction', (p, s) => p.getTx(txid, s), this.c.bounds.tx)).value;
  }

  async rawTxOf(txid: string): Promise<string> {
    try {
      return (await this.c.run('getRawTx', 'raw transaction', (p, s) => p.getRawTx(txid, s))).value;
    } catch (e) {
      if (e instanceof ChainApiError && e.statusCode >= 500)
        throw new ChainApiError(e.statusCode, e.code, 'Can not fetch transaction data', e.extra);
      throw e;
    }
  }

  broadcast(hex: string): Promise<BroadcastResult> {
    return broadcast(this.c, hex);
  }

  /** Pending in the mempool, confirmed with its confirmations, or unknown (facade/txStatus.ts). */
  txStatus(id: string): Promise<TxStatus> {
    return txStatus(this.c, id);
  }

  /** The network's fee tiers, the preset ones, or the spec's fallback (facade/fees.ts). */
  fees(): Promise<FeeInfo> {
    return fees(this.c);
  }

  /** The lowest fee rate the network relays now (facade/minRelayFee.ts). */
  minRelayFee(): Promise<MinRelayFee> {
    return minRelayFee(this.c);
  }

  /** A pending transaction's fee and vsize with its unconfirmed ancestors (facade/ancestors.ts). */
  ancestors(id: string): Promise<AncestorsAnswer> {
    return ancestors(this.c, id);
  }

  async rpc(method: string, params: unknown[]): Promise<unknown> {
    // The node's broadcast is a submit (its own timeout and budget); every other forwarded method a read.
    const cls = method === 'sendrawtransaction' ? 'submit' : 'read';
    return (await this.c.run('rpc', method, (p, s) => p.rpc(method, params, s), undefined, cls)).value;
  }
}
