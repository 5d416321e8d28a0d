import { describe, expect, it } from 'vitest';
import {
  ACCOUNTS_STORAGE_KEY,
  CURRENCIES,
  CURRENCY_STORAGE_KEY,
  DEFAULT_CURRENCY_CODE,
  findCurrency,
  resolveCurrency,
} from './currencies';

describe('currencies', () => {
  it('lists the 37 codes in spec order', () => {
    expect(CURRENCIES.map((c) => c.code)).toEqual(
      'USD EUR TWD CNY JPY HKD AUD CHF CAD GBP KRW INR BRL RUB MXN PHP VND TRY THB ZAR ARS UAH PLN SAR MYR CLP CZK SEK HUF AED ILS DKK SGD NOK NZD KWD IDR'.split(
        ' ',
      ),
    );
    expect(CURRENCIES).toHaveLength(37);
    for (const c of CURRENCIES) expect(c.symbol, c.code).not.toBe('');
  });

  it('defaults to USD and uses the spec storage keys', () => {
    expect(DEFAULT_CURRENCY_CODE).toBe('USD');
    expect(CURRENCY_STORAGE_KEY).toBe('user-multiple-currency');
    expect(ACCOUNTS_STORAGE_KEY).toBe('accounts');
    expect(resolveCurrency(null)).toEqual({ code: 'USD', symbol: '$' });
    expect(resolveCurrency('xyz').code).toBe('USD');
    expect(resolveCurrency('twd')).toEqual({ code: 'TWD', symbol: 'NT$' });
    expect(findCurrency('EUR')?.symbol).toBe('€');
  });
});
