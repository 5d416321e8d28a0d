/** History pages: /api/v2/xpub or /address with details=txs; the cursor is Blockbook's page number. */
import type { z } from 'zod';
import { ProviderError, decodeCursor, encodeCursor, validate } from '@secux-companion/server-kit/failover';
import type { HistoryQuery, UtxoSubject } from '../../backend.js';
import { toUtxoOperation } from '../../ops.js';
import { call, checkChain, type BlockbookContext } from './context.js';
import { descriptorOf, pathOf } from './mappers.js';
import { BbAddress, type BbTx } from './schemas.js';

/** One transaction as an operation of the subject; `paths` are the account's addresses with their paths. */
function toOperation(subject: UtxoSubject, paths: Map<string, string>, t: BbTx) {
  const own = (addrs: string[] | undefined, flag: boolean | undefined) =>
    flag ??
    (subject.kind === 'address'
      ? (addrs ?? []).includes(subject.address)
      : (addrs ?? []).some((a) => paths.has(a)));
  return toUtxoOperation(
    {
      txid: t.txid,
      blockHeight: t.blockHeight >= 0 ? t.blockHeight : null,
      time: t.blockTime ? t.blockTime * 1000 : null,
      ...(t.vsize !== undefined ? { vsize: t.vsize } : {}),
      ...(t.fees !== undefined ? { fee: t.fees } : {}),
      rbf: t.rbf ?? false,
      inputs: t.vin.map((i) => ({
        ...(i.txid ? { txid: i.txid, vout: i.vout ?? 0 } : {}),
        ...(i.addresses?.[0] ? { address: i.addresses[0] } : {}),
        ...(i.value !== undefined ? { value: i.value } : {}),
        isOwn: own(i.addresses, i.isOwn),
        ...(i.coinbase ? { coinbase: true } : {}),
      })),
      outputs: t.vout.map((v) => ({
        n: v.n,
        ...(v.addresses?.[0] ? { address: v.addresses[0] } : {}),
        value: v.value ?? '0',
        isOwn: own(v.addresses, v.isOwn),
      })),
    },
    (a) => paths.get(a),
  );
}

async function readPage(
  ctx: BlockbookContext,
  subject: UtxoSubject,
  page: number,
  pageSize: number,
  signal: AbortSignal,
): Promise<z.infer<typeof BbAddress>> {
  const params = new URLSearchParams({
    details: 'txs',
    page: String(page),
    pageSize: String(pageSize),
  });
  if (subject.kind === 'xpub') params.set('tokens', 'used');
  return validate(
    BbAddress,
    await call(
      ctx,
      `/api/v2/${pathOf(subject)}/${encodeURIComponent(descriptorOf(subject))}?${params}`,
      signal,
    ),
    'Blockbook history',
  );
}

export async function getHistory(
  ctx: BlockbookContext,
  subject: UtxoSubject,
  q: HistoryQuery,
  signal: AbortSignal,
) {
  await checkChain(ctx, signal);
  const c = decodeCursor(q.cursor);
  if (c && c.k !== 'blockbook')
    throw new ProviderError('unsupported', 'cursor belongs to another provider kind');
  const page = c && typeof c.p === 'number' && c.p >= 1 ? Math.floor(c.p) : 1;
  const d = await readPage(ctx, subject, page, q.pageSize, signal);
  const paths = new Map<string, string>();
  for (const t of d.tokens ?? []) if (t.path) paths.set(t.name, t.path);
  const ops = (d.transactions ?? []).map((t) => toOperation(subject, paths, t));
  const totalPages = d.totalPages ?? 1;
  const served = d.page ?? page;
  // A page that should hold transactions by the answer's own count but holds none is a broken upstream.
  const expected = Math.min(q.pageSize, Math.max(0, (d.txs ?? 0) - (page - 1) * q.pageSize));
  if (served === page && expected > 0 && !(d.transactions ?? []).length)
    throw new ProviderError('malformed', `history claims ${d.txs} transactions but lists none`);
  return {
    operations: served === page ? ops : [],
    cursor: served < totalPages && served === page ? encodeCursor({ k: 'blockbook', p: page + 1 }) : null,
  };
}
