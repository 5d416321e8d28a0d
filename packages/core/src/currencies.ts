/**
 * Display currencies (spec 01 §3 "Currency", §9).
 */

export interface Currency {
  code: string;
  symbol: string;
}

/** The 37 display currencies, in the spec's order. */
export const CURRENCIES: readonly Currency[] = [
  { code: 'USD', symbol: '$' },
  { code: 'EUR', symbol: '€' },
  { code: 'TWD', symbol: 'NT$' },
  { code: 'CNY', symbol: '¥' },
  { code: 'JPY', symbol: '¥' },
  { code: 'HKD', symbol: 'HK$' },
  { code: 'AUD', symbol: 'A$' },
  { code: 'CHF', symbol: 'CHF' },
  { code: 'CAD', symbol: 'C$' },
  { code: 'GBP', symbol: '£' },
  { code: 'KRW', symbol: '₩' },
  { code: 'INR', symbol: '₹' },
  { code: 'BRL', symbol: 'R$' },
  { code: 'RUB', symbol: '₽' },
  { code: 'MXN', symbol: 'MX$' },
  { code: 'PHP', symbol: '₱' },
  { code: 'VND', symbol: '₫' },
  { code: 'TRY', symbol: '₺' },
  { code: 'THB', symbol: '฿' },
  { code: 'ZAR', symbol: 'R' },
  { code: 'ARS', symbol: 'AR$' },
  { code: 'UAH', symbol: '₴' },
  { code: 'PLN', symbol: 'zł' },
  { code: 'SAR', symbol: 'SR' },
  { code: 'MYR', symbol: 'RM' },
  { code: 'CLP', symbol: 'CLP$' },
  { code: 'CZK', symbol: 'Kč' },
  { code: 'SEK', symbol: 'kr' },
  { code: 'HUF', symbol: 'Ft' },
  { code: 'AED', symbol: 'AED' },
  { code: 'ILS', symbol: '₪' },
  { code: 'DKK', symbol: 'kr.' },
  { code: 'SGD', symbol: 'S$' },
  { code: 'NOK', symbol: 'kr' },
  { code: 'NZD', symbol: 'NZ$' },
  { code: 'KWD', symbol: 'KD' },
  { code: 'IDR', symbol: 'Rp' },
];

export const DEFAULT_CURRENCY_CODE = 'USD';
/** Local-storage key holding the chosen currency. */
export const CURRENCY_STORAGE_KEY = 'user-multiple-currency';
/** Local-storage key removed on reset. */
export const ACCOUNTS_STORAGE_KEY = 'accounts';

export function findCurrency(code: string | null | undefined): Currency | undefined {
  const upper = (code ?? '').trim().toUpperCase();
  return CURRENCIES.find((c) => c.code === upper);
}

/** The stored currency when it is one of the 37, otherwise USD. */
export function resolveCurrency(code: string | null | undefined): Currency {
  return findCurrency(code) ?? (findCurrency(DEFAULT_CURRENCY_CODE) as Currency);
}
