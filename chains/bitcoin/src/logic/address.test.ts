import { describe, expect, it } from 'vitest';
import cashaddr from 'cashaddrjs';
import {
  addressFromScript,
  addressOutputType,
  chainAddressValidator,
  decodeAddress,
  deviceAddress,
  specScriptType,
  validateRecipientAddress,
} from './address';
import { base58checkEncode, cashAddrDecode, cashAddrEncode, segwitDecode } from './encoding';
import { NETWORKS } from './networks';

const hash20 = Uint8Array.from({ length: 20 }, (_, i) => i + 1);
const b58 = (version: number, checksum: 'sha256d' | 'groestl' = 'sha256d') => base58checkEncode(Uint8Array.from([version, ...hash20]), checksum);

describe('cash addresses (BCH)', () => {
  it.each([
    ['1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'],
    ['1KXrWXciRDZUpQwQmuM1DbwsKDLYAYsVLR', 'bitcoincash:qr95sy3j9xwd2ap32xkykttr4cvcu7as4y0qverfuy'],
    ['16w1D5WRVKJuZUsSRzdLp9w3YGcgoxDXb', 'bitcoincash:qqq3728yw0y47sqn6l2na30mcw6zm78dzqre909m2r'],
    ['3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC', 'bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq'],
  ])('%s ⇄ %s', (legacy, cash) => {
    const a = decodeAddress(NETWORKS.BCH, legacy)!;
    const b = decodeAddress(NETWORKS.BCH, cash)!;
    expect(Buffer.from(a.script).equals(Buffer.from(b.script))).toBe(true);
    expect(addressFromScript(NETWORKS.BCH, a.script)).toBe(cash);
    expect(addressFromScript(NETWORKS.BCH, b.script, { legacy: true })).toBe(legacy);
    expect(decodeAddress(NETWORKS.BCH, cash.slice('bitcoincash:'.length))).not.toBeNull();
  });

  it('agrees with cashaddrjs on random hashes', () => {
    for (let n = 0; n < 20; n++) {
      const h = Uint8Array.from({ length: 20 }, () => Math.floor(Math.random() * 256));
      const mine = cashAddrEncode('bitcoincash', n % 2 ? 'p2sh' : 'p2pkh', h);
      expect(mine).toBe(cashaddr.encode('bitcoincash', n % 2 ? 'P2SH' : 'P2PKH', h));
      expect(cashAddrDecode('bitcoincash', mine)?.hash).toEqual(h);
    }
  });

  it("BCH rule: '1…' must be legacy, anything else cash format; bad checksum is invalid", () => {
    const v = chainAddressValidator(NETWORKS.BCH);
    expect(v('1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu')).toBe(true);
    expect(v('qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a')).toBe(true);
    expect(v('3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC')).toBe(false); // not '1' and not cash format
    expect(v('qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6b')).toBe(false);
    expect(validateRecipientAddress(NETWORKS.BCH, 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a')).toBe('ok');
  });
});

describe('recipient validation (core rules + chain validator)', () => {
  it.each([
    ['BTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'ok'],
    ['BTC', 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', 'ok'],
    ['BTC', '37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf', 'ok'],
    ['BTC', '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA', 'ok'],
    ['BTC', '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabB', 'invalid'],
    ['BTC', 'BC1QCR8TE4KR609GCAWUTMRZA0J4XV80JY8Z306FYU', 'ok'],
    ['BTC', 'bc1Qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'invalid'],
    ['BTC', 'ltc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'invalid'],
    ['BTC', '', 'empty'],
    ['BTC', 'bc1q cr8te', 'invalid'],
    ['LTC', 'LcubERmHD31PWup1fbozpKuiqjHZ4anxcL', 'ok'],
    ['GRS', 'Fj62rBJi8LvbmWu2jzkaUX1NFXLEqDLoZM', 'ok'],
    ['DASH', b58(0x4c), 'ok'],
    ['DASH', b58(0x10), 'notSupport'], // P2SH '7…'
    ['DOGE', b58(0x1e), 'ok'],
    ['DOGE', b58(0x16), 'notSupport'], // P2SH '9/A…'
    ['DGB', b58(0x1e), 'ok'],
    ['DGB', b58(0x3f), 'ok'],
    ['BCH', '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', 'ok'],
  ] as const)('%s %s → %s', (net, address, status) => {
    expect(validateRecipientAddress(NETWORKS[net], address)).toBe(status);
  });

  it('GRS checksums use Groestl: a SHA-256d checksum is invalid there', () => {
    expect(validateRecipientAddress(NETWORKS.GRS, b58(0x24, 'groestl'))).toBe('ok');
    expect(validateRecipientAddress(NETWORKS.GRS, b58(0x24, 'sha256d'))).toBe('invalid');
  });

  it("segwit forms of LTC, DGB, GRS are valid but unsupported (core's NotSupport)", () => {
    for (const [net, hrp] of [['LTC', 'ltc'], ['DGB', 'dgb'], ['GRS', 'grs']] as const) {
      const script = Uint8Array.from([0, 20, ...hash20]);
      const address = addressFromScript(NETWORKS[net], script)!;
      expect(address.startsWith(`${hrp}1`)).toBe(true);
      expect(validateRecipientAddress(NETWORKS[net], address)).toBe('notSupport');
    }
  });

  it('LTC accepts M and legacy 3 P2SH; the local regtest accepts Q (0x3a), 2 (0xc4) and rltc1', () => {
    expect(addressOutputType(NETWORKS.LTC, b58(0x32))).toBe('p2sh');
    expect(addressOutputType(NETWORKS.LTC, b58(0x05))).toBe('p2sh');
    expect(addressOutputType(NETWORKS.LTC_REGTEST, b58(0x3a))).toBe('p2sh');
    expect(addressOutputType(NETWORKS.LTC_REGTEST, b58(0xc4))).toBe('p2sh');
    expect(addressOutputType(NETWORKS.LTC_REGTEST, b58(0x6f))).toBe('p2pkh');
    const rltc = addressFromScript(NETWORKS.LTC_REGTEST, Uint8Array.from([0, 20, ...hash20]))!;
    expect(rltc).toMatch(/^rltc1q/);
    expect(validateRecipientAddress(NETWORKS.LTC_REGTEST, rltc)).toBe('ok');
    expect(validateRecipientAddress(NETWORKS.LTC_REGTEST, 'LcubERmHD31PWup1fbozpKuiqjHZ4anxcL')).toBe('invalid');
    expect(deviceAddress(NETWORKS.LTC_REGTEST, rltc)).toMatch(/^ltc1q/);
    expect(deviceAddress(NETWORKS.LTC_REGTEST, b58(0x3a))).toBe(b58(0x32));
    expect(deviceAddress(NETWORKS.BTC, '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA')).toBe('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA');
  });

  it('BCH: the device gets a cash address without its prefix (app-btc refuses the colon)', () => {
    const cash = addressFromScript(NETWORKS.BCH, Uint8Array.from([0x76, 0xa9, 20, ...hash20, 0x88, 0xac]))!;
    expect(cash).toMatch(/^bitcoincash:q/);
    expect(deviceAddress(NETWORKS.BCH, cash)).toBe(cash.slice('bitcoincash:'.length));
    expect(deviceAddress(NETWORKS.BCH, cash.slice('bitcoincash:'.length))).toBe(cash.slice('bitcoincash:'.length));
    expect(deviceAddress(NETWORKS.BCH, '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA')).toBe('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA');
  });

  it('testnet (TBTC): core skips the validator but undecodable text stays invalid', () => {
    expect(validateRecipientAddress(NETWORKS.TBTC, 'mvbu1Gdy8SUjTenqerxUaZyYjmveZvt33q')).toBe('ok');
    expect(validateRecipientAddress(NETWORKS.TBTC, 'mvbu1Gdy8SUjTenqerxUaZyYjmveZvt33')).toBe('invalid');
  });
});

describe('script types', () => {
  it('spec prefix rule (core) and exact decoding', () => {
    expect(specScriptType('37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf')).toBe('wrappedSegwit');
    expect(specScriptType('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toBe('nativeSegwit');
    expect(specScriptType('bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr')).toBe('taproot');
    expect(() => specScriptType('bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs')).toThrow('Unknown ScriptType');
    expect(specScriptType('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA')).toBe('legacy');
    const p2wsh = addressFromScript(NETWORKS.BTC, Uint8Array.from([0, 32, ...new Uint8Array(32).fill(7)]))!;
    expect(addressOutputType(NETWORKS.BTC, p2wsh)).toBe('p2wsh');
    expect(addressOutputType(NETWORKS.BTC, 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr')).toBe('p2tr');
  });

  it('bech32 vs bech32m: v0 needs bech32, v1 needs bech32m (BIP-350)', () => {
    // BIP-350 invalid: v0 encoded with bech32m
    expect(segwitDecode('bc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh')).toBeNull();
    // BIP-350 invalid: v1 encoded with bech32
    expect(segwitDecode('bc', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd')).toBeNull();
    expect(segwitDecode('bc', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).not.toBeNull();
  });
});
