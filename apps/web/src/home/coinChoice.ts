import {
  CHAIN_SYMBOLS,
  checkCoinFirmware,
  unsupportedCoinButton,
  UnsupportedCoinButton,
  type ChainSymbol,
  type McuState,
} from '@secux-companion/core';
import type { UnsupportedCoinAction } from '../firmware/Modals';
import { coinRule } from '@secux-companion/web-kit/state/families';

/** Coin-menu order: the chain registry's order with the extra EVM entry right after ETH. */
export const COIN_MENU: readonly ChainSymbol[] = CHAIN_SYMBOLS.filter((s) => s !== 'EVM').flatMap((s) =>
  s === 'ETH' ? (['ETH', 'EVM'] as const) : [s],
);

export type CoinChoice =
  | { kind: 'force' }
  | { kind: 'unsupportedDevice' }
  | { kind: 'unsupported'; action: UnsupportedCoinAction; messageKey: string; version?: string }
  | { kind: 'cardano' }
  | { kind: 'evm' }
  | { kind: 'account' };

/**
 * Spec 01 §4 "Selecting a coin": a forced MCU update comes first, then the coin's MCU/SE minimums
 * (§5; C20 exempt from MCU checks), then the page the coin opens. A family with its own firmware message, with
 * coins the device cannot run below their SE minimum (the unsupported-device modal), or whose coin opens another
 * page than the account list, says so in its registry entry's coin rule: this function names no family.
 */
export function chooseCoin(
  coin: ChainSymbol,
  device: { mcuState: McuState; mcu: string; se: string; deviceType?: string },
): CoinChoice {
  if (device.mcuState === 'force') return { kind: 'force' };
  const rule = coinRule(coin);
  const check = checkCoinFirmware(coin, { mcu: device.mcu, se: device.se, deviceType: device.deviceType });
  if (!check.mcuOk || !check.seOk) {
    const own = rule?.unsupported?.(coin, check);
    if (own && 'kind' in own) return own;
    const button = unsupportedCoinButton(check);
    const action: UnsupportedCoinAction =
      button === UnsupportedCoinButton.UpdateMcu
        ? 'mcu'
        : button === UnsupportedCoinButton.UpdateSe
          ? 'se'
          : 'cancel';
    return { kind: 'unsupported', action, ...(own ?? { messageKey: 'errors.coinRequiresLatestFirmware' }) };
  }
  return { kind: rule?.opens?.(coin) ?? 'account' };
}
