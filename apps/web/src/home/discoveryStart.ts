/**
 * Which coins discovery reads at connect (issue 33): every coin of the menu whose account list the device can open
 * now (its family on the web, its firmware minimums met, no forced update first; the chain list and Cardano's
 * portal open other pages), without the coins the user hid.
 */
import type { ChainSymbol } from '@secux-companion/core';
import { startDiscovery } from '@secux-companion/web-kit/accounts/discovery';
import { hasFamily } from '@secux-companion/web-kit/state/families';
import { deviceInfo } from '@secux-companion/web-kit/state/deviceInfo';
import { runtime } from '@secux-companion/web-kit/device/runtime';
import { hiddenCoins } from '@secux-companion/web-kit/state/preferences';
import { chooseCoin, COIN_MENU } from './coinChoice';

export function discoveryCoins(
  device: {
    mcuState: Parameters<typeof chooseCoin>[1]['mcuState'];
    mcu: string;
    se: string;
    deviceType?: string;
  },
  hidden: readonly ChainSymbol[] = [],
): ChainSymbol[] {
  return COIN_MENU.filter(
    (coin) =>
      coin !== 'EVM' &&
      !hidden.includes(coin) &&
      hasFamily(coin) &&
      chooseCoin(coin, device).kind === 'account',
  );
}

/** Starts discovery for the device just connected (once per device), without the coins hidden in Settings. */
export function startHomeDiscovery(hidden: readonly ChainSymbol[] = hiddenCoins()): Promise<void> {
  if (!runtime.get().device) return Promise.resolve();
  const info = deviceInfo.get();
  return startDiscovery(
    discoveryCoins(
      {
        mcuState: info.mcuState,
        mcu: info.mcuVersion ?? '',
        se: info.seVersion ?? '',
        deviceType: info.deviceType ?? undefined,
      },
      hidden,
    ),
  );
}
