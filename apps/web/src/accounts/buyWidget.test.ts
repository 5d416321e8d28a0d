import { describe, expect, it, vi } from 'vitest';
import {
  createWidgetMessageHandler,
  parseWidgetMessage,
  WIDGET_ACCOUNT_CHANGED,
  WIDGET_ACCOUNT_CONFIRMED,
  widgetOrigin,
} from './buyWidget';

const ORIGIN = 'https://widget.example.com';

function setup(accepted = true) {
  const frame = { postMessage: vi.fn() };
  const confirm = vi.fn(() => Promise.resolve({ address: 'bc1qmine', accepted }));
  const handle = createWidgetMessageHandler({ origin: ORIGIN, target: () => frame, confirm });
  return { frame, confirm, handle };
}

describe('widget origin', () => {
  it('is the https origin of the widget URL only', () => {
    expect(widgetOrigin('https://widget.example.com/path?address=x&signature=y')).toBe(ORIGIN);
    expect(widgetOrigin('http://widget.example.com/')).toBeNull();
    expect(widgetOrigin('javascript:alert(1)')).toBeNull();
    expect(widgetOrigin('not a url')).toBeNull();
  });
});

describe('widget messages', () => {
  it('parses objects and JSON strings', () => {
    expect(parseWidgetMessage({ event: WIDGET_ACCOUNT_CHANGED, data: { address: 'a' } })).toEqual({
      event: WIDGET_ACCOUNT_CHANGED,
      address: 'a',
      asString: false,
    });
    expect(parseWidgetMessage(JSON.stringify({ type: WIDGET_ACCOUNT_CHANGED }))).toEqual({ event: WIDGET_ACCOUNT_CHANGED, asString: true });
    expect(parseWidgetMessage('nope')).toBeNull();
    expect(parseWidgetMessage(null)).toBeNull();
  });

  it('confirms on the device and replies accepted, to the widget origin only', async () => {
    const { frame, confirm, handle } = setup(true);
    await expect(handle({ origin: ORIGIN, source: frame, data: { event: WIDGET_ACCOUNT_CHANGED, data: { address: 'bc1qmine' } } })).resolves.toBe(true);
    expect(confirm).toHaveBeenCalledWith('bc1qmine');
    expect(frame.postMessage).toHaveBeenCalledWith(
      { event: WIDGET_ACCOUNT_CONFIRMED, data: { address: 'bc1qmine', status: 'accepted' } },
      ORIGIN,
    );
  });

  it('replies rejected when the user rejects on the device; string in, string out', async () => {
    const { frame, handle } = setup(false);
    await handle({ origin: ORIGIN, source: frame, data: JSON.stringify({ event: WIDGET_ACCOUNT_CHANGED }) });
    expect(frame.postMessage).toHaveBeenCalledWith(
      JSON.stringify({ event: WIDGET_ACCOUNT_CONFIRMED, data: { address: 'bc1qmine', status: 'rejected' } }),
      ORIGIN,
    );
  });

  it('ignores other origins, other windows and other events', async () => {
    const { frame, confirm, handle } = setup();
    const data = { event: WIDGET_ACCOUNT_CHANGED };
    expect(await handle({ origin: 'https://evil.example', source: frame, data })).toBe(false);
    expect(await handle({ origin: 'http://widget.example.com', source: frame, data })).toBe(false);
    expect(await handle({ origin: ORIGIN, source: {}, data })).toBe(false);
    expect(await handle({ origin: ORIGIN, source: frame, data: { event: 'trade.other' } })).toBe(false);
    expect(confirm).not.toHaveBeenCalled();
    expect(frame.postMessage).not.toHaveBeenCalled();
  });

  it('runs one confirmation at a time', async () => {
    const frame = { postMessage: vi.fn() };
    let done: (v: { address: string; accepted: boolean }) => void = () => {};
    const confirm = vi.fn(() => new Promise<{ address: string; accepted: boolean }>((r) => (done = r)));
    const handle = createWidgetMessageHandler({ origin: ORIGIN, target: () => frame, confirm });
    const first = handle({ origin: ORIGIN, source: frame, data: { event: WIDGET_ACCOUNT_CHANGED } });
    expect(await handle({ origin: ORIGIN, source: frame, data: { event: WIDGET_ACCOUNT_CHANGED } })).toBe(false);
    done({ address: 'x', accepted: true });
    await first;
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(frame.postMessage).toHaveBeenCalledTimes(1);
  });
});
