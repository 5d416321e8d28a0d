/**
 * The review table's rows from the family's adapter (chain-common's `reviewRows`: an i18n label key and a
 * typed value), formatted here once for every family: amounts with their unit's digits and, for the coin,
 * the fiat value to 3 decimals (spec 01 §9); addresses wrap; fee rates in the family's own unit.
 */
import { FIAT_SEND_CONFIRM_DIGITS, formatUnits, toFiat } from '@secux-companion/core';
import type { ReviewRow as AdapterReviewRow } from '@secux-companion/chain-common';
import type { TFunction } from 'i18next';
import type { ReviewRow } from './SendSteps';

/** Token amounts keep at most this many fraction digits. */
const OTHER_DIGITS = 8;

export interface ReviewFormat {
  /** The chain's coin: its symbol and display digits. */
  coin: { symbol: string; digits: number };
  /** Price of one coin in the display currency, when known. */
  price: string | null;
  currencySymbol: string;
  /** Prefix of the test ids: 'send' gives review-recipient, review-amount, review-fee, review-total. */
  testIds: string;
}

const TEST_IDS: Record<string, string> = {
  'send.recipient': 'recipient',
  'send.amountLabel': 'amount',
  'send.networkFee': 'fee',
  'send.total': 'total',
};

function fiatOf(value: bigint, decimals: number, price: string | null): string | null {
  if (!price) return null;
  try {
    return toFiat(value, decimals, price, { digits: FIAT_SEND_CONFIRM_DIGITS });
  } catch {
    return null;
  }
}

export function reviewTableRows(t: TFunction, rows: readonly AdapterReviewRow[], f: ReviewFormat): ReviewRow[] {
  return rows.map((row) => {
    const name = TEST_IDS[row.labelKey];
    const testId = row.testId ?? (name ? `${f.testIds === 'send' ? '' : `${f.testIds}-`}review-${name}` : undefined);
    const v = row.value;
    let value: string;
    if (v.type === 'amount') {
      const isCoin = v.symbol === f.coin.symbol;
      const text = `${formatUnits(v.value, v.decimals, { maxDigits: isCoin ? f.coin.digits : OTHER_DIGITS })} ${v.symbol}`;
      const fiat = isCoin ? fiatOf(v.value, v.decimals, f.price) : null;
      value = fiat !== null ? `${text} (${f.currencySymbol}${fiat})` : text;
    } else if (v.type === 'feeRate') value = `${v.value} ${v.unit}`;
    else value = v.value;
    return {
      label: t(row.labelKey),
      value,
      ...(testId ? { testId } : {}),
      ...(v.type === 'address' ? { breakAll: true } : {}),
    };
  });
}
