/** `/api/v2/xpub/…` and `/api/v2/address/…`: balances, paged history and (xpub) the derived addresses as tokens. */
import type { UtxoChain } from '../chain.js';
import { bad, dropEmpty, type Answer } from './answer.js';
import { DEFAULT_GAP, subjectOf, type DerivedCache } from './subject.js';
import { txJson } from './txJson.js';

const MAX_PAGE_SIZE = 1000;
const MAX_GAP = 10_000;

type Stats = ReturnType<typeof addressStats> & { address: string; path?: string };

export function account(
  chain: UtxoChain,
  derived: DerivedCache,
  arg: string,
  q: URLSearchParams,
  xpub: boolean,
): Answer {
  const gap = Math.min(MAX_GAP, Math.max(1, Number(q.get('gap') ?? DEFAULT_GAP) || DEFAULT_GAP));
  const s = subjectOf(chain, derived, arg, xpub, gap);
  if (!s) return bad(xpub ? `Invalid xpub or descriptor: ${arg}` : `Invalid address, ${arg}`);
  const details = q.get('details') ?? 'txids';
  const list = s.addresses();
  const own = new Set(list.map((a) => a.address));
  const stats = list.map((a) => ({ ...a, ...addressStats(chain, a.address) }));
  const sum = (f: (x: (typeof stats)[number]) => bigint) => stats.reduce((t, x) => t + f(x), 0n);
  const ids = new Set<string>();
  for (const a of list) for (const id of chain.byAddress.get(a.address) ?? []) ids.add(id);
  const records = [...ids].map((id) => chain.txs.get(id)!);
  // Newest first: the mempool (latest seen first), then by height.
  records.sort((a, b) => (b.height ?? Infinity) - (a.height ?? Infinity) || b.time - a.time);
  const confirmed = records.filter((r) => r.height !== null);
  const unconfirmed = records.length - confirmed.length;
  const pageSize = Math.min(
    MAX_PAGE_SIZE,
    Math.max(1, Number(q.get('pageSize') ?? MAX_PAGE_SIZE) || MAX_PAGE_SIZE),
  );
  const totalPages = Math.max(1, Math.ceil(records.length / pageSize));
  const page = Math.min(totalPages, Math.max(1, Number(q.get('page') ?? 1) || 1));
  const onPage = records.slice((page - 1) * pageSize, page * pageSize);

  const body: Record<string, unknown> = {
    ...(details !== 'basic' ? { page, totalPages, itemsOnPage: pageSize } : {}),
    address: arg,
    balance: sum((x) => x.balance).toString(),
    totalReceived: sum((x) => x.received).toString(),
    totalSent: sum((x) => x.sent).toString(),
    ...(details !== 'basic' ? { unconfirmedBalance: sum((x) => x.unconfirmed).toString() } : {}),
    unconfirmedTxs: unconfirmed,
    txs: confirmed.length,
  };
  if (details === 'txids' && onPage.length) body.txids = onPage.map((r) => r.txid);
  if (details === 'txs' && onPage.length) body.transactions = onPage.map((r) => txJson(chain, r, own));
  if (s.xpub) addTokens(body, stats, details, q.get('tokens') ?? 'nonzero');
  return { status: 200, body: dropEmpty(body) };
}

/** An xpub's `usedTokens` and, for the details that list them, the derived addresses `tokens` chooses. */
function addTokens(body: Record<string, unknown>, stats: Stats[], details: string, which: string): void {
  const used = stats.filter((x) => x.transfers > 0);
  body.usedTokens = used.length;
  const withTokens = ['tokens', 'tokenBalances', 'txids', 'txs'].includes(details);
  const chosen =
    which === 'derived'
      ? stats
      : which === 'used'
        ? used
        : stats.filter((x) => x.balance + x.unconfirmed > 0n);
  if (withTokens && chosen.length)
    body.tokens = chosen.map((x) => ({
      type: 'XPUBAddress',
      standard: 'XPUBAddress',
      name: x.address,
      path: x.path,
      transfers: x.transfers,
      decimals: 8,
      ...(details !== 'tokens'
        ? {
            balance: x.balance.toString(),
            totalReceived: x.received.toString(),
            totalSent: x.sent.toString(),
          }
        : {}),
    }));
}

/** Confirmed balance, received and sent, the mempool's change to the balance, and the address's transfer count. */
function addressStats(chain: UtxoChain, address: string) {
  let balance = 0n;
  let received = 0n;
  let sent = 0n;
  let unconfirmed = 0n;
  const ids = chain.byAddress.get(address) ?? new Set<string>();
  for (const id of ids) {
    const r = chain.txs.get(id)!;
    const inMempool = r.height === null;
    r.tx.outs.forEach((o, v) => {
      const c = chain.coins.get(`${id}:${v}`);
      if (c?.address !== address) return;
      if (inMempool) unconfirmed += BigInt(o.value);
      else {
        received += BigInt(o.value);
        balance += BigInt(o.value);
      }
    });
    for (const p of r.prevouts) {
      if (p.address !== address) continue;
      if (inMempool) unconfirmed -= p.value;
      else {
        sent += p.value;
        balance -= p.value;
      }
    }
  }
  return { balance, received, sent, unconfirmed, transfers: ids.size };
}
