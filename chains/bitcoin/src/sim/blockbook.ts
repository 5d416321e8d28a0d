/**
 * Blockbook API v2 over a local UTXO chain (shapes: shared/reference/apis/blockbook-v2.md): /api status, xpub and
 * descriptor accounts with gap-limit discovery, addresses, utxo, tx, tx-specific, sendtx (bitcoind's refusal as
 * HTTP 400 `{"error": "<code>: <reason>"}`), estimatefee; and mempool.space's fee API (BTC, TBTC). Empty fields are
 * left out as Blockbook leaves them out. Each route family is a function of ./blockbook/; this class routes to them.
 */
import type { UtxoChain } from './chain.js';
import { account } from './blockbook/account.js';
import { bad, type Answer } from './blockbook/answer.js';
import { balanceHistory } from './blockbook/balanceHistory.js';
import { estimateFee, mempoolApi, type FeeTable } from './blockbook/fees.js';
import type { DerivedCache } from './blockbook/subject.js';
import { sendtx, tx, txSpecific } from './blockbook/tx.js';
import { utxo } from './blockbook/utxo.js';

export type { Answer } from './blockbook/answer.js';
export type { FeeTable } from './blockbook/fees.js';

const notFound = (): Answer => ({ status: 404, body: { error: 'Not found' } });

export class Blockbook {
  /** The fees mempool.space (and estimatefee) answer; tests and the control route set them. */
  fees: FeeTable = { fastestFee: 20, halfHourFee: 10, hourFee: 5, economyFee: 2, minimumFee: 1 };
  private readonly derived: DerivedCache = new Map();

  constructor(readonly chain: UtxoChain) {}

  /** Routes below the coin's base URL (`/api/…`, `/mempool/api/…`). */
  handle(method: string, path: string, query: URLSearchParams, body: string): Answer {
    if (path === '/api' || path === '/api/') return this.status();
    const mempool = /^\/mempool\/api(\/.*)$/.exec(path);
    if (mempool) return mempoolApi(this.chain, this.fees, mempool[1]!);
    const m = /^\/api(?:\/v2)?\/([a-z-]+)\/?(.*)$/.exec(path);
    if (!m) return notFound();
    const [, route, rawArg] = m as unknown as [string, string, string];
    const arg = decodeURIComponent(rawArg);
    switch (route) {
      case 'xpub':
        return account(this.chain, this.derived, arg, query, true);
      case 'address':
        return account(this.chain, this.derived, arg, query, false);
      case 'balancehistory':
        return balanceHistory(this.chain, this.derived, arg, query);
      case 'utxo':
        return utxo(this.chain, this.derived, arg, query);
      case 'tx':
        return tx(this.chain, arg);
      case 'tx-specific':
        return txSpecific(this.chain, arg);
      case 'sendtx':
        return sendtx(this.chain, method === 'POST' ? body : arg);
      case 'estimatefee':
        return estimateFee(this.fees, arg);
      case 'block-index': {
        const b = this.chain.blocks[Number(arg)];
        return b && /^\d+$/.test(arg) ? { status: 200, body: { blockHash: b.hash } } : bad('Block not found');
      }
      default:
        return notFound();
    }
  }

  private status(): Answer {
    const h = this.chain.height;
    const coin = this.chain.coin;
    return {
      status: 200,
      body: {
        blockbook: {
          coin: coin.blockbookCoin,
          host: 'localnet',
          version: '0.5.0',
          bestHeight: h,
          inSync: true,
          inSyncMempool: true,
          mempoolSize: this.chain.mempool.size,
          decimals: 8,
        },
        backend: { chain: coin.chain, blocks: h, headers: h, bestBlockHash: this.chain.tip.hash },
      },
    };
  }
}
