import { describe, expect, it } from 'vitest';
import * as fx from '../../test/fixtures.js';
import { bipOfKey, descriptorFor, isExtendedKey, toNodeVersion } from './xpub.js';

describe('extended keys', () => {
  it('parses, infers the purpose and re-encodes for the node network', () => {
    expect(isExtendedKey(fx.XPUB)).toBe(true);
    expect(isExtendedKey(`${fx.XPUB.slice(0, -1)}t`)).toBe(false);
    expect(bipOfKey(fx.XPUB)).toBe(84);
    expect(toNodeVersion(fx.XPUB, 'regtest')).toMatch(/^tpub/);
    expect(toNodeVersion(fx.XPUB, 'main')).toMatch(/^xpub/);
    expect(descriptorFor(49, 'K', '/0/*')).toBe('sh(wpkh(K/0/*))');
  });
});
