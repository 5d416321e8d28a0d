import { describe, expect, it } from 'vitest';
import { NONCE_TIMEOUTS_MS, NonceUnavailableError, resolveNonce, type NonceSource } from './nonce';

const src = (name: string, fn: NonceSource['get'], timeoutMs = 1000): NonceSource => ({
  name,
  get: fn,
  timeoutMs,
});

describe('nonce fallbacks', () => {
  it('timeouts: provider 20 s, fallback nodes 3 s', () => {
    expect(NONCE_TIMEOUTS_MS).toEqual({ backend: 30_000, provider: 20_000, fallback: 3_000 });
  });
  it('takes the first source that answers', async () => {
    const order: string[] = [];
    const r = await resolveNonce('0x1', [
      src('backend', async () => {
        order.push('backend');
        throw new Error('down');
      }),
      src('provider', async () => {
        order.push('provider');
        return 5n;
      }),
      src('explorer', async () => {
        order.push('explorer');
        return 9;
      }),
    ]);
    expect(r).toEqual({ nonce: 5, source: 'provider' });
    expect(order).toEqual(['backend', 'provider']);
  });
  it('a hung source times out and the next is tried; the signal is aborted', async () => {
    let aborted = false;
    const r = await resolveNonce('0x1', [
      src(
        'slow',
        (_a, signal) =>
          new Promise((resolve) => signal.addEventListener('abort', () => ((aborted = true), resolve(99)))),
        20,
      ),
      src('fast', async () => 3),
    ]);
    expect(r.nonce).toBe(3);
    expect(aborted).toBe(true);
  });
  it('rejects invalid nonces and reports every attempt when all fail', async () => {
    const p = resolveNonce('0x1', [src('neg', async () => -1), src('nan', async () => Number.NaN)]);
    await expect(p).rejects.toBeInstanceOf(NonceUnavailableError);
    await expect(p).rejects.toMatchObject({ attempts: [{ source: 'neg' }, { source: 'nan' }] });
  });
});
