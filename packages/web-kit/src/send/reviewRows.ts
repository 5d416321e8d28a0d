/**
 * The review table's rows from the family's adapter (chain-common's `reviewRows`: an i18n label key and a
 * typed value), formatted here once for every family: amounts grouped with their unit's digits and, for the
 * coin, the fiat value with one digit more than the currency's own (USD 3, spec 01 §9) through
 * Intl.NumberFormat; addresses wrap and carry the full address, which the table shows in groups of four as
 * the device screen does (address-poisoning defence, issue 20); fee rates in the family's own unit.
 */
import {
  FIAT_SEND_CONFIRM_DIGITS,
  FIAT_DISPLAY_DIGITS,
  fiatOfUnits,
  formatCoin,
  groupDecimal,
} from '@secux-companion/core';
import type { ReviewRow as AdapterReviewRow } from '@secux-companion/chain-common';
import type { TFunction } from 'i18next';
import { selectedCurrency } from '../lib/currency';
import { uiLanguage } from '../lib/format';
import type { ReviewRow } from './types';

/** Token amounts keep at most this many fraction digits. */
const OTHER_DIGITS = 8;

export interface ReviewFormat {
  /** The chain's coin: its symbol and display digits. */
  coin: { symbol: string; digits: number };
  /** Price of one coin in the display currency, when known. */
  price: string | null;
  /** Kept for callers; the symbol now comes from Intl with the currency code. */
  currencySymbol?: string;
  /** Display currency code (default: the one chosen in Settings). */
  currency?: string;
  /** Interface language (default: the one on screen). */
  language?: string;
  /** Prefix of the test ids: 'send' gives review-recipient, review-amount, review-fee, review-total. */
  testIds: string;
}

const TEST_IDS: Record<string, string> = {
  'send.recipient': 'recipient',
  'send.amountLabel': 'amount',
  'send.networkFee': 'fee',
  'send.total': 'total',
};

/** An address in groups of four characters, as the device shows it, so the two can be compared. */
export function addressGroups(address: string): string[] {
  return address.match(/.{1,4}/gu) ?? [];
}

export function reviewTableRows(
  t: TFunction,
  rows: readonly AdapterReviewRow[],
  f: ReviewFormat,
): ReviewRow[] {
  const currency = f.currency ?? selectedCurrency().code;
  const language = f.language ?? uiLanguage();
  return rows.map((row) => {
    const name = TEST_IDS[row.labelKey];
    const testId =
      row.testId ?? (name ? `${f.testIds === 'send' ? '' : `${f.testIds}-`}review-${name}` : undefined);
    const v = row.value;
    let value: string;
    if (v.type === 'amount') {
      const isCoin = v.symbol === f.coin.symbol;
      const text = `${formatCoin(v.value, v.decimals, isCoin ? f.coin.digits : OTHER_DIGITS, language)} ${v.symbol}`;
      const fiat = isCoin
        ? fiatOfUnits(v.value, v.decimals, f.price, currency, language, {
            extraDigits: FIAT_SEND_CONFIRM_DIGITS - FIAT_DISPLAY_DIGITS,
          })
        : null;
      value = fiat !== null ? `${text} (${fiat})` : text;
    } else if (v.type === 'feeRate') value = `${groupDecimal(String(v.value), language)} ${v.unit}`;
    else value = v.value;
    return {
      label: t(row.labelKey),
      value,
      ...(testId ? { testId } : {}),
      ...(v.type === 'address' ? { breakAll: true, address: v.value } : {}),
      ...(v.type === 'address' && row.labelKey === 'send.recipient' ? { recipient: true } : {}),
    };
  });
}
