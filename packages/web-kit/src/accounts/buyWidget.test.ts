import { describe, expect, it, vi } from 'vitest';
import {
  createWidget2MessageHandler,
  createWidgetMessageHandler,
  parseWidget2Message,
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

  it('allows plain http only on loopback hosts (the local stand-ins)', () => {
    expect(widgetOrigin('http://localhost:8080/api/buy/stand-in/primary.html?a=1')).toBe(
      'http://localhost:8080',
    );
    expect(widgetOrigin('http://127.0.0.1:9000/x')).toBe('http://127.0.0.1:9000');
    expect(widgetOrigin('http://[::1]:9000/x')).toBe('http://[::1]:9000');
    expect(widgetOrigin('http://localhost.example.com/x')).toBeNull();
    expect(widgetOrigin('http://127.0.0.2/x')).toBeNull();
    expect(widgetOrigin('http://10.0.0.1/x')).toBeNull();
    expect(widgetOrigin('ws://localhost:8080/')).toBeNull();
  });
});

describe('widget messages', () => {
  it('parses objects and JSON strings', () => {
    expect(parseWidgetMessage({ event: WIDGET_ACCOUNT_CHANGED, data: { address: 'a' } })).toEqual({
      event: WIDGET_ACCOUNT_CHANGED,
      address: 'a',
      asString: false,
    });
    expect(parseWidgetMessage(JSON.stringify({ type: WIDGET_ACCOUNT_CHANGED }))).toEqual({
      event: WIDGET_ACCOUNT_CHANGED,
      asString: true,
    });
    expect(parseWidgetMessage('nope')).toBeNull();
    expect(parseWidgetMessage(null)).toBeNull();
  });

  it('confirms on the device and replies accepted, to the widget origin only', async () => {
    const { frame, confirm, handle } = setup(true);
    await expect(
      handle({
        origin: ORIGIN,
        source: frame,
        data: { event: WIDGET_ACCOUNT_CHANGED, data: { address: 'bc1qmine' } },
      }),
    ).resolves.toBe(true);
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
    expect(await handle({ origin: ORIGIN, source: frame, data: { event: WIDGET_ACCOUNT_CHANGED } })).toBe(
      false,
    );
    done({ address: 'x', accepted: true });
    await first;
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(frame.postMessage).toHaveBeenCalledTimes(1);
  });
});

describe('second provider widget', () => {
  const INIT = { currency: 'LTC', address: 'rltc1qmine', locale: 'pt' };
  function setup2(outcome: () => Promise<{ address: string; accepted: boolean }>) {
    const frame = { postMessage: vi.fn() };
    const confirm = vi.fn(outcome);
    const widget = createWidget2MessageHandler({ origin: ORIGIN, target: () => frame, init: INIT, confirm });
    return { frame, confirm, widget };
  }
  const accept = () => Promise.resolve({ address: 'rltc1qmine', accepted: true });

  it('parses bare event names as well as objects and JSON strings', () => {
    expect(parseWidget2Message('needConfirmed')).toEqual({ event: 'needConfirmed', asString: true });
    expect(parseWidget2Message('{"event":"needConfirmed"}')).toEqual({
      event: 'needConfirmed',
      asString: true,
    });
    expect(parseWidget2Message({ type: 'needConfirmed' })).toEqual({
      event: 'needConfirmed',
      asString: false,
    });
    expect(parseWidget2Message('<b>no</b>')).toBeNull();
    expect(parseWidget2Message(7)).toBeNull();
  });

  it('init posts currency, address and locale to the widget origin only', () => {
    const { frame, widget } = setup2(accept);
    widget.init();
    expect(frame.postMessage).toHaveBeenCalledExactlyOnceWith(
      { event: 'init', data: { currency: 'LTC', address: 'rltc1qmine', locale: 'pt' } },
      ORIGIN,
    );
  });

  it('needConfirmed: confirms on the device, then confirm-order with the address', async () => {
    const { frame, confirm, widget } = setup2(accept);
    expect(await widget.handle({ origin: ORIGIN, source: frame, data: { event: 'needConfirmed' } })).toBe(
      true,
    );
    expect(confirm).toHaveBeenCalledOnce();
    expect(frame.postMessage).toHaveBeenCalledExactlyOnceWith(
      { event: 'confirm-order', data: { address: 'rltc1qmine' } },
      ORIGIN,
    );
  });

  it('string in, string out; a reject on the device answers cancel', async () => {
    const { frame, widget } = setup2(() => Promise.resolve({ address: 'rltc1qmine', accepted: false }));
    await widget.handle({ origin: ORIGIN, source: frame, data: 'needConfirmed' });
    expect(frame.postMessage).toHaveBeenCalledExactlyOnceWith(JSON.stringify({ event: 'cancel' }), ORIGIN);
  });

  it('a failed confirmation answers cancel and the error propagates', async () => {
    const { frame, widget } = setup2(() => Promise.reject(new Error('device gone')));
    await expect(
      widget.handle({ origin: ORIGIN, source: frame, data: { event: 'needConfirmed' } }),
    ).rejects.toThrow('device gone');
    expect(frame.postMessage).toHaveBeenCalledExactlyOnceWith({ event: 'cancel' }, ORIGIN);
  });

  it('ignores other origins, other windows and other events', async () => {
    const { frame, confirm, widget } = setup2(accept);
    expect(
      await widget.handle({ origin: 'https://evil.example.com', source: frame, data: 'needConfirmed' }),
    ).toBe(false);
    expect(await widget.handle({ origin: ORIGIN, source: {}, data: 'needConfirmed' })).toBe(false);
    expect(await widget.handle({ origin: ORIGIN, source: frame, data: { event: 'confirm-order' } })).toBe(
      false,
    );
    expect(
      await widget.handle({
        origin: ORIGIN,
        source: frame,
        data: { event: 'trade.receive-account-changed' },
      }),
    ).toBe(false);
    expect(confirm).not.toHaveBeenCalled();
    expect(frame.postMessage).not.toHaveBeenCalled();
  });

  it('runs one confirmation at a time', async () => {
    let release: (v: { address: string; accepted: boolean }) => void = () => undefined;
    const { frame, confirm, widget } = setup2(() => new Promise((r) => (release = r)));
    const first = widget.handle({ origin: ORIGIN, source: frame, data: 'needConfirmed' });
    expect(await widget.handle({ origin: ORIGIN, source: frame, data: 'needConfirmed' })).toBe(false);
    release({ address: 'rltc1qmine', accepted: true });
    expect(await first).toBe(true);
    expect(confirm).toHaveBeenCalledOnce();
    // Free again afterwards.
    const again = widget.handle({ origin: ORIGIN, source: frame, data: 'needConfirmed' });
    release({ address: 'rltc1qmine', accepted: true });
    expect(await again).toBe(true);
    expect(confirm).toHaveBeenCalledTimes(2);
  });
});
