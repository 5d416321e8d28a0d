/**
 * The watch-only wallet per account (legacy `createwallet` with private keys disabled, filled with `importmulti` of
 * the ranged descriptors; litecoind 0.21 has no descriptor wallets), for the transaction count and history.
 */
import { z } from 'zod';
import { ProviderError, validate } from '@secux-companion/server-kit/failover';
import type { CoreContext, Resolved } from './context.js';
import { batch, rpc } from './rpc.js';
import { AddrInfo, ListTx } from './schemas.js';

const HOUR = 3_600_000;
const ImportResults = z.array(
  z.object({ success: z.boolean(), error: z.object({ message: z.string() }).optional() }),
);

/** Creates the wallet, within the node's budget of new wallets (each one rescans) per hour. */
async function createWallet(ctx: CoreContext, wallet: string, signal: AbortSignal): Promise<void> {
  // Anonymous requests must not run up the node: a bounded number of new wallets (rescans) per hour.
  const { created } = ctx;
  const now = Date.now();
  while (created.length && created[0]! <= now - HOUR) created.shift();
  if (created.length >= ctx.perHour)
    throw new ProviderError('rateLimited', 'too many new accounts on this node; try again later', {
      retryAfter: Math.ceil((created[0]! + HOUR - now) / 1000),
      health: false,
    });
  created.push(now);
  await rpc(ctx, 'createwallet', [wallet, true, true], signal);
}

/** Makes the wallet available: already loaded, loaded from disk, or created. */
async function openWallet(ctx: CoreContext, wallet: string, signal: AbortSignal): Promise<void> {
  try {
    await rpc(ctx, 'getwalletinfo', [], signal, wallet);
  } catch (e) {
    if (!(e instanceof ProviderError) || e.opts.upstreamCode !== -18) throw e;
    try {
      await rpc(ctx, 'loadwallet', [wallet], signal);
    } catch (e2) {
      if (!(e2 instanceof ProviderError) || (e2.opts.upstreamCode !== -18 && e2.opts.upstreamCode !== -4))
        throw e2;
      if (e2.opts.upstreamCode === -4 && !/not found|does not exist|path/i.test(e2.message)) throw e2;
      await createWallet(ctx, wallet, signal);
    }
  }
}

/** Already watched? (first and last derived receive address) */
async function isWatched(ctx: CoreContext, r: Resolved, signal: AbortSignal): Promise<boolean> {
  const probe = [r.order[0]!, r.order[Math.min(r.order.length - 1, ctx.range - 1)]!];
  const infos = await batch(
    ctx,
    probe.map((a) => ({ method: 'getaddressinfo', params: [a] })),
    signal,
    r.wallet,
  );
  return infos.every(
    (i) =>
      !(i instanceof ProviderError) &&
      AddrInfo.safeParse(i).success &&
      (AddrInfo.parse(i).iswatchonly || AddrInfo.parse(i).ismine),
  );
}

/** Imports the subject's descriptors watch-only, with a rescan from `rescanSince`. */
async function importDescriptors(ctx: CoreContext, r: Resolved, signal: AbortSignal): Promise<void> {
  const reqs = r.descs.map((d) => ({
    desc: d.desc,
    ...(d.range ? { range: d.range } : {}),
    timestamp: ctx.o.rescanSince ?? 0,
    watchonly: true,
  }));
  let res: z.infer<typeof ImportResults>;
  try {
    res = validate(
      ImportResults,
      await rpc(ctx, 'importmulti', [reqs, { rescan: true }], signal, r.wallet),
      'importmulti',
    );
  } catch (e) {
    // Bitcoin Core ≥ 23 creates descriptor wallets, which take importdescriptors instead of importmulti.
    if (!(e instanceof ProviderError) || e.opts.upstreamCode !== -4) throw e;
    const descReqs = reqs.map(({ watchonly: _w, ...d }) => ({ ...d, active: false }));
    res = validate(
      ImportResults,
      await rpc(ctx, 'importdescriptors', [descReqs], signal, r.wallet),
      'importdescriptors',
    );
  }
  const bad = res.find((x) => !x.success);
  if (bad) throw new ProviderError('server', `importmulti failed: ${bad.error?.message ?? 'unknown'}`);
}

/** Loads or creates the account's watch-only wallet and imports its descriptors once (with a rescan). */
export async function ensureWallet(ctx: CoreContext, r: Resolved, signal: AbortSignal): Promise<string> {
  if (ctx.imported.get(r.key)) return r.wallet;
  return ctx.importMutex.run(async () => {
    if (ctx.imported.get(r.key)) return r.wallet;
    await openWallet(ctx, r.wallet, signal);
    if (!(await isWatched(ctx, r, signal))) await importDescriptors(ctx, r, signal);
    for (const [, wallet] of ctx.imported.set(r.key, r.wallet))
      await rpc(ctx, 'unloadwallet', [wallet], signal).catch(() => undefined); // loaded again when asked
    return r.wallet;
  });
}

/** The account's transaction ids, newest first (pending first, then by height/time descending). */
export async function walletTxids(ctx: CoreContext, r: Resolved, signal: AbortSignal) {
  const wallet = await ensureWallet(ctx, r, signal);
  const list = validate(
    ListTx,
    await rpc(ctx, 'listtransactions', ['*', 100000, 0, true], signal, wallet),
    'listtransactions',
  );
  const seen = new Map<string, { time: number; height: number | null }>();
  for (const e of list) {
    if (e.category === 'orphan' || e.confirmations < 0) continue;
    if (!seen.has(e.txid))
      seen.set(e.txid, {
        time: e.blocktime ?? e.time,
        height: e.confirmations > 0 ? (e.blockheight ?? null) : null,
      });
  }
  // Newest first: pending first, then by height/time descending.
  const ids = [...seen.entries()].sort((a, b) => {
    const ha = a[1].height ?? Number.MAX_SAFE_INTEGER;
    const hb = b[1].height ?? Number.MAX_SAFE_INTEGER;
    return hb - ha || b[1].time - a[1].time || (a[0] < b[0] ? -1 : 1);
  });
  return { wallet, ids: ids.map(([txid]) => txid) };
}
