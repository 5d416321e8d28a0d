import { validateRecipient, type ChainSymbol } from '@secux-companion/core';
import { describe, expect, it } from 'vitest';
import { isUnsupportedAddressForm } from './recipientForms';

const accept = () => true;
const check = (chain: ChainSymbol, address: string) =>
  validateRecipient(chain, address, accept, (a) => isUnsupportedAddressForm(chain, a));

describe('recipient', () => {
  it('flags unsupported forms', () => {
    expect(check('LTC', 'ltc1qxyz')).toBe('notSupport');
    expect(check('LTC', 'LTC1QXYZ')).toBe('notSupport');
    expect(check('LTC', 'MJxyz')).toBe('ok');
    expect(check('DGB', 'dgb1qxyz')).toBe('notSupport');
    expect(check('GRS', 'grs1qxyz')).toBe('notSupport');
    expect(check('DOGE', 'A1xyz')).toBe('notSupport');
    expect(check('DOGE', 'D1xyz')).toBe('ok');
    expect(check('DASH', '7xyz')).toBe('notSupport');
    expect(check('DASH', 'Xxyz')).toBe('ok');
  });
});
