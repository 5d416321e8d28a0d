/**
 * Account summary: confirmed balance from `scantxoutset`, the unconfirmed balance as the unspent total counting the
 * mempool minus the confirmed one, the transaction count from the watch-only wallet, and (xpub) the derived
 * addresses with their balances and transfer counts.
 */
import { validate } from '@secux-companion/server-kit/failover';
import type { AccountInfo, AddressEntry } from '@secux-companion/server-kit/types';
import type { XpubQuery } from '../../backend.js';
import type { CoreContext, Resolved } from './context.js';
import { resolve, scan, scanAddress } from './resolve.js';
import { checkChain, rpc } from './rpc.js';
import { Received, SATS, type ScanResult } from './schemas.js';
import { utxosOf } from './utxos.js';
import { walletTxids } from './wallet.js';

/** The derived addresses (all of them, or only the used ones unless `tokens` is 'derived'). */
async function addressEntries(
  ctx: CoreContext,
  r: Resolved,
  s: ScanResult,
  q: XpubQuery,
  wallet: string,
  signal: AbortSignal,
): Promise<AddressEntry[]> {
  const received = validate(
    Received,
    await rpc(ctx, 'listreceivedbyaddress', [0, false, true], signal, wallet),
    'listreceivedbyaddress',
  );
  const transfers = new Map(received.map((x) => [x.address, x.txids.length]));
  const bal = new Map<string, bigint>();
  for (const u of s.unspents) {
    const a = scanAddress(r, u.desc);
    if (a) bal.set(a, (bal.get(a) ?? 0n) + BigInt(SATS(u.amount)));
  }
  const addresses: AddressEntry[] = [];
  for (const a of r.order) {
    const i = r.info.get(a)!;
    const t = transfers.get(a) ?? 0;
    const b = bal.get(a) ?? 0n;
    if (q.tokens !== 'derived' && t === 0 && b === 0n) continue;
    addresses.push({
      address: a,
      path: i.path!,
      change: i.change,
      index: i.index,
      balance: b.toString(),
      transfers: t,
    });
  }
  return addresses;
}

export async function getAccount(
  ctx: CoreContext,
  q: XpubQuery,
  chain: string,
  signal: AbortSignal,
): Promise<AccountInfo> {
  await checkChain(ctx, signal);
  const r = await resolve(ctx, q.subject, signal);
  const [s, { wallet, ids }] = await Promise.all([scan(ctx, r, signal), walletTxids(ctx, r, signal)]);
  const confirmed = BigInt(SATS(s.total_amount));
  // Pending change = what is unspent counting the mempool (utxosOf) minus the confirmed set. The wallet's
  // getbalances would miss pending transactions that reached the node before the account was imported.
  const unspent = await utxosOf(ctx, r, s, false, signal);
  const total = unspent.reduce((sum, u) => sum + BigInt(u.value), 0n);
  const addresses =
    q.subject.kind === 'xpub' ? await addressEntries(ctx, r, s, q, wallet, signal) : undefined;
  return {
    chain,
    address: q.subject.kind === 'xpub' ? q.subject.xpub : q.subject.address,
    balance: confirmed.toString(),
    unconfirmedBalance: (total - confirmed).toString(),
    txCount: ids.length,
    ...(addresses ? { addresses } : {}),
    utxosCount: unspent.length,
    provider: ctx.o.name,
  };
}
