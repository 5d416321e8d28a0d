import { describe, expect, it } from 'vitest';
import {
  FEATURE_GATES,
  LATEST_SE_VERSION,
  TEST_ACCOUNT_NAMES,
  UnsupportedCoinButton,
  checkCoinFirmware,
  checkFeature,
  compareMcuVersions,
  compareSeVersions,
  detectTestAccounts,
  isCoinMenuVisible,
  isLegacySeVariant,
  isSeVersionUnsupported,
  isTestAccount,
  isWalletReady,
  isWalletUninitialized,
  mcuProgress,
  mcuState,
  seModeNeedsBootloader,
  seProgress,
  seState,
  shouldOpenForceUpdateModal,
  trimMcuVersion,
  unsupportedCoinButton,
} from './firmware';

const latest = { mcu: '2.25', se: '1.97' };

describe('version comparison', () => {
  it('compares MCU on major.minor numerically', () => {
    expect(trimMcuVersion('2.13.4')).toBe('2.13');
    expect(compareMcuVersions('2.9', '2.13')).toBe(-1);
    expect(compareMcuVersions('2.13.9', '2.13.1')).toBe(0);
    expect(compareMcuVersions('2.20', '2.19')).toBe(1);
    expect(compareMcuVersions('2', '2.0')).toBe(0);
    expect(compareMcuVersions('3.0', '2.99')).toBe(1);
  });

  it('compares SE on the first three parts', () => {
    expect(compareSeVersions('1.96.9', '1.97')).toBe(-1);
    expect(compareSeVersions('1.97.0', '1.97')).toBe(0);
    expect(compareSeVersions('1.97.1', '1.97')).toBe(1);
    expect(compareSeVersions('1.97.0.5', '1.97.0.1')).toBe(0);
  });
});

describe('update states', () => {
  it('SE below 1.97 is welcome, otherwise latest', () => {
    expect(LATEST_SE_VERSION).toBe('1.97');
    expect(seState('1.96')).toBe('welcome');
    expect(seState('1.97')).toBe('latest');
    expect(seState('1.98.1')).toBe('latest');
  });

  it('MCU noNeed / welcome / force; C20 always noNeed', () => {
    expect(mcuState('2.25', { latestFirmwareVersion: '2.25', forceUpdate: true })).toBe('noNeed');
    expect(mcuState('2.24', { latestFirmwareVersion: '2.25', forceUpdate: false })).toBe('welcome');
    expect(mcuState('2.24', { latestFirmwareVersion: '2.25', forceUpdate: true })).toBe('force');
    expect(mcuState('1.0', { latestFirmwareVersion: '2.25', forceUpdate: true }, 'C20')).toBe('noNeed');
  });

  it('opens the force-update modal on Bluetooth when needed, on USB when forced', () => {
    expect(shouldOpenForceUpdateModal({ transport: 'bluetooth', mcuState: 'welcome' })).toBe(true);
    expect(shouldOpenForceUpdateModal({ transport: 'bluetooth', mcuState: 'noNeed' })).toBe(false);
    expect(shouldOpenForceUpdateModal({ transport: 'usb', mcuState: 'welcome' })).toBe(false);
    expect(shouldOpenForceUpdateModal({ transport: 'usb', mcuState: 'force' })).toBe(true);
    expect(
      shouldOpenForceUpdateModal({
        transport: 'usb',
        mcuState: 'force',
        hasTestAccounts: true,
        mcuVersion: '2.13',
      }),
    ).toBe(false);
    expect(
      shouldOpenForceUpdateModal({
        transport: 'usb',
        mcuState: 'force',
        hasTestAccounts: true,
        mcuVersion: '2.14',
      }),
    ).toBe(true);
    expect(shouldOpenForceUpdateModal({ transport: 'usb', mcuState: 'force', deviceType: 'C20' })).toBe(
      false,
    );
  });

  it('wallet status and SE mode', () => {
    expect(isWalletReady(34)).toBe(true);
    expect(isWalletReady(98)).toBe(true);
    expect(isWalletReady(0)).toBe(false);
    // Only a device without a seed is uninitialized; a logged-out (odd) or ready wallet is not.
    expect([0, 1, 18, 34, 98].filter(isWalletUninitialized)).toEqual([0]);
    expect([1, 2, 3, 4, 5].filter(seModeNeedsBootloader)).toEqual([2, 3, 5]);
  });

  it('maps progress: MCU +2, SE +4, capped at 100', () => {
    expect(mcuProgress(0)).toBe(2);
    expect(mcuProgress(97)).toBe(99);
    expect(mcuProgress(98)).toBe(100);
    expect(mcuProgress(100)).toBe(100);
    expect(seProgress(10)).toBe(14);
    expect(seProgress(96)).toBe(100);
    expect(seProgress(99)).toBe(100);
  });
});

describe('S97/S90 variants and coin menu', () => {
  it('detects S97/S90 SE version strings', () => {
    expect(isLegacySeVariant('S97')).toBe(true);
    expect(isLegacySeVariant('s90.1.2')).toBe(true);
    expect(isLegacySeVariant('S97-1.0')).toBe(true);
    expect(isLegacySeVariant('S970')).toBe(false);
    expect(isLegacySeVariant('1.97')).toBe(false);
    expect(isLegacySeVariant('1.90')).toBe(false);
  });

  it('warns below SE 1.83', () => {
    expect(isSeVersionUnsupported('1.82')).toBe(true);
    expect(isSeVersionUnsupported('1.83')).toBe(false);
  });

  it('hides the coin menu in bootloader, on S97/S90, on SE update error', () => {
    const base = { bootloader: false, seVersion: '1.97', seUpdateError: false };
    expect(isCoinMenuVisible(base)).toBe(true);
    expect(isCoinMenuVisible({ ...base, bootloader: true })).toBe(false);
    expect(isCoinMenuVisible({ ...base, seVersion: 'S90' })).toBe(false);
    expect(isCoinMenuVisible({ ...base, seUpdateError: true })).toBe(false);
  });
});

describe('per-coin minimums', () => {
  it.each([
    ['BTC', '2.19', '1.92'],
    ['TRX', '2.23', '1.77'],
    ['ETH', '2.12', undefined],
    ['ADA', '2.25', '1.87'],
    ['FIO', '2.22', '1.96'],
    ['SOL', '2.23', '1.94'],
    ['EVM', '2.24', '1.87'],
    ['DGB', '2', undefined],
    ['DASH', '2.2', undefined],
    ['DOGE', '2.2', undefined],
    // A coin the table leaves out needs the default MCU required version, 2 (spec 01 §9).
    ['XLM', '2', '1.83'],
    ['LTC', '2', undefined],
    ['XRP', '2', undefined],
  ] as const)('%s needs MCU %s and SE %s', (coin, mcu, se) => {
    const r = checkCoinFirmware(coin, latest);
    expect(r.requiredMcu).toBe(mcu);
    expect(r.requiredSe).toBe(se);
    expect(r.mcuOk && r.seOk).toBe(true);
  });

  it('fails below the minimums and maps testnets to mainnets', () => {
    expect(checkCoinFirmware('BTC', { mcu: '2.18', se: '1.97' })).toMatchObject({ mcuOk: false, seOk: true });
    expect(checkCoinFirmware('BTC', { mcu: '2.19', se: '1.91' })).toMatchObject({ mcuOk: true, seOk: false });
    expect(checkCoinFirmware('TBTC', { mcu: '2.18', se: '1.91' })).toMatchObject({
      mcuOk: false,
      seOk: false,
    });
    expect(checkCoinFirmware('DASH', { mcu: '2.2', se: '1.0' })).toMatchObject({ mcuOk: true, seOk: true });
    expect(checkCoinFirmware('DASH', { mcu: '2.1', se: '1.0' })).toMatchObject({ mcuOk: false });
    // The default MCU required version (2) holds a coin without its own minimum too.
    expect(checkCoinFirmware('LTC', { mcu: '1.99', se: '1.97' })).toMatchObject({
      mcuOk: false,
      requiredMcu: '2',
    });
    expect(checkCoinFirmware('LTC', { mcu: '2.0', se: '1.97' })).toMatchObject({ mcuOk: true });
  });

  it('exempts C20 from MCU checks but not SE', () => {
    expect(checkCoinFirmware('EVM', { mcu: '1.0', se: '1.90', deviceType: 'C20' })).toMatchObject({
      mcuOk: true,
      seOk: true,
    });
    expect(checkCoinFirmware('SOL', { mcu: '1.0', se: '1.90', deviceType: 'C20' })).toMatchObject({
      mcuOk: true,
      seOk: false,
    });
  });

  it('chooses the unsupported-coin modal button', () => {
    expect(unsupportedCoinButton({ mcuOk: false, seOk: false })).toBe('Update MCU Firmware');
    expect(unsupportedCoinButton({ mcuOk: false, seOk: true })).toBe(UnsupportedCoinButton.UpdateMcu);
    expect(unsupportedCoinButton({ mcuOk: true, seOk: false })).toBe('Update SE Firmware');
    expect(unsupportedCoinButton({ mcuOk: true, seOk: true })).toBe('Cancel');
  });
});

describe('feature gates', () => {
  it('has the spec thresholds', () => {
    expect(FEATURE_GATES.send.mcu).toBe('2.9');
    expect(FEATURE_GATES.bnb.mcu).toBe('2.9');
    expect(FEATURE_GATES.tagMemo.mcu).toBe('1.25');
    expect(FEATURE_GATES.nft.mcu).toBe('2.20');
    expect(FEATURE_GATES.nativeSegwit).toMatchObject({ mcu: '2.19', se: '1.92' });
    expect(FEATURE_GATES.taproot).toMatchObject({ se: '1.92' });
    expect(FEATURE_GATES.evm).toMatchObject({ mcu: '2.24', se: '1.87' });
    expect(FEATURE_GATES.ada).toMatchObject({ mcu: '2.25', se: '1.87' });
    expect(FEATURE_GATES.stellar).toMatchObject({ se: '1.83' });
  });

  it('checks gates and reports the failing version', () => {
    expect(checkFeature('send', { mcu: '2.13', se: '1.80' }).ok).toBe(true);
    expect(checkFeature('send', { mcu: '2.8', se: '1.97' })).toMatchObject({
      ok: false,
      version: '2.9',
      messageKey: 'featureRequiresFirmware',
    });
    expect(checkFeature('nft', { mcu: '2.19', se: '1.97' }).ok).toBe(false);
    expect(checkFeature('nft', { mcu: '2.20', se: '1.97' }).ok).toBe(true);
    expect(checkFeature('taproot', { mcu: '2.25', se: '1.91' })).toMatchObject({
      ok: false,
      version: '1.92',
      messageKey: 'taprootRequiresSe',
    });
    expect(checkFeature('evm', { mcu: '2.23', se: '1.97' })).toMatchObject({ ok: false, version: '2.24' });
    expect(checkFeature('evm', { mcu: '2.23', se: '1.97', deviceType: 'C20' }).ok).toBe(true);
    expect(checkFeature('nativeSegwit', { mcu: '2.19', se: '1.91' })).toMatchObject({
      ok: false,
      version: '1.92',
    });
  });
});

describe('test accounts (MCU 2.13)', () => {
  const all = TEST_ACCOUNT_NAMES.map((name, i) => ({ name, balance: i % 2 ? '99999.99999' : 99999 }));

  it('lists exactly 14 names', () => {
    expect(TEST_ACCOUNT_NAMES).toHaveLength(14);
    expect(new Set(TEST_ACCOUNT_NAMES).size).toBe(14);
    expect(TEST_ACCOUNT_NAMES.slice(0, 5)).toEqual(['BTC0', 'BTC1', 'BTCt0', 'BTCt1', 'LTC0']);
    for (const c of ['DASH', 'GRS', 'DGB'])
      expect(TEST_ACCOUNT_NAMES.some((n) => n.startsWith(c))).toBe(true);
  });

  it('all-match only when exactly these exist', () => {
    expect(detectTestAccounts(all)).toEqual({ hasTestAccounts: true, allTestAccounts: true });
    expect(detectTestAccounts(all.slice(1))).toEqual({ hasTestAccounts: true, allTestAccounts: false });
    expect(detectTestAccounts([...all, { name: 'My BTC', balance: '0' }]).allTestAccounts).toBe(false);
    expect(detectTestAccounts([...all.slice(1), all[2]!]).allTestAccounts).toBe(false);
    expect(detectTestAccounts([{ name: 'BTC 1', balance: '0.1' }])).toEqual({
      hasTestAccounts: false,
      allTestAccounts: false,
    });
    expect(detectTestAccounts([])).toEqual({ hasTestAccounts: false, allTestAccounts: false });
  });

  it('requires a test balance', () => {
    expect(isTestAccount({ name: 'BTC0', balance: '99999.999990' })).toBe(true);
    expect(isTestAccount({ name: 'BTC0', balance: '99999.0' })).toBe(true);
    expect(isTestAccount({ name: 'BTC0', balance: '99998' })).toBe(false);
    expect(isTestAccount({ name: 'ETH0', balance: '99999' })).toBe(false);
  });
});
