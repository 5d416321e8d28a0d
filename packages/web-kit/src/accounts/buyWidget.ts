/**
 * Buy providers' embedded widgets (spec 01 §4 "Buy widgets", §7): messages are accepted only from the
 * widget URL's origin (and, when known, its frame); replies go only to that origin.
 */

export const WIDGET_ACCOUNT_CHANGED = 'trade.receive-account-changed';
export const WIDGET_ACCOUNT_CONFIRMED = 'trade.receive-account-confirmed';

/** iframe sandbox: the widget runs its scripts and forms on its own origin, nothing more. */
export const WIDGET_SANDBOX = 'allow-scripts allow-forms allow-same-origin';

/** Loopback host names: the local profile's stand-in widgets are served there over plain http. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Origin of a widget URL, or null. https is required, except plain http on a loopback host (the local
 * profile's stand-ins; production servers never return such URLs). Any other scheme is refused.
 */
export function widgetOrigin(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol === 'https:') return u.origin;
    return u.protocol === 'http:' && LOOPBACK_HOSTS.has(u.hostname) ? u.origin : null;
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

// ---------------------------------------------------------------- second (EU) provider

export const WIDGET2_INIT = 'init';
export const WIDGET2_NEED_CONFIRMED = 'needConfirmed';
export const WIDGET2_CONFIRM_ORDER = 'confirm-order';
export const WIDGET2_CANCEL = 'cancel';

export interface Widget2Init {
  /** The coin to buy (e.g. LTC). */
  currency: string;
  /** The receive address the widget buys to. */
  address: string;
  /** The app's language (en, zh-TW, pt). */
  locale: string;
}

/**
 * Like parseWidgetMessage, and also a bare event name ('needConfirmed') as the message: the second
 * provider's widget may send its events that way.
 */
export function parseWidget2Message(data: unknown): Parsed | null {
  if (typeof data === 'string' && /^[A-Za-z][\w.-]{0,63}$/.test(data)) return { event: data, asString: true };
  return parseWidgetMessage(data);
}

/**
 * The second provider's widget: `init()` (call after the iframe loads) posts {event:'init', data:{currency,
 * address, locale}} to the widget origin; on 'needConfirmed' from that origin and frame, `confirm` runs
 * (show the address on the device) and the reply is 'confirm-order' with the address when accepted, else
 * 'cancel'. Other origins, other sources and other events are ignored; one confirmation runs at a time.
 */
export function createWidget2MessageHandler(opts: {
  origin: string;
  /** The widget iframe's window (checked against the event source, and the target of every message). */
  target: () => WidgetTarget | null | undefined;
  init: Widget2Init;
  confirm: () => Promise<ConfirmOutcome>;
}) {
  let busy = false;
  const post = (message: object, asString: boolean) =>
    opts.target()?.postMessage(asString ? JSON.stringify(message) : message, opts.origin);
  return {
    init(): void {
      post({ event: WIDGET2_INIT, data: { ...opts.init } }, false);
    },
    async handle(ev: { origin: string; data: unknown; source?: unknown }): Promise<boolean> {
      if (ev.origin !== opts.origin) return false;
      const target = opts.target();
      if (!target || (ev.source != null && ev.source !== target)) return false;
      const msg = parseWidget2Message(ev.data);
      if (!msg || msg.event !== WIDGET2_NEED_CONFIRMED || busy) return false;
      busy = true;
      try {
        let outcome: ConfirmOutcome | null = null;
        try {
          outcome = await opts.confirm();
        } finally {
          // A failed confirmation still answers, so the widget does not wait forever.
          post(
            outcome?.accepted
              ? { event: WIDGET2_CONFIRM_ORDER, data: { address: outcome.address } }
              : { event: WIDGET2_CANCEL },
            msg.asString,
          );
        }
        return true;
      } finally {
        busy = false;
      }
    },
  };
}
