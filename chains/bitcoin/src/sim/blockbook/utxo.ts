/** `/api/v2/utxo/…`: the unspent outputs of an address or xpub, newest first. */
import type { UtxoChain } from '../chain.js';
import { addressToScript } from '../script.js';
import { bad, dropEmpty, type Answer } from './answer.js';
import { DEFAULT_GAP, subjectOf, type DerivedCache } from './subject.js';

export function utxo(chain: UtxoChain, derived: DerivedCache, arg: string, q: URLSearchParams): Answer {
  const isXpub = !addressToScript(chain.coin, arg);
  const s = subjectOf(chain, derived, arg, isXpub, DEFAULT_GAP);
  if (!s) return bad(`Invalid address or xpub, ${arg}`);
  const onlyConfirmed = q.get('confirmed') === 'true';
  const paths = new Map(s.addresses().map((a) => [a.address, a.path]));
  const out: Record<string, unknown>[] = [];
  for (const c of chain.coins.values()) {
    if (!c.address || !paths.has(c.address)) continue;
    const spentInBlock = c.spentBy && chain.txs.get(c.spentBy)?.height !== null;
    // Blockbook: outputs spent in the mempool are left out unless only confirmed outputs are asked for.
    if (spentInBlock || (c.spentBy && !onlyConfirmed)) continue;
    if (onlyConfirmed && c.height === null) continue;
    const confirmations = chain.confirmations(c.height);
    out.push(
      dropEmpty({
        txid: c.txid,
        vout: c.vout,
        value: c.value.toString(),
        height: c.height ?? undefined,
        confirmations,
        ...(s.xpub ? { address: c.address, path: paths.get(c.address) } : {}),
        coinbase: c.coinbase && confirmations < 100 ? true : undefined,
      }),
    );
  }
  out.sort((a, b) => ((b.height as number) ?? Infinity) - ((a.height as number) ?? Infinity));
  return { status: 200, body: out };
}
