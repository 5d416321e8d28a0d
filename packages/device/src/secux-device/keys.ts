/** Addresses and keys: an address per coin (FIO's own), showing one on the device, public and extended public keys. */
import '../sdk-env.js';
import { SecuxDevice as SdkDevice } from '@secux/protocol-device';
import { SecuxTransactionTool } from '@secux/protocol-transaction';
import { EllipticCurve } from '@secux/protocol-transaction/lib/interface';
import { SecuxBTC } from '@secux/app-btc';
import { SecuxETH } from '@secux/app-eth';
import { SecuxXRP } from '@secux/app-xrp';
import { SecuxXLM } from '@secux/app-xlm';
import { SecuxTRX } from '@secux/app-trx';
import { SecuxSOL } from '@secux/app-sol';
import { SecuxBNB } from '@secux/app-bnb';
import { DataError } from '../errors.js';
import type { AddressOptions, ShowAddressOptions } from '../types.js';
import { checkCoin, coinTypeOf, exchange, notBootloader, type DeviceContext } from './context.js';
import { fioAddress } from './fio.js';

export async function secpPublicKey(ctx: DeviceContext, path: string): Promise<Buffer> {
  const rsp = await exchange(ctx, SecuxTransactionTool.getPublickey(path, EllipticCurve.SECP256K1));
  return Buffer.from(SecuxTransactionTool.resolvePublickey(rsp, EllipticCurve.SECP256K1, true), 'base64');
}

export async function getAddress(ctx: DeviceContext, path: string, options: AddressOptions = {}): Promise<string> {
  notBootloader(ctx);
  checkCoin(ctx, path);
  const t = ctx.b.transport;
  switch (coinTypeOf(path)) {
    case 60:
      return SecuxETH.getAddress.call(t, path);
    case 144:
      return SecuxXRP.getAddress.call(t, path);
    case 148:
      return SecuxXLM.getAddress.call(t, path);
    case 195:
      return SecuxTRX.getAddress.call(t, path);
    case 501:
      return SecuxSOL.getAddress.call(t, path);
    case 714:
      return SecuxBNB.getAddress.call(t, path);
    case 235:
      return fioAddress(await secpPublicKey(ctx, path));
    default:
      return SecuxBTC.getAddress.call(t, path, options as never);
  }
}

export async function showAddress(ctx: DeviceContext, path: string, options: ShowAddressOptions = {}): Promise<void> {
  notBootloader(ctx);
  const opt: Record<string, unknown> = { needToConfirm: true };
  if (options.chainId) opt.chainId = options.chainId;
  const rsp = await exchange(ctx, SdkDevice.prepareShowAddress(path, opt as never));
  SdkDevice.resolveResponse(rsp);
}

export async function getPublicKey(ctx: DeviceContext, path: string, options: AddressOptions = {}): Promise<string> {
  notBootloader(ctx);
  const t = ctx.b.transport;
  switch (coinTypeOf(path)) {
    case 60:
      return SecuxETH.getPublickey.call(t, path);
    case 144:
      return SecuxXRP.getPublickey.call(t, path);
    case 148:
      return SecuxXLM.getPublickey.call(t, path);
    case 195:
      return SecuxTRX.getPublickey.call(t, path);
    case 501:
      return SecuxSOL.getPublickey.call(t, path);
    case 714:
      return SecuxBNB.getPublickey.call(t, path);
    case 235:
      return (await secpPublicKey(ctx, path)).toString('hex');
    default:
      return SecuxBTC.getPublickey.call(t, path, options as never);
  }
}

export async function getXPublicKey(ctx: DeviceContext, path: string): Promise<string> {
  notBootloader(ctx);
  const t = ctx.b.transport;
  switch (coinTypeOf(path)) {
    case 60:
      return SecuxETH.getXPublickey.call(t, path);
    case 144:
      return SecuxXRP.getXPublickey.call(t, path);
    case 195:
      return SecuxTRX.getXPublickey.call(t, path);
    case 714:
      return SecuxBNB.getXPublickey.call(t, path);
    case 148:
    case 501:
      throw new DataError('ed25519 chains have no extended public key');
    default: {
      const rsp = await exchange(ctx, SecuxTransactionTool.getXPublickey(path));
      return SecuxTransactionTool.resolveXPublickey(rsp, path);
    }
  }
}
