/**
 * Bitcoin-family address forms that validate but cannot be sent to (spec 01 §5): the recipient is 'notSupport'.
 * Core's `validateRecipient` takes the rule as its `unsupported` argument.
 */
import type { ChainSymbol } from '@secux-companion/core';

const UNSUPPORTED_FORMS: Partial<Record<ChainSymbol, (address: string) => boolean>> = {
  LTC: (a) => a.toLowerCase().startsWith('ltc1'),
  DGB: (a) => a.toLowerCase().startsWith('dgb1'),
  GRS: (a) => a.toLowerCase().startsWith('grs1'),
  DOGE: (a) => !a.startsWith('D'),
  DASH: (a) => !a.startsWith('X'),
};

export function isUnsupportedAddressForm(chain: ChainSymbol, address: string): boolean {
  return UNSUPPORTED_FORMS[chain]?.(address) ?? false;
}
