/**
 * Following a broadcast transaction until its chain decides (every family: the server's
 * `GET /api/chains/:chain/tx-status/:hash` reads the chain's own finality signal). Accepted is not final: the Status
 * step says pending, asks again with a growing pause, and stops at confirmed or failed — or when the server cannot
 * follow that chain (a user-added chain, a retired one: 4xx), where the explorer link is the way to look.
 */
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { parseTxStatus, readErrorBody, type TxStatus } from '@secux-companion/chain-common/wire';
import { accountKeys } from '../accounts/queryKeys';

/** A failed tx-status request: its HTTP status (0 = no answer). */
export class TxStatusError extends Error {
  override readonly name = 'TxStatusError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 30_000;

export async function fetchTxStatus(chain: string, hash: string, signal?: AbortSignal): Promise<TxStatus> {
  const url = `/api/chains/${encodeURIComponent(chain)}/tx-status/${encodeURIComponent(hash)}`;
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), TIMEOUT_MS);
  const onAbort = () => ac.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' }, signal: ac.signal });
  } catch (e) {
    throw new TxStatusError(0, e instanceof Error ? e.message : 'network error');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (!res.ok) throw new TxStatusError(res.status, readErrorBody(body)?.error ?? `HTTP ${res.status}`);
  return parseTxStatus(body);
}

/** First pause between two asks, and the longest: 3 s, then ×1.5 each time, at most 30 s. */
export const TX_STATUS_FIRST_MS = 3_000;
export const TX_STATUS_MAX_MS = 30_000;

/** The pause before ask number `n` + 1 (n asks made so far). */
export function txStatusDelay(n: number): number {
  return Math.min(TX_STATUS_MAX_MS, Math.round(TX_STATUS_FIRST_MS * 1.5 ** Math.max(0, n - 1)));
}

/** The server will never follow this transaction here (bad request, chain not served, retired chain). */
function gaveUp(error: unknown): boolean {
  return error instanceof TxStatusError && error.status >= 400 && error.status < 500 && error.status !== 429;
}

/** What the Status step shows: pending until the chain decides; `unfollowed` when the server cannot follow it. */
export type FollowedState =
  | { state: 'pending'; unfollowed?: boolean }
  | { state: 'confirmed'; status: TxStatus }
  | { state: 'failed'; status: TxStatus };

/**
 * Asks for the transaction's status (TanStack Query), again after a growing pause, until it is final; when it
 * becomes final the account's history and state are read again. Errors of a moment (no answer, 5xx, 429) are
 * asked again at the next pause.
 */
export function useTxStatus(chain: string | undefined, hash: string | undefined): FollowedState {
  const client = useQueryClient();
  const q = useQuery({
    queryKey: ['tx-status', chain, hash],
    queryFn: ({ signal }) => fetchTxStatus(chain!, hash!, signal),
    enabled: !!chain && !!hash,
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchIntervalInBackground: true,
    refetchInterval: (query: Query<TxStatus, Error, TxStatus, readonly unknown[]>) => {
      if (query.state.data?.final) return false;
      if (gaveUp(query.state.error)) return false;
      return txStatusDelay(query.state.dataUpdateCount + query.state.errorUpdateCount);
    },
  });
  const data = q.data;
  const final = data?.final === true;
  const refreshed = useRef(false);
  useEffect(() => {
    if (!final || refreshed.current) return;
    refreshed.current = true;
    // The account's history (and balance) now include the decided transaction.
    void client.invalidateQueries({
      predicate: (query) =>
        query.queryKey[0] === accountKeys.history('')[0] || query.queryKey[0] === accountKeys.state('')[0],
    });
  }, [client, final]);
  if (data?.state === 'confirmed') return { state: 'confirmed', status: data };
  if (data?.state === 'failed') return { state: 'failed', status: data };
  return gaveUp(q.error) ? { state: 'pending', unfollowed: true } : { state: 'pending' };
}
