import { CHAINS, formatUnits, toFiat, type ChainSymbol, type Issue } from '@secux-companion/core';
import type { TFunction } from 'i18next';

/** Coin amount for display (8 digits for the bitcoin family). */
export function coinText(value: bigint, chain: ChainSymbol): string {
  return formatUnits(value, CHAINS[chain].decimals, { maxDigits: CHAINS[chain].displayDigits });
}

/** An amount with its symbol, in a chain's display unit (decimals and digits). */
export function amountText(value: bigint, unit: { symbol: string; decimals: number; digits: number }): string {
  return `${formatUnits(value, unit.decimals, { maxDigits: unit.digits })} ${unit.symbol}`;
}

/** Fiat value of an amount in a display unit, or null when the price is not available. */
export function unitFiatText(value: bigint, unit: { decimals: number }, price: string | null | undefined): string | null {
  if (!price) return null;
  try {
    return toFiat(value, unit.decimals, price);
  } catch {
    return null;
  }
}

/** Fiat value, or null when the price is not available ('Price N/A'). */
export function fiatText(value: bigint, chain: ChainSymbol, price: string | null | undefined, digits?: number): string | null {
  if (!price) return null;
  try {
    return toFiat(value, CHAINS[chain].decimals, price, digits ? { digits } : {});
  } catch {
    return null;
  }
}

/** A catalogue issue → its translated text (`errors.*`). */
export function issueText(t: TFunction, issue: Issue): string {
  return t(`errors.${issue.code}`, { ...(issue.params ?? {}) });
}

/** Any error → a text for the user: catalogue keys when the error carries one, its message otherwise. */
export function errorText(t: TFunction, e: unknown): string {
  const o = e as { code?: unknown; params?: Issue['params']; issue?: Issue; name?: string; message?: string };
  if (o?.issue) return issueText(t, o.issue);
  if (o?.name === 'CoreError' && typeof o.code === 'string') return issueText(t, { code: o.code as Issue['code'], ...(o.params ? { params: o.params } : {}) });
  return typeof o?.message === 'string' && o.message ? o.message : String(e);
}
