/** `/api/v2/tx/…`, `/api/v2/tx-specific/…` and `/api/v2/sendtx` (bitcoind's refusal as `"<code>: <reason>"`). */
import { RejectError, type UtxoChain } from '../chain.js';
import { bad, type Answer } from './answer.js';
import { txJson } from './txJson.js';

export function tx(chain: UtxoChain, txid: string): Answer {
  const r = /^[0-9a-f]{64}$/.test(txid) ? chain.txs.get(txid) : undefined;
  if (!r) return bad(`Transaction '${txid}' not found`);
  return { status: 200, body: txJson(chain, r) };
}

export function txSpecific(chain: UtxoChain, txid: string): Answer {
  const r = chain.txs.get(txid);
  if (!r) return bad(`Transaction '${txid}' not found`);
  return {
    status: 200,
    body: {
      txid: r.txid,
      hex: r.hex,
      version: r.tx.version,
      locktime: r.tx.locktime,
      size: r.size,
      vsize: r.vsize,
    },
  };
}

export function sendtx(chain: UtxoChain, hex: string): Answer {
  try {
    return { status: 200, body: { result: chain.submit(hex) } };
  } catch (e) {
    if (e instanceof RejectError) return bad(`${e.code}: ${e.message}`);
    throw e;
  }
}
