import { describe, expect, it } from 'vitest';
import { backAction, backVisible, logoTarget, routeNameOf } from './backRule';

const base = { connected: true, bootloader: false, updatePending: false };

describe('top bar rules', () => {
  it('names routes from paths', () => {
    expect(routeNameOf('/')).toBe('ConnMethod');
    expect(routeNameOf('/wallet')).toBe('Welcome');
    expect(routeNameOf('/wallet/')).toBe('Welcome');
    expect(routeNameOf('/wallet/account/information')).toBe('AccountInformation');
    expect(routeNameOf('/nope')).toBeNull();
  });

  it('shows back on AccountInformation, on Setting without a pending update, on evmaccount outside bootloader', () => {
    expect(backVisible({ ...base, route: 'AccountInformation' })).toBe(true);
    expect(backVisible({ ...base, route: 'Setting' })).toBe(true);
    expect(backVisible({ ...base, route: 'Setting', updatePending: true })).toBe(false);
    expect(backVisible({ ...base, route: 'evmaccount' })).toBe(true);
    expect(backVisible({ ...base, route: 'evmaccount', bootloader: true })).toBe(false);
    expect(backVisible({ ...base, route: 'Account' })).toBe(false);
    expect(backVisible({ ...base, route: 'Welcome' })).toBe(false);
  });

  it('back goes to landing when not connected, else by route', () => {
    expect(backAction({ ...base, connected: false, route: 'Setting' })).toEqual({ kind: 'reloadToLanding' });
    expect(backAction({ ...base, route: 'Setting' })).toEqual({
      kind: 'navigate',
      to: '/wallet',
      resetSettingsTab: true,
    });
    expect(backAction({ ...base, route: 'evmaccount' })).toEqual({
      kind: 'navigate',
      to: '/wallet/evm-chains',
    });
    expect(backAction({ ...base, route: 'AccountInformation' })).toEqual({
      kind: 'navigate',
      to: '/wallet/account',
    });
  });

  it('the logo returns to wallet except on landing and wallet home', () => {
    expect(logoTarget('ConnMethod')).toBeNull();
    expect(logoTarget('Welcome')).toBeNull();
    expect(logoTarget('Setting')).toBe('/wallet');
  });
});
