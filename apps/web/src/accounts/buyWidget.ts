/**
 * First buy provider's embedded widget (spec 01 §4 "Buy widgets", §7): messages are accepted only
 * from the widget URL's origin (and, when known, its frame); replies go only to that origin.
 */

export const WIDGET_ACCOUNT_CHANGED = 'trade.receive-account-changed';
export const WIDGET_ACCOUNT_CONFIRMED = 'trade.receive-account-confirmed';

/** iframe sandbox: the widget runs its scripts and forms on its own origin, nothing more. */
export const WIDGET_SANDBOX = 'allow-scripts allow-forms allow-same-origin';

/** Origin of an https widget URL, or null (any other scheme is refused). */
export function widgetOrigin(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

type Parsed = { event: string; address?: string; asString: boolean };

/** `{event, data}` (or `{type, …}`), as an object or a JSON string. */
export function parseWidgetMessage(data: unknown): Parsed | null {
  let obj: unknown = data;
  const asString = typeof data === 'string';
  if (asString) {
    try {
      obj = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (!obj || typeof obj !== 'object') return null;
  const o = obj as { event?: unknown; type?: unknown; data?: unknown; address?: unknown };
  const event = typeof o.event === 'string' ? o.event : typeof o.type === 'string' ? o.type : null;
  if (!event) return null;
  const inner = o.data && typeof o.data === 'object' ? (o.data as { address?: unknown }) : o;
  return { event, asString, ...(typeof inner.address === 'string' ? { address: inner.address } : {}) };
}

export interface WidgetTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

export type ConfirmOutcome = { address: string; accepted: boolean };

/**
 * Handles 'trade.receive-account-changed': runs `confirm` (show the address on the device) and replies
 * 'trade.receive-account-confirmed' with the address and status accepted/rejected to the widget origin.
 * Other origins, other sources and other events are ignored; one confirmation runs at a time.
 */
export function createWidgetMessageHandler(opts: {
  origin: string;
  /** The widget iframe's window (checked against the event source, and the reply target). */
  target: () => WidgetTarget | null | undefined;
  confirm: (requestedAddress: string | undefined) => Promise<ConfirmOutcome>;
}) {
  let busy = false;
  return async (ev: { origin: string; data: unknown; source?: unknown }): Promise<boolean> => {
    if (ev.origin !== opts.origin) return false;
    const target = opts.target();
    if (!target || (ev.source != null && ev.source !== target)) return false;
    const msg = parseWidgetMessage(ev.data);
    if (!msg || msg.event !== WIDGET_ACCOUNT_CHANGED || busy) return false;
    busy = true;
    try {
      const outcome = await opts.confirm(msg.address);
      const reply = {
        event: WIDGET_ACCOUNT_CONFIRMED,
        data: { address: outcome.address, status: outcome.accepted ? 'accepted' : 'rejected' },
      };
      const to = opts.target();
      to?.postMessage(msg.asString ? JSON.stringify(reply) : reply, opts.origin);
      return true;
    } finally {
      busy = false;
    }
  };
}
