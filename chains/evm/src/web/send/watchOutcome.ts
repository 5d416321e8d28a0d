/**
 * After an EVM broadcast the node only said it took the transaction; whether the chain ran it successfully is
 * known from its receipt. This watches the receipt of a broadcast transaction and reports a failure (mined with
 * status 0: reverted, out of gas) — spec 01 catalogue 'transaction failed' — as a toast that stays until closed,
 * wherever the user is by then (the Status step or the account page).
 *
 * Bounded: one receipt read every {@link RECEIPT_POLL_MS}, for at most {@link RECEIPT_WATCH_MS}; a read that
 * fails is tried again at the next tick; a confirmed transaction ends the watch silently.
 */
import { notifications } from '@mantine/notifications';
import type { TransactionOutcome } from '@secux-companion/chain-evm';
import { i18next } from '@secux-companion/web-kit/i18n';

export const RECEIPT_POLL_MS = 3_000;
export const RECEIPT_WATCH_MS = 10 * 60_000;

export interface OutcomeSource {
  transactionOutcome(hash: string): Promise<TransactionOutcome>;
}

/** Polls the receipt until it is known or the time is up; `onFailed` runs once when the chain reports a failure. */
export function watchTransactionOutcome(
  source: OutcomeSource,
  hash: string,
  onFailed: (hash: string) => void,
  opts: { pollMs?: number; maxMs?: number } = {},
): () => void {
  const pollMs = opts.pollMs ?? RECEIPT_POLL_MS;
  const deadline = Date.now() + (opts.maxMs ?? RECEIPT_WATCH_MS);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    if (stopped) return;
    let outcome: TransactionOutcome = 'pending';
    try {
      outcome = await source.transactionOutcome(hash);
    } catch {
      // no answer this time: asked again at the next tick
    }
    if (stopped) return;
    if (outcome === 'failed') onFailed(hash);
    if (outcome !== 'pending' || Date.now() + pollMs > deadline) return;
    timer = setTimeout(() => void tick(), pollMs);
  };
  timer = setTimeout(() => void tick(), 0);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

/** The toast: 'Transaction failed.' in the user's language, the transaction id as text, closed by the user. */
export function showTransactionFailed(hash: string): void {
  notifications.show({
    id: `evm-tx-failed-${hash}`,
    color: 'red',
    autoClose: false,
    title: i18next.t('errors.transactionFailed'),
    message: hash,
    'data-testid': 'tx-failed-toast',
  });
}
