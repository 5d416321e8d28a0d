import { describe, expect, it } from 'vitest';
import { chooseCoin, COIN_MENU } from './coinChoice';

const recent = { mcuState: 'noNeed' as const, mcu: '2.30', se: '1.97' };

describe('coin menu', () => {
  it('lists the EVM entry right after ETH, once', () => {
    expect(COIN_MENU[COIN_MENU.indexOf('ETH') + 1]).toBe('EVM');
    expect(COIN_MENU.filter((c) => c === 'EVM')).toHaveLength(1);
  });
});

describe('selecting a coin (spec 01 §4, §5)', () => {
  it('a forced MCU update comes before everything', () => {
    expect(chooseCoin('ETH', { ...recent, mcuState: 'force' })).toEqual({ kind: 'force' });
  });

  it('recent firmware: accounts, the EVM list, the Cardano portal', () => {
    expect(chooseCoin('BTC', recent)).toEqual({ kind: 'account' });
    expect(chooseCoin('EVM', recent)).toEqual({ kind: 'evm' });
    expect(chooseCoin('ADA', recent)).toEqual({ kind: 'cardano' });
  });

  it('button: MCU when the MCU is too old (maybe SE too), SE when only the SE is', () => {
    expect(chooseCoin('EVM', { ...recent, mcu: '2.20' })).toEqual({
      kind: 'unsupported',
      action: 'mcu',
      messageKey: 'errors.evmRequiresMcu',
      version: '2.24',
    });
    expect(chooseCoin('SOL', { ...recent, mcu: '2.20', se: '1.90' })).toMatchObject({ action: 'mcu' });
    expect(chooseCoin('BTC', { ...recent, se: '1.90' })).toEqual({
      kind: 'unsupported',
      action: 'se',
      messageKey: 'errors.taprootRequiresSe',
      version: '1.92',
    });
    expect(chooseCoin('BTC', { ...recent, mcu: '2.18' })).toMatchObject({
      action: 'mcu',
      messageKey: 'errors.nativeSegwitRequiresMcu',
    });
    expect(chooseCoin('FIO', { ...recent, se: '1.95' })).toMatchObject({
      action: 'se',
      messageKey: 'errors.coinRequiresLatestFirmware',
    });
  });

  it('C20 is exempt from MCU minimums', () => {
    expect(chooseCoin('EVM', { ...recent, mcu: '2.0', deviceType: 'C20' })).toEqual({ kind: 'evm' });
  });

  it('XLM and TRX below their SE minimum: the unsupported-device modal', () => {
    expect(chooseCoin('XLM', { ...recent, se: '1.80' })).toEqual({ kind: 'unsupportedDevice' });
    expect(chooseCoin('TRX', { ...recent, se: '1.70' })).toEqual({ kind: 'unsupportedDevice' });
    expect(chooseCoin('TRX', { ...recent, mcu: '2.20' })).toMatchObject({
      kind: 'unsupported',
      action: 'mcu',
    });
  });
});
