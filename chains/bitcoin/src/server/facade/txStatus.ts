/**
 * The bitcoin family's finality is confirmations: in the mempool (0) it is pending, in a block (≥ 1) confirmed with
 * its confirmations. A txid no provider knows is unknown (not relayed yet, or evicted / replaced).
 */
import { having, ProviderError } from '@secux-companion/server-kit/failover';
import { parseHexHash } from '@secux-companion/server-kit/params';
import { txStatusFailover, type TxRead } from '@secux-companion/server-kit/txStatus';
import type { TxDetails, TxStatus } from '@secux-companion/server-kit/types';
import type { UtxoContext } from './context.js';

export function txStatus(c: UtxoContext, id: string): Promise<TxStatus> {
  const txid = parseHexHash(id, 'a txid').toLowerCase();
  return txStatusFailover(
    { chain: c.cfg.chain, policy: c.cfg.policy },
    txid,
    having(c.cfg.providers, 'getTx'),
    async (p, s): Promise<TxRead> => {
      let t: TxDetails;
      try {
        t = await p.getTx(txid, s);
      } catch (e) {
        if (e instanceof ProviderError && e.kind === 'notFound') return { state: 'unknown' };
        throw e;
      }
      c.bounds.tx(t);
      if (t.txid.toLowerCase() !== txid) throw new ProviderError('malformed', 'transaction: another txid');
      if (t.confirmations > 0)
        return { state: 'confirmed', confirmations: t.confirmations, blockHeight: t.blockHeight };
      return { state: 'pending', confirmations: 0, blockHeight: null };
    },
  );
}
