/** History tab rules (spec 01 §2 "History tab", §9). */

/** While the history tab is open it is re-read at this interval (pending items, incoming transactions). */
export const HISTORY_REFRESH_MS = 10_000;

/** Infinite scroll: the next page loads when the list is scrolled to within 1 px of its bottom. */
export const SCROLL_TOLERANCE_PX = 1;

export function isAtBottom(el: { scrollHeight: number; scrollTop: number; clientHeight: number }): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= SCROLL_TOLERANCE_PX;
}

/** Message key (errors.*) of a failed history load: serverBusy for 429/503, state-23 otherwise. */
export function historyErrorKey(error: unknown): 'serverBusy' | 'state-23' {
  const status = (error as { status?: unknown })?.status;
  return status === 429 || status === 503 ? 'serverBusy' : 'state-23';
}

/** Local date and time, or null when the time is missing or invalid (shown as 'Invalid Timestamp'). */
export function formatTime(time: number | null | undefined, language: string): string | null {
  if (time === null || time === undefined || !Number.isFinite(time) || time <= 0) return null;
  const d = new Date(time);
  if (Number.isNaN(d.getTime())) return null;
  return d.toLocaleString(language);
}
