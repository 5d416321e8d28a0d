import { describe, expect, it } from 'vitest';
import {
  accountBasePath,
  accountPath,
  addressPath,
  defaultAccountName,
  defaultEvmAccountName,
  sanitizeRecoveredName,
  shortenEvmChainName,
  signingPath,
  toBareAccountPath,
} from './paths';

describe('account paths', () => {
  it("builds m/{bip}'/{coinType}'/{account}'", () => {
    expect(accountBasePath(84, 0, 0)).toBe("m/84'/0'/0'");
    expect(() => accountBasePath(44, -1, 0)).toThrow(RangeError);
  });

  it('appends /0/ except for hardened-path chains (SOL, XLM)', () => {
    expect(accountPath('BTC', 0)).toBe("m/84'/0'/0'/0/");
    expect(accountPath('BTC', 2, 49)).toBe("m/49'/0'/2'/0/");
    expect(accountPath('ETH', 1)).toBe("m/44'/60'/1'/0/");
    expect(accountPath('SOL', 3)).toBe("m/44'/501'/3'");
    expect(accountPath('XLM', 0)).toBe("m/44'/148'/0'");
  });

  it('strips back to the bare account path', () => {
    expect(toBareAccountPath("m/44'/60'/1'/0/")).toBe("m/44'/60'/1'");
    expect(toBareAccountPath("m/44'/60'/1'")).toBe("m/44'/60'/1'");
    expect(toBareAccountPath("m/44'/60'/1'/0/5")).toBe("m/44'/60'/1'");
    expect(() => toBareAccountPath('44/60')).toThrow();
  });

  it('gives the device signing path', () => {
    expect(signingPath('BTC', "m/84'/0'/0'/0/")).toBe("m/84'/0'/0'/0/0");
    expect(signingPath('ETH', "m/44'/60'/2'")).toBe("m/44'/60'/2'/0/0");
    const tron = signingPath('TRX', "m/44'/195'/0'/0/");
    expect(tron).toBe("m/44'/195'/0'/0/0");
    expect(tron.endsWith('0')).toBe(true);
    expect(signingPath('XLM', "m/44'/148'/1'")).toBe("m/44'/148'/1'");
  });

  it('builds address paths', () => {
    expect(addressPath("m/44'/2'/0'/0/", 0, 7)).toBe("m/44'/2'/0'/0/7");
  });
});

describe('default account names', () => {
  it('uses symbol + index+1 and a bip suffix unless default', () => {
    expect(defaultAccountName('BTC', 0)).toBe('BTC 1');
    expect(defaultAccountName('BTC', 0, 84)).toBe('BTC 1');
    expect(defaultAccountName('BTC', 1, 44)).toBe('BTC 2 Legacy');
    expect(defaultAccountName('BTC', 0, 49)).toBe('BTC 1 SegWit');
    expect(defaultAccountName('BTC', 4, 86)).toBe('BTC 5 Taproot');
    expect(defaultAccountName('LTC', 0, 44)).toBe('LTC 1');
    expect(defaultAccountName('LTC', 0, 49)).toBe('LTC 1 SegWit');
    expect(defaultAccountName('ETH', 2)).toBe('ETH 3');
  });

  it("names XLM accounts 'Stellar' + n", () => {
    expect(defaultAccountName('XLM', 0)).toBe('Stellar 1');
    expect(defaultAccountName('XLM', 9)).toBe('Stellar 10');
  });

  it('shortens EVM chain names above 14 characters', () => {
    expect(shortenEvmChainName('Polygon')).toBe('Polygon');
    expect(shortenEvmChainName('Arbitrum One x')).toBe('Arbitrum One x'); // exactly 14
    expect(shortenEvmChainName('Avalanche C-Chain')).toBe('Avalanche C');
    expect(shortenEvmChainName('Polygon zkEVM Mainnet')).toBe('Polygon ZM');
    expect(defaultEvmAccountName('Avalanche C-Chain', 0)).toBe('Avalanche C 1');
    expect(defaultEvmAccountName('Fantom Opera', 2)).toBe('Fantom Opera 3');
    expect(defaultEvmAccountName('Superlongchainnamemainnet', 0)).toBe('Superlongchai 1'); // capped to 15 characters;
  });

  it('sanitises recovered names', () => {
    expect(sanitizeRecoveredName('My_acc.1-x', 'BTC 1')).toBe('My_acc.1-x');
    expect(sanitizeRecoveredName('Sav ings!€', 'BTC 1')).toBe('Savings');
    expect(sanitizeRecoveredName('錢包', 'ETH 1')).toBe('ETH 1');
    expect(sanitizeRecoveredName(undefined, 'ETH 1')).toBe('ETH 1');
  });
});
