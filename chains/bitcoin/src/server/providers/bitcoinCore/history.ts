/**
 * History pages from the account's watch-only wallet: `listtransactions` for the ids (newest first), then
 * `gettransaction` and `decoderawtransaction` of one page, with the previous outputs of its inputs. The cursor is
 * an offset into the id list.
 */
import type { z } from 'zod';
import { ProviderError, decodeCursor, encodeCursor, validate } from '@secux-companion/server-kit/failover';
import type { HistoryQuery, UtxoSubject } from '../../backend.js';
import { toUtxoOperation } from '../../ops.js';
import type { CoreContext, Resolved } from './context.js';
import { resolve } from './resolve.js';
import { batch, checkChain } from './rpc.js';
import { DecodedTx, SATS, WalletTx, type Decoded } from './schemas.js';
import { addrOf, inputsOf, isRbf, prevouts } from './txs.js';
import { walletTxids } from './wallet.js';

type WalletEntry = { txid: string } & z.infer<typeof WalletTx>;

/** The page's transactions: the wallet's view (confirmations, times) and the decoded transaction. */
async function readPage(ctx: CoreContext, page: string[], wallet: string, signal: AbortSignal) {
  const wtx = await batch(
    ctx,
    page.map((t) => ({ method: 'gettransaction', params: [t, true] })),
    signal,
    wallet,
  );
  const wtxs: WalletEntry[] = wtx.map((x, i) => {
    if (x instanceof ProviderError) throw x;
    return { txid: page[i]!, ...validate(WalletTx, x, 'gettransaction') };
  });
  const decoded = await batch(
    ctx,
    wtxs.map((w) => ({ method: 'decoderawtransaction', params: [w.hex] })),
    signal,
  );
  const txs = decoded.map((d) => {
    if (d instanceof ProviderError) throw d;
    return validate(DecodedTx, d, 'decoderawtransaction');
  });
  return { wtxs, txs };
}

function toOperation(r: Resolved, tx: Decoded, w: WalletEntry, prev: Map<string, Decoded>) {
  const own = (a: string | undefined) => !!a && r.info.has(a);
  return toUtxoOperation(
    {
      txid: tx.txid,
      blockHeight: w.confirmations > 0 ? (w.blockheight ?? null) : null,
      time: (w.blocktime ?? w.time) * 1000,
      ...(tx.vsize !== undefined ? { vsize: tx.vsize } : {}),
      rbf: isRbf(tx),
      inputs: inputsOf(tx, prev).map((x) => ({
        ...x,
        isOwn: own('address' in x ? x.address : undefined),
      })),
      outputs: tx.vout.map((v) => {
        const address = addrOf(v.scriptPubKey);
        return { n: v.n, ...(address ? { address } : {}), value: SATS(v.value), isOwn: own(address) };
      }),
    },
    (a) => r.info.get(a)?.path,
  );
}

export async function getHistory(
  ctx: CoreContext,
  subject: UtxoSubject,
  q: HistoryQuery,
  signal: AbortSignal,
) {
  await checkChain(ctx, signal);
  const c = decodeCursor(q.cursor);
  if (c && c.k !== 'core') throw new ProviderError('unsupported', 'cursor belongs to another provider kind');
  const offset = c && typeof c.o === 'number' && c.o >= 0 ? Math.floor(c.o) : 0;
  const r = await resolve(ctx, subject, signal);
  const { wallet, ids } = await walletTxids(ctx, r, signal);
  const { wtxs, txs } = await readPage(ctx, ids.slice(offset, offset + q.pageSize), wallet, signal);
  const prev = await prevouts(
    ctx,
    txs.flatMap((t) => t.vin.filter((i) => i.txid && !i.coinbase).map((i) => i.txid!)),
    wallet,
    signal,
  );
  const operations = txs.map((tx, i) => toOperation(r, tx, wtxs[i]!, prev));
  const next = offset + q.pageSize;
  return { operations, cursor: next < ids.length ? encodeCursor({ k: 'core', o: next }) : null };
}
