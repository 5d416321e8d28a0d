/** Fees: Blockbook's `/api/v2/estimatefee/<blocks>` and mempool.space's API (BTC, TBTC) from one fee table. */
import type { UtxoChain } from '../chain.js';
import { bad, type Answer } from './answer.js';
import { esploraTx } from './esplora.js';

export interface FeeTable {
  fastestFee: number;
  halfHourFee: number;
  hourFee: number;
  economyFee: number;
  minimumFee: number;
}

export function estimateFee(fees: FeeTable, arg: string): Answer {
  if (!arg) return bad("Missing parameter 'number of blocks'");
  if (!/^\d+$/.test(arg)) return bad("Parameter 'number of blocks' is not a number");
  const blocks = Number(arg);
  const perVb = blocks <= 2 ? fees.fastestFee : blocks <= 6 ? fees.halfHourFee : fees.hourFee;
  return { status: 200, body: { result: (perVb / 100_000).toFixed(8) } };
}

/**
 * `/mempool/api/…`: the recommended fees, a block's hash by height (plain text) and a transaction (`/tx/:txid`,
 * Esplora format); 404 for coins without it.
 */
export function mempoolApi(chain: UtxoChain, fees: FeeTable, path: string): Answer {
  if (!chain.coin.mempoolFees) return { status: 404, body: 'Not Found', text: true };
  if (path === '/v1/fees/recommended') return { status: 200, body: fees };
  const tx = /^\/tx\/([^/]+)$/.exec(path);
  if (tx) return esploraTx(chain, tx[1]!);
  const bh = /^\/block-height\/(\d+)$/.exec(path);
  if (bh) {
    const b = chain.blocks[Number(bh[1])];
    return b
      ? { status: 200, body: b.hash, text: true }
      : { status: 404, body: 'Block not found', text: true };
  }
  return { status: 404, body: 'Not Found', text: true };
}
