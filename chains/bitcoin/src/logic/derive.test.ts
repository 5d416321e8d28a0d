import { describe, expect, it } from 'vitest';
import { base58checkDecode, base58checkEncode } from './encoding';
import { AccountKeys, InvalidExtendedKeyError, parseExtendedKey, taprootOutputKey } from './derive';
import { NETWORKS, XPUB_VERSIONS } from './networks';
import { ALL_MNEMONIC, VECTOR_ZPUB, accountXpub } from '../test-keys';

function withVersion(xpub: string, version: number): string {
  const raw = base58checkDecode(xpub)!;
  const copy = raw.slice();
  new DataView(copy.buffer).setUint32(0, version);
  return base58checkEncode(copy);
}

describe('account xpub derivation', () => {
  it('the reference zpub derives bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu at 0/0', () => {
    const keys = new AccountKeys(NETWORKS.BTC, VECTOR_ZPUB, 84, "m/84'/0'/0'");
    const a = keys.receive(0);
    expect(a.address).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(a.path).toBe("m/84'/0'/0'/0/0");
    expect(parseExtendedKey(VECTOR_ZPUB).versionName).toBe('zpub');
  });

  it('the zpub equals the mnemonic-derived account key', () => {
    expect(withVersion(accountXpub("m/84'/0'/0'"), XPUB_VERSIONS.zpub!)).toBe(VECTOR_ZPUB);
  });

  it.each([
    [44, "m/44'/0'/0'", '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA'],
    [49, "m/49'/0'/0'", '37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf'],
    [86, "m/86'/0'/0'", 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr'],
  ] as const)('bip %i vector', (bip, path, address) => {
    expect(new AccountKeys(NETWORKS.BTC, accountXpub(path), bip, path).receive(0).address).toBe(address);
  });

  it('accepts ypub / Ltub / Mtub / tpub version bytes (bip decides the script)', () => {
    const x = accountXpub("m/49'/0'/0'");
    for (const v of ['ypub', 'Mtub', 'Ltub', 'tpub', 'xpub'] as const) {
      const keys = new AccountKeys(NETWORKS.BTC, withVersion(x, XPUB_VERSIONS[v]!), 49, "m/49'/0'/0'/0/");
      expect(keys.receive(0).address).toBe('37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf');
      expect(keys.receive(0).path).toBe("m/49'/0'/0'/0/0");
    }
  });

  it('rejects private keys, bad checksums, wrong depth and unsupported bips', () => {
    const x = accountXpub("m/44'/0'/0'");
    expect(() => parseExtendedKey(x.slice(0, -1) + (x.endsWith('a') ? 'b' : 'a'))).toThrow(InvalidExtendedKeyError);
    expect(() => parseExtendedKey(withVersion(x, 0x0488ade4))).toThrow(/unknown version/);
    expect(() => new AccountKeys(NETWORKS.BTC, accountXpub("m/44'/0'"), 44, "m/44'/0'/0'")).toThrow(/depth 3/);
    expect(() => new AccountKeys(NETWORKS.DOGE, x, 84, "m/84'/3'/0'")).toThrow(/no bip 84/);
  });

  it('taproot derives 5 receive and 5 change addresses; others take the requested count', () => {
    const tr = new AccountKeys(NETWORKS.BTC, accountXpub("m/86'/0'/0'"), 86, "m/86'/0'/0'");
    const list = tr.watchList(20);
    expect(list).toHaveLength(10);
    expect(list.filter((a) => a.change === 1).map((a) => a.path)).toEqual([0, 1, 2, 3, 4].map((i) => `m/86'/0'/0'/1/${i}`));
    expect(new AccountKeys(NETWORKS.BTC, accountXpub("m/84'/0'/0'"), 84, "m/84'/0'/0'").watchList(20)).toHaveLength(40);
  });

  it('BIP-86 tweak matches the BIP-86 test vector', () => {
    // BIP-86: m/86'/0'/0'/0/0 internal key cc8a4bc6… → output key a60869f0…
    const internal = Uint8Array.from(Buffer.from('cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115', 'hex'));
    expect(Buffer.from(taprootOutputKey(internal)).toString('hex')).toBe(
      'a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c',
    );
  });
});

describe('altcoin derivation (Trezor "all" vectors)', () => {
  it.each([
    ['LTC', "m/44'/2'/0'", 0, 0, 'LcubERmHD31PWup1fbozpKuiqjHZ4anxcL'],
    ['LTC', "m/44'/2'/0'", 1, 0, 'LWj6ApswZxay4cJEJES2sGe7fLMLRvvv8h'],
    ['TBTC', "m/44'/1'/0'", 0, 0, 'mvbu1Gdy8SUjTenqerxUaZyYjmveZvt33q'],
    ['BCH', "m/44'/145'/0'", 0, 0, 'bitcoincash:qr08q88p9etk89wgv05nwlrkm4l0urz4cyl36hh9sv'],
    ['BCH', "m/44'/145'/0'", 1, 0, 'bitcoincash:qzc5q87w069lzg7g3gzx0c8dz83mn7l02scej5aluw'],
    ['GRS', "m/44'/17'/0'", 0, 0, 'Fj62rBJi8LvbmWu2jzkaUX1NFXLEqDLoZM'],
    ['GRS', "m/44'/17'/0'", 1, 0, 'FmRaqvVBRrAp2Umfqx9V1ectZy8gw54QDN'],
    ['GRS', "m/44'/17'/0'", 1, 1, 'Fmhtxeh7YdCBkyQF7AQG4QnY8y3rJg89di'],
  ] as const)('%s %s/%i/%i', (net, path, change, index, address) => {
    const keys = new AccountKeys(NETWORKS[net], accountXpub(path, ALL_MNEMONIC), 44, path);
    expect(keys.derive(change, index).address).toBe(address);
  });

  it('DASH, DGB, DOGE legacy addresses start with X, D, D; LTC regtest with m/n and rltc1', () => {
    const x = (p: string) => accountXpub(p, ALL_MNEMONIC);
    expect(new AccountKeys(NETWORKS.DASH, x("m/44'/5'/0'"), 44, "m/44'/5'/0'").receive(0).address).toMatch(/^X/);
    expect(new AccountKeys(NETWORKS.DGB, x("m/44'/20'/0'"), 44, "m/44'/20'/0'").receive(0).address).toMatch(/^D/);
    expect(new AccountKeys(NETWORKS.DOGE, x("m/44'/3'/0'"), 44, "m/44'/3'/0'").receive(0).address).toMatch(/^D/);
    expect(new AccountKeys(NETWORKS.DGB, x("m/49'/20'/0'"), 49, "m/49'/20'/0'").receive(0).address).toMatch(/^S/);
    expect(new AccountKeys(NETWORKS.LTC, x("m/49'/2'/0'"), 49, "m/49'/2'/0'").receive(0).address).toMatch(/^M/);
    expect(new AccountKeys(NETWORKS.LTC_REGTEST, x("m/44'/2'/0'"), 44, "m/44'/2'/0'").receive(0).address).toMatch(/^[mn]/);
    expect(new AccountKeys(NETWORKS.LTC_REGTEST, x("m/84'/2'/0'"), 84, "m/84'/2'/0'").receive(0).address).toMatch(/^rltc1q/);
    expect(new AccountKeys(NETWORKS.LTC_REGTEST, x("m/49'/2'/0'"), 49, "m/49'/2'/0'").receive(0).address).toMatch(/^Q/);
  });
});
