import { createRequire } from 'node:module';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, base58check, createBase58check } from '@scure/base';
import { describe, expect, it } from 'vitest';
import * as fx from '@secux-companion/server-kit/testing/fixtures';
import { bipOfKey, descriptorFor, isExtendedKey, toNodeVersion } from './xpub.js';

const groestl = createRequire(import.meta.url)('groestl-hash-js') as {
  groestl512(data: number[], format: 1, output: 1): number[];
  groestl_2(data: number[], format: 1, output: 1): number[];
};

describe('extended keys', () => {
  it('parses, infers the purpose and re-encodes for the node network', () => {
    expect(isExtendedKey(fx.XPUB)).toBe(true);
    expect(isExtendedKey(`${fx.XPUB.slice(0, -1)}t`)).toBe(false);
    expect(bipOfKey(fx.XPUB)).toBe(84);
    expect(toNodeVersion(fx.XPUB, 'regtest')).toMatch(/^tpub/);
    expect(toNodeVersion(fx.XPUB, 'main')).toMatch(/^xpub/);
    expect(descriptorFor(49, 'K', '/0/*')).toBe('sh(wpkh(K/0/*))');
  });

  it('takes a Groestlcoin key written with its Groestl checksum (as the device hands GRS keys out)', () => {
    const payload = base58check(sha256).decode(fx.XPUB);
    const grs = createBase58check((d: Uint8Array) =>
      Uint8Array.from(groestl.groestl512(Array.from(d), 1, 1)),
    ).encode(payload);
    // the same key under GRS's own checksum (double Groestl-512, as groestl_2 computes it)
    expect(Buffer.from(base58.decode(grs).subarray(78)).toString('hex')).toBe(
      Buffer.from(groestl.groestl_2(Array.from(payload), 1, 1))
        .subarray(0, 4)
        .toString('hex'),
    );
    expect(grs).not.toBe(fx.XPUB);
    expect(isExtendedKey(grs)).toBe(true);
    expect(bipOfKey(grs)).toBe(84);
    // re-encoded for a node, it keeps GRS's checksum
    expect(toNodeVersion(grs, 'main')).toMatch(/^xpub/);
    expect(toNodeVersion(grs, 'main')).not.toBe(toNodeVersion(fx.XPUB, 'main'));
    expect(isExtendedKey(toNodeVersion(grs, 'main'))).toBe(true);
    expect(isExtendedKey(`${grs.slice(0, -1)}${grs.endsWith('t') ? 'u' : 't'}`)).toBe(false);
  });
});
