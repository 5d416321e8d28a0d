/** The Solana facade's history pages: the owner's and its token accounts' signatures merged, then the transactions. */
import {
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  isValidSolanaAddress,
  operationFromTransaction,
} from '@secux-companion/chain-solana';
import { z } from 'zod';
import { parseInput } from '@secux-companion/server-kit/errors';
import { historyCursor, encodeCursor } from '@secux-companion/server-kit/failover';
import { cursor as cursorParam, pageSize } from '@secux-companion/server-kit/params';
import { toWire, type HistoryPage } from '@secux-companion/server-kit/types';
import { history as historyBounds, signatures } from '../bounds.js';
import { KNOWN_MINTS } from '../tokens.js';
import { SOL_HISTORY_TOKEN_ACCOUNTS, SOL_SIGNATURES_LIMIT, type SolanaContext } from './context.js';

/** Per address: the signature to continue before ('' from the newest), or null when done. */
type Positions = Record<string, string | null>;
type Signature = { signature: string; slot: number };
type Listed = { a: string; before: string; sigs: Signature[]; provider: string };
/** Token account and signature listings are history-class calls (their timeout and budget). */
const HISTORY_CLASS = { cls: 'history' } as const;

const cursorOk = (v: unknown): v is Positions =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.keys(v).length <= SOL_HISTORY_TOKEN_ACCOUNTS + 1 &&
  Object.entries(v).every(
    ([k, b]) => isValidSolanaAddress(k) && (b === null || (typeof b === 'string' && b.length <= 100)),
  );

/** Where each address goes on: the cursor's positions, or (first page) the owner and its first token accounts. */
async function positionsOf(ctx: SolanaContext, address: string, cursor: string | null): Promise<Positions> {
  const c = historyCursor(cursor, 'sol', address, (c) => cursorOk(c.b));
  if (c) return c.b as Positions;
  const [spl, t22] = await Promise.all([
    ctx.run(
      'tokens',
      (p, s) => p.getTokenAccountsByOwner(address, TOKEN_PROGRAM, s),
      undefined,
      HISTORY_CLASS,
    ),
    ctx.run(
      'tokens',
      (p, s) => p.getTokenAccountsByOwner(address, TOKEN_2022_PROGRAM, s),
      undefined,
      HISTORY_CLASS,
    ),
  ]);
  const positions: Positions = { [address]: '' };
  for (const e of [...spl.value, ...t22.value].slice(0, SOL_HISTORY_TOKEN_ACCOUNTS)) positions[e.pubkey] = '';
  return positions;
}

/** The positions after this page: before the oldest of each address's signatures on it; null when it had no more. */
function nextPositions(positions: Positions, lists: readonly Listed[], page: ReadonlySet<string>): Positions {
  const next: Positions = {};
  for (const [a, b] of Object.entries(positions)) if (b === null) next[a] = null;
  for (const l of lists) {
    let last: string | undefined;
    let all = true;
    for (const sig of l.sigs) {
      if (page.has(sig.signature)) last = sig.signature;
      else all = false;
    }
    next[l.a] = all && l.sigs.length < SOL_SIGNATURES_LIMIT ? null : (last ?? l.before);
  }
  return next;
}

/**
 * A history page. Token transfers land on the owner's token accounts (the owner is not among a TransferChecked's
 * accounts), so the owner's signatures and those of its token accounts (at most {@link SOL_HISTORY_TOKEN_ACCOUNTS})
 * are merged newest first, 25 per page; the cursor keeps, per address, the signature to continue before (or that
 * the address is done).
 */
export async function history(ctx: SolanaContext, id: string, query: unknown): Promise<HistoryPage> {
  const address = ctx.address(id);
  const q = parseInput(z.object({ cursor: cursorParam, pageSize }), query, 'query');
  const positions = await positionsOf(ctx, address, q.cursor ?? null);
  const open = Object.entries(positions).filter((e): e is [string, string] => e[1] !== null);
  const lists: Listed[] = await Promise.all(
    open.map(([a, before]) =>
      ctx
        .run(
          'history',
          (p, s) =>
            p.getSignaturesForAddress(a, { limit: SOL_SIGNATURES_LIMIT, ...(before ? { before } : {}) }, s),
          (v) => signatures(v, SOL_SIGNATURES_LIMIT),
          HISTORY_CLASS,
        )
        .then((r) => ({ a, before, sigs: r.value, provider: r.provider })),
    ),
  );
  const seen = new Set<string>();
  const merged = lists
    .flatMap((l) => l.sigs.map((sig) => ({ ...sig, from: l.a })))
    .sort((x, y) => y.slot - x.slot)
    .filter((sig) => (seen.has(sig.signature) ? false : (seen.add(sig.signature), true)))
    .slice(0, SOL_SIGNATURES_LIMIT);
  const next = nextPositions(positions, lists, new Set(merged.map((m) => m.signature)));
  const symbols: Record<string, string> = {};
  for (const [m, meta] of Object.entries({ ...KNOWN_MINTS, ...ctx.cfg.tokens })) symbols[m] = meta.symbol;
  const txs = await Promise.all(
    merged.map((sig) =>
      // Mapped and bounded inside the node's call: an amount out of bounds is that node's malformed answer.
      ctx
        .run(
          'transaction',
          (p, s) => p.getTransaction(sig.signature, s),
          (tx) =>
            historyBounds(
              toWire([operationFromTransaction(sig.signature, tx, address, symbols) ?? []].flat()),
            ),
        )
        .then((r) => r.value),
    ),
  );
  const ops = merged.flatMap(
    (sig, i) => operationFromTransaction(sig.signature, txs[i], address, symbols) ?? [],
  );
  const more = Object.values(next).some((b) => b !== null);
  return {
    operations: toWire(ops),
    cursor: more ? encodeCursor({ k: 'sol', a: address, b: next }) : null,
    provider: lists[0]?.provider ?? 'none',
  };
}
