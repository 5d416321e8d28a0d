import { describe, expect, it } from 'vitest';
import { discoveryCoins } from './discoveryStart';

const device = { mcuState: 'noNeed' as const, mcu: '99.99.99', se: '99.99.99', deviceType: 'V20' };

describe('the coins discovery reads at connect', () => {
  it("every coin of the menu whose account list opens, not EVM's chain list nor Cardano's portal", () => {
    const coins = discoveryCoins(device);
    expect(coins).toEqual(
      expect.arrayContaining(['BTC', 'LTC', 'ETH', 'BSC', 'XRP', 'XLM', 'TRX', 'SOL', 'FIO']),
    );
    expect(coins).not.toContain('EVM');
    expect(coins).not.toContain('ADA');
  });

  it('leaves out the coins the user hid', () => {
    const coins = discoveryCoins(device, ['DOGE', 'XRP']);
    expect(coins).not.toContain('DOGE');
    expect(coins).not.toContain('XRP');
    expect(coins).toContain('BTC');
  });

  it('none while a forced firmware update comes first', () => {
    expect(discoveryCoins({ ...device, mcuState: 'force' })).toEqual([]);
  });
});
