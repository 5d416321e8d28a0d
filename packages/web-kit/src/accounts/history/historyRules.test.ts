import { describe, expect, it } from 'vitest';
import { formatTime, historyErrorKey, isAtBottom } from './historyRules';

describe('history', () => {
  it('infinite scroll triggers within 1 px of the bottom', () => {
    expect(isAtBottom({ scrollHeight: 1000, scrollTop: 599, clientHeight: 400 })).toBe(true);
    expect(isAtBottom({ scrollHeight: 1000, scrollTop: 598, clientHeight: 400 })).toBe(false);
  });
  it('busy servers show serverBusyMessage, other failures state-23', () => {
    expect(historyErrorKey({ status: 429 })).toBe('serverBusy');
    expect(historyErrorKey({ status: 503 })).toBe('serverBusy');
    expect(historyErrorKey({ status: 502 })).toBe('state-23');
    // a served coin without a history source (server 404 not_configured): "cannot be loaded", never "busy"
    expect(historyErrorKey({ status: 404, code: 'not_configured' })).toBe('state-23');
    expect(historyErrorKey(new Error('x'))).toBe('state-23');
  });
  it("a missing time is null (shown as 'Invalid Timestamp')", () => {
    expect(formatTime(null, 'en')).toBeNull();
    expect(formatTime(0, 'en')).toBeNull();
    expect(formatTime(1_700_000_000_000, 'en')).toMatch(/2023/);
  });
});
