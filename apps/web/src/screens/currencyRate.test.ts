import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENCY_TOAST_MS, fetchCurrencyRate } from './currencyRate';

afterEach(() => vi.unstubAllGlobals());
const answer = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );

describe('display currency rate', () => {
  it('reads the rate of the chosen currency', async () => {
    answer(200, { rates: { USD: 1, EUR: 0.92 } });
    await expect(fetchCurrencyRate('EUR')).resolves.toBe('0.92');
  });

  it('a failed or empty answer is a loading failure (the 5 s toast), never a rate of 0', async () => {
    answer(200, { rates: {}, error: 'price service unavailable' });
    await expect(fetchCurrencyRate('EUR')).resolves.toBeNull();
    answer(503, {});
    await expect(fetchCurrencyRate('EUR')).resolves.toBeNull();
    answer(200, { rates: { EUR: 0 } });
    await expect(fetchCurrencyRate('EUR')).resolves.toBeNull();
    // an answer that is no rate (negative, absurd, text) is no rate either
    for (const EUR of [-0.92, 1e9, 'abc']) {
      answer(200, { rates: { EUR } });
      await expect(fetchCurrencyRate('EUR')).resolves.toBeNull();
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(fetchCurrencyRate('EUR')).resolves.toBeNull();
    expect(CURRENCY_TOAST_MS).toBe(5000);
  });
});
