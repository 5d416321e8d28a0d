/**
 * Toasts (spec 01 §8: copy feedback, 'Can not delete an active account', the device and currency toasts). The shared
 * code asks for one here; the app shows it (apps/web wires {@link onToast} to its notification system), so this
 * package carries no notification library.
 */

/** How long each kind of toast stays (spec 01 §9 "Toast delays 3 s, 5 s or 1 s by area"). */
export const TOAST_MS = { short: 1_000, normal: 3_000, long: 5_000 } as const;

export interface Toast {
  message: string;
  color?: 'red' | 'yellow' | 'green';
  /** Milliseconds on screen. */
  autoClose: number;
}

const listeners = new Set<(toast: Toast) => void>();

/** Shows a toast (through whoever listens: the app; a test). */
export function toast(t: Toast): void {
  if (!listeners.size) console.warn('toast with no one to show it:', t.message);
  for (const l of listeners) l(t);
}

/** Hears every toast; returns the function that stops it. */
export function onToast(listener: (toast: Toast) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
