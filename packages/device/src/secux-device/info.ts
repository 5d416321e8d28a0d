/** Device information: versions and model, the wallet's state, the SE mode. */
import '../sdk-env.js';
import { ITransport } from '@secux/transport';
import { SecuxDevice as SdkDevice } from '@secux/protocol-device';
import { SecuxUpdate } from '@secux/protocol-device/lib/protocol-update';
import { trimVersion } from '../firmware-gates.js';
import type { DeviceModel, DeviceVersion, SeModeInfo, WalletInfo } from '../types.js';
import { exchange, notBootloader, type DeviceContext } from './context.js';

const MODEL_NAMES = ['W10', 'W20', 'V20', 'T20', 'T20X', 'C20'];

export async function getVersion(ctx: DeviceContext): Promise<DeviceVersion> {
  if (ctx.b.bootloader) {
    const v: DeviceVersion = {
      mcuVersion: '', mcuVersionFull: '', seVersion: '', bootloaderVersion: '', model: 'unknown', bootloader: true,
    };
    ctx.version = v;
    return v;
  }
  const rsp = await exchange(ctx, SdkDevice.prepareGetVersion());
  const info = SdkDevice.resolveVersion(rsp);
  const model = (info.model && MODEL_NAMES.includes(info.model) ? info.model : 'unknown') as DeviceModel;
  const v: DeviceVersion = {
    mcuVersion: trimVersion(info.mcuFwVersion),
    mcuVersionFull: info.mcuFwVersion,
    seVersion: info.seFwVersion,
    bootloaderVersion: info.bootloaderVersion,
    model,
    customerId: info.customerId,
    deviceId: info.deviceId,
    bootloader: false,
  };
  ITransport.mcuVersion = info.mcuFwVersion;
  ITransport.seVersion = info.seFwVersion;
  ctx.version = v;
  return v;
}

export async function getWalletInfo(ctx: DeviceContext): Promise<WalletInfo> {
  notBootloader(ctx);
  const rsp = await exchange(ctx, SdkDevice.prepareGetWalletInfo());
  const w = SdkDevice.resolveWalletInfo(rsp);
  return {
    walletStatus: w.walletStatus,
    walletName: w.walletName,
    walletIndex: w.walletIndex,
    deviceType: ctx.version?.model ?? 'unknown',
    ready: w.walletStatus === 34 || w.walletStatus === 98,
  };
}

export async function getSEMode(ctx: DeviceContext): Promise<SeModeInfo> {
  notBootloader(ctx);
  const info = await SecuxUpdate.getSEModeState(ctx.b.transport);
  return { mode: info.mode, state: info.state, bootloader: ![2, 3, 5, 7].includes(info.mode) };
}
