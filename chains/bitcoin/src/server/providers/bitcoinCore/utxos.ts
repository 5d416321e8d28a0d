/**
 * Unspent outputs: the scantxoutset ones plus the mempool outputs paying the account, each checked with
 * `gettxout(txid, n, include_mempool=true)`: null = spent, also by a pending transaction (Litecoin Core 0.21 has no
 * `gettxspendingprevout`); confirmations 0 = pending (height null).
 */
import { z } from 'zod';
import { ProviderError, validate } from '@secux-companion/server-kit/failover';
import type { Utxo } from '@secux-companion/server-kit/types';
import type { UtxoSubject } from '../../backend.js';
import type { CoreContext, Resolved } from './context.js';
import { pendingOutputs } from './mempool.js';
import { resolve, scan, scanAddress } from './resolve.js';
import { batch, checkChain, rpc } from './rpc.js';
import { SATS, TxOut, type ScanResult } from './schemas.js';
import { addrOf } from './txs.js';

interface Candidate {
  txid: string;
  vout: number;
  address?: string;
  height?: number;
}

/** The confirmed UTXO set plus, unless confirmed-only, the mempool outputs paying the account. */
async function candidatesOf(
  ctx: CoreContext,
  r: Resolved,
  s: ScanResult,
  confirmedOnly: boolean,
  signal: AbortSignal,
): Promise<Candidate[]> {
  const cands = new Map<string, Candidate>();
  for (const u of s.unspents) {
    const address = scanAddress(r, u.desc);
    cands.set(`${u.txid}:${u.vout}`, {
      txid: u.txid,
      vout: u.vout,
      height: u.height,
      ...(address ? { address } : {}),
    });
  }
  if (!confirmedOnly)
    for (const p of await pendingOutputs(ctx, r, signal))
      if (!cands.has(`${p.txid}:${p.vout}`)) cands.set(`${p.txid}:${p.vout}`, p);
  return [...cands.values()];
}

/** gettxout of each candidate (include_mempool), in batches of 500. */
async function txOutsOf(ctx: CoreContext, list: Candidate[], signal: AbortSignal): Promise<unknown[]> {
  const outs: unknown[] = [];
  for (let i = 0; i < list.length; i += 500) {
    const got = await batch(
      ctx,
      list.slice(i, i + 500).map((c) => ({ method: 'gettxout', params: [c.txid, c.vout, true] })),
      signal,
    );
    for (const g of got) {
      if (g instanceof ProviderError) throw g;
      outs.push(g);
    }
  }
  return outs;
}

function toUtxo(r: Resolved, c: Candidate, t: NonNullable<z.infer<typeof TxOut>>, tip: number): Utxo {
  const address = c.address ?? addrOf(t.scriptPubKey);
  const path = address ? r.info.get(address)?.path : undefined;
  const height =
    t.confirmations > 0 ? (c.height !== undefined ? c.height : Math.max(0, tip - t.confirmations + 1)) : null;
  return {
    txid: c.txid,
    vout: c.vout,
    value: SATS(t.value),
    height,
    confirmations: height === null ? 0 : Math.max(1, tip - height + 1),
    ...(address ? { address } : {}),
    ...(path ? { path } : {}),
    ...(t.coinbase ? { coinbase: true } : {}),
  };
}

/**
 * Unspent outputs of a resolved subject, given its scantxoutset result. Candidates: the confirmed UTXO set plus,
 * unless confirmed-only, the mempool outputs paying the account. Then gettxout(…, include_mempool) decides for
 * each one: null = spent (also by a pending transaction), confirmations 0 = pending output.
 */
export async function utxosOf(
  ctx: CoreContext,
  r: Resolved,
  s: ScanResult,
  confirmedOnly: boolean,
  signal: AbortSignal,
): Promise<Utxo[]> {
  const list = await candidatesOf(ctx, r, s, confirmedOnly, signal);
  if (!list.length) return [];
  const tip = validate(z.number(), await rpc(ctx, 'getblockcount', [], signal), 'getblockcount');
  const outs = await txOutsOf(ctx, list, signal);
  const result: Utxo[] = [];
  list.forEach((c, i) => {
    const t = validate(TxOut, outs[i] ?? null, 'gettxout');
    if (!t) return; // spent (in a block after the scan, or by a pending transaction)
    if (confirmedOnly && t.confirmations <= 0) return;
    result.push(toUtxo(r, c, t, tip));
  });
  return result.sort(
    (a, b) =>
      (b.height ?? Infinity) - (a.height ?? Infinity) ||
      (a.txid < b.txid ? -1 : a.txid > b.txid ? 1 : a.vout - b.vout),
  );
}

export async function getUtxos(
  ctx: CoreContext,
  subject: UtxoSubject,
  confirmedOnly: boolean,
  signal: AbortSignal,
): Promise<Utxo[]> {
  await checkChain(ctx, signal);
  const r = await resolve(ctx, subject, signal);
  return utxosOf(ctx, r, await scan(ctx, r, signal), confirmedOnly, signal);
}
