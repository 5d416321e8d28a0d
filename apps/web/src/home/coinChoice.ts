import {
  CHAIN_SYMBOLS,
  checkCoinFirmware,
  unsupportedCoinButton,
  UnsupportedCoinButton,
  type ChainSymbol,
  type McuState,
} from '@secux-companion/core';
import type { UnsupportedCoinAction } from '../firmware/Modals';

/** Coin-menu order: the chain registry's order with the extra EVM entry right after ETH. */
export const COIN_MENU: readonly ChainSymbol[] = CHAIN_SYMBOLS.filter((s) => s !== 'EVM').flatMap((s) =>
  s === 'ETH' ? (['ETH', 'EVM'] as const) : [s],
);

/** Coins whose unsupported firmware means the device itself cannot run them: contact support. */
const SUPPORT_ONLY_COINS: readonly ChainSymbol[] = ['XLM', 'TRX'];

export type CoinChoice =
  | { kind: 'force' }
  | { kind: 'unsupportedDevice' }
  | { kind: 'unsupported'; action: UnsupportedCoinAction; messageKey: string; version?: string }
  | { kind: 'cardano' }
  | { kind: 'evm' }
  | { kind: 'account' };

/**
 * Spec 01 §4 "Selecting a coin": a forced MCU update comes first, then the coin's MCU/SE minimums
 * (§5; C20 exempt from MCU checks), then ADA's portal and the EVM chain list.
 * Reading: XLM/TRX on an SE below their minimum get the unsupported-device modal (contact support).
 */
export function chooseCoin(
  coin: ChainSymbol,
  device: { mcuState: McuState; mcu: string; se: string; deviceType?: string },
): CoinChoice {
  if (device.mcuState === 'force') return { kind: 'force' };
  const check = checkCoinFirmware(coin, { mcu: device.mcu, se: device.se, deviceType: device.deviceType });
  if (!check.mcuOk || !check.seOk) {
    if (SUPPORT_ONLY_COINS.includes(coin) && !check.seOk) return { kind: 'unsupportedDevice' };
    const button = unsupportedCoinButton(check);
    const action: UnsupportedCoinAction =
      button === UnsupportedCoinButton.UpdateMcu
        ? 'mcu'
        : button === UnsupportedCoinButton.UpdateSe
          ? 'se'
          : 'cancel';
    if (coin === 'EVM')
      return { kind: 'unsupported', action, messageKey: 'errors.evmRequiresMcu', version: check.requiredMcu };
    if ((coin === 'BTC' || coin === 'TBTC') && !check.mcuOk)
      return { kind: 'unsupported', action, messageKey: 'errors.nativeSegwitRequiresMcu' };
    if ((coin === 'BTC' || coin === 'TBTC') && !check.seOk)
      return {
        kind: 'unsupported',
        action,
        messageKey: 'errors.taprootRequiresSe',
        version: check.requiredSe,
      };
    return { kind: 'unsupported', action, messageKey: 'errors.coinRequiresLatestFirmware' };
  }
  if (coin === 'ADA') return { kind: 'cardano' };
  if (coin === 'EVM') return { kind: 'evm' };
  return { kind: 'account' };
}
