import { describe, expect, it, vi } from 'vitest';
import { deviceInfo } from '../state/deviceInfo';
import { featureAvailable, sendAllowed } from './sendGate';

describe('send firmware gate (2.9)', () => {
  it('blocks sending below MCU 2.9 and says which version is needed', () => {
    deviceInfo.set({ mcuVersion: '2.8', seVersion: '1.97', deviceType: 'V20' });
    const alert = vi.fn();
    expect(sendAllowed(alert)).toBe(false);
    expect(alert).toHaveBeenCalledTimes(1);
  });

  it('allows 2.9 and later (compared numerically: 2.13 > 2.9), and C20 whatever its MCU', () => {
    const alert = vi.fn();
    deviceInfo.set({ mcuVersion: '2.9', seVersion: '1.97', deviceType: 'V20' });
    expect(sendAllowed(alert)).toBe(true);
    deviceInfo.set({ mcuVersion: '2.13', seVersion: '1.97', deviceType: 'V20' });
    expect(sendAllowed(alert)).toBe(true);
    deviceInfo.set({ mcuVersion: '1.5', seVersion: '1.97', deviceType: 'C20' });
    expect(sendAllowed(alert)).toBe(true);
    expect(alert).not.toHaveBeenCalled();
  });
});

describe('feature gates of the connected device', () => {
  it('NFTs need MCU 2.20 (2.12 to 2.19 have none; compared numerically); C20 is exempt', () => {
    const v = (mcuVersion: string, deviceType = 'V20') => ({ mcuVersion, seVersion: '1.97', deviceType });
    expect(featureAvailable('nft', v('2.12'))).toBe(false);
    expect(featureAvailable('nft', v('2.19'))).toBe(false);
    expect(featureAvailable('nft', v('2.20'))).toBe(true);
    expect(featureAvailable('nft', v('2.30'))).toBe(true);
    expect(featureAvailable('nft', v('2.12', 'C20'))).toBe(true);
  });
});
