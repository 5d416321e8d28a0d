import {
  CHAINS,
  FIAT_DISPLAY_DIGITS,
  fiatOfUnits,
  formatCoin,
  formatFiat,
  formatPercent,
  TOKEN_DISPLAY_DIGITS,
  deviceErrorMessageKey,
  serverErrorIssue,
  type ChainSymbol,
  type Issue,
} from '@secux-companion/core';
import type { TFunction } from 'i18next';
import { i18next } from '../i18n';
import { selectedCurrency } from './currency';

/**
 * Display formatting of the account screens (issue 20): coin amounts grouped in the interface language with
 * the spec's display digits (bigint → string, no float), fiat amounts through Intl.NumberFormat in the display
 * currency (its symbol and its own decimals: JPY 0, KWD 3).
 */

/** The interface language on screen now. */
export function uiLanguage(): string {
  return i18next.language || 'en';
}

/** Coin amount for display (8 digits for the bitcoin family), grouped. */
export function coinText(value: bigint, chain: ChainSymbol): string {
  return formatCoin(value, CHAINS[chain].decimals, CHAINS[chain].displayDigits, uiLanguage());
}

/** An amount with its symbol, in a chain's display unit (decimals and digits), grouped. */
export function amountText(
  value: bigint,
  unit: { symbol: string; decimals: number; digits: number },
): string {
  return `${formatCoin(value, unit.decimals, unit.digits, uiLanguage())} ${unit.symbol}`;
}

/** A token amount (at most 8 digits) with its symbol, grouped. */
export function tokenAmountText(value: bigint, token: { symbol: string; decimals: number }): string {
  return `${formatCoin(value, token.decimals, TOKEN_DISPLAY_DIGITS, uiLanguage())} ${token.symbol}`;
}

/** A fiat amount (exact decimal text) in the display currency: '$350,000.00', 'R$ 1.234,56', '¥1,235'. */
export function moneyText(value: string, extraDigits = 0): string | null {
  try {
    return formatFiat(value, selectedCurrency().code, uiLanguage(), { extraDigits });
  } catch {
    return null;
  }
}

/** A percentage (0–100) in the interface language with `digits` decimals: '37.5%', in Portuguese '37,5%'. */
export function percentText(value: number | string, digits = 0): string {
  return formatPercent(value, digits, uiLanguage());
}

/**
 * Fiat value of an amount in a display unit, formatted with the currency's symbol, or null when the price is
 * not available (shown as 'Price N/A', never as 0).
 */
export function unitFiatText(
  value: bigint,
  unit: { decimals: number },
  price: string | null | undefined,
): string | null {
  return fiatOfUnits(value, unit.decimals, price, selectedCurrency().code, uiLanguage());
}

/**
 * Fiat value of a coin amount, formatted with the currency's symbol, or null when the price is not available
 * ('Price N/A'). `digits` above 2 (the send confirmation's 3) adds that many digits beyond the currency's own.
 */
export function fiatText(
  value: bigint,
  chain: ChainSymbol,
  price: string | null | undefined,
  digits?: number,
): string | null {
  const extraDigits = digits && digits > FIAT_DISPLAY_DIGITS ? digits - FIAT_DISPLAY_DIGITS : 0;
  return fiatOfUnits(value, CHAINS[chain].decimals, price, selectedCurrency().code, uiLanguage(), {
    extraDigits,
  });
}

/** A catalogue issue → its translated text (`errors.*`). */
export function issueText(t: TFunction, issue: Issue): string {
  return t(`errors.${issue.code}`, { ...(issue.params ?? {}) });
}

/**
 * Any error → a text for the user in the interface language: the catalogue key the error carries (a CoreError, a
 * device error's messageKey), or — for a failed call to the server — the catalogue text its code and status name
 * (core's serverErrorIssue: the server's English text never reaches the user, issue 31 item 13); its message only
 * for any other error.
 */
export function errorText(t: TFunction, e: unknown): string {
  const o = e as { code?: unknown; params?: Issue['params']; issue?: Issue; name?: string; message?: string };
  if (o?.issue) return issueText(t, o.issue);
  if (o?.name === 'CoreError' && typeof o.code === 'string')
    return issueText(t, { code: o.code as Issue['code'], ...(o.params ? { params: o.params } : {}) });
  const deviceKey = deviceErrorMessageKey(e);
  if (deviceKey) return issueText(t, { code: deviceKey });
  const server = serverErrorIssue(e);
  if (server) return issueText(t, server);
  return typeof o?.message === 'string' && o.message ? o.message : String(e);
}
