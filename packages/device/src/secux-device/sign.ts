/** Signing on the device with the SDK's coin apps: BTC family, ETH (transactions, messages, typed data), XRP, XLM, TRX, SOL, BNB. */
import '../sdk-env.js';
import { SecuxBTC } from '@secux/app-btc';
import { SecuxETH } from '@secux/app-eth';
import { SecuxXRP } from '@secux/app-xrp';
import { SecuxXLM } from '@secux/app-xlm';
import { SecuxTRX } from '@secux/app-trx';
import { SecuxSOL } from '@secux/app-sol';
import { SecuxBNB } from '@secux/app-bnb';
import { base58 } from '@scure/base';
import { DataError } from '../errors.js';
import type { BtcInput, BtcOutputs, BtcSignOptions, SignedTx, SignOptions } from '../types.js';
import { checkSigning, COIN_SOL, coinTypeOf, exchange, notBootloader, purposeOf, sdk, type DeviceContext } from './context.js';

export async function signBtc(ctx: DeviceContext, inputs: BtcInput[], outputs: BtcOutputs, options: BtcSignOptions = {}): Promise<SignedTx> {
  notBootloader(ctx);
  const first = inputs[0];
  if (!first) throw new DataError('no inputs');
  checkSigning(ctx, coinTypeOf(first.path), purposeOf(first.path));
  const t = ctx.b.transport;
  const { onProgress, ...opt } = options;
  const prepared = (await SecuxBTC.sign.call(t, structuredClone(inputs) as never, structuredClone(outputs) as never, opt as never)) as {
    multi_command: unknown[];
    rawTx: string;
    publickeys: Array<string | Buffer>;
    coin: number;
  };
  const responses: Buffer[] = [];
  const total = prepared.multi_command.length;
  for (let i = 0; i < total; i++) {
    onProgress?.(i + 1, total);
    responses.push(await exchange(ctx, prepared.multi_command[i]));
  }
  const rawTx = SecuxBTC.resolveTransaction(responses, {
    rawTx: prepared.rawTx,
    publickeys: prepared.publickeys,
    coin: prepared.coin,
  } as never);
  return { rawTx };
}

export async function signEth(ctx: DeviceContext, path: string, tx: string | Record<string, unknown>, options: SignOptions = {}): Promise<SignedTx> {
  notBootloader(ctx);
  checkSigning(ctx, coinTypeOf(path), purposeOf(path));
  let prepared: { commandData: unknown; rawTx: unknown };
  if (typeof tx === 'string') {
    prepared = sdk(SecuxETH).prepareSignSerialized(path, Buffer.from(tx.replace(/^0x/, ''), 'hex')) as never;
  } else {
    const is1559 = 'maxFeePerGas' in tx || 'priorityFee' in tx || 'maxPriorityFeePerGas' in tx;
    const fn = is1559 ? 'prepareSignEIP1559' : 'prepareSignEIP155';
    prepared = (sdk(SecuxETH)[fn] as (p: string, c: unknown) => typeof prepared)(path, tx);
  }
  options.onProgress?.(1, 1);
  const rsp = await exchange(ctx, prepared.commandData);
  const signature = SecuxETH.resolveSignature(rsp);
  const rawTx = SecuxETH.resolveTransaction(rsp, prepared.rawTx as never);
  return { rawTx, signature: `0x${signature}` };
}

/**
 * The message's bytes: text as UTF-8. (The SDK would read a string that starts with `0x` as hex, so a text such as
 * "0xdead" would be signed as two bytes while every verifier hashes its text.)
 */
const messageBytes = (message: string | Uint8Array): Buffer =>
  typeof message === 'string' ? Buffer.from(message, 'utf8') : Buffer.from(message);

export async function signEthMessage(ctx: DeviceContext, path: string, message: string | Uint8Array): Promise<string> {
  notBootloader(ctx);
  const rsp = await exchange(ctx, SecuxETH.prepareSignMessage(path, messageBytes(message)));
  return `0x${SecuxETH.resolveSignatureEIP155(rsp)}`;
}

/** A Solana off-chain message as wallets sign it (`signMessage`: Ed25519 over the bytes); the signature in base58. */
export async function signSolMessage(ctx: DeviceContext, path: string, message: string | Uint8Array): Promise<string> {
  notBootloader(ctx);
  const rsp = await exchange(ctx, SecuxSOL.prepareSignMessage(path, messageBytes(message)));
  return base58.encode(Buffer.from(SecuxSOL.resolveSignature(rsp), 'base64'));
}

export async function signEthTypedData(ctx: DeviceContext, path: string, typedData: string): Promise<string> {
  notBootloader(ctx);
  const rsp = await exchange(ctx, SecuxETH.prepareSignTypedData(path, typedData));
  return `0x${SecuxETH.resolveSignatureEIP155(rsp)}`;
}

export async function signXrp(ctx: DeviceContext, path: string, tx: Record<string, unknown>): Promise<SignedTx> {
  notBootloader(ctx);
  checkSigning(ctx, coinTypeOf(path), purposeOf(path));
  const { commandData, serialized } = SecuxXRP.prepareSign(path, structuredClone(tx) as never);
  const rsp = await exchange(ctx, commandData);
  return { rawTx: SecuxXRP.resolveTransaction(rsp, serialized), signature: SecuxXRP.resolveSignature(rsp) };
}

export async function signXlm(ctx: DeviceContext, path: string, tx: Record<string, unknown>): Promise<SignedTx> {
  notBootloader(ctx);
  checkSigning(ctx, coinTypeOf(path), purposeOf(path));
  const { commandData, serialized } = SecuxXLM.prepareSign(path, structuredClone(tx) as never);
  const rsp = await exchange(ctx, commandData);
  return { rawTx: SecuxXLM.resolveTransaction(rsp, serialized), signature: SecuxXLM.resolveSignature(rsp) };
}

export async function signTrx(ctx: DeviceContext, path: string, tx: Record<string, unknown>): Promise<SignedTx> {
  notBootloader(ctx);
  checkSigning(ctx, coinTypeOf(path), purposeOf(path));
  const { commandData, rawTx } = SecuxTRX.prepareSign(path, structuredClone(tx) as never);
  const rsp = await exchange(ctx, commandData);
  return { rawTx: SecuxTRX.resolveTransaction(rsp, rawTx), signature: SecuxTRX.resolveSignature(rsp) };
}

export async function signSol(ctx: DeviceContext, feePayer: string, tx: Record<string, unknown>, options: SignOptions = {}): Promise<SignedTx> {
  notBootloader(ctx);
  checkSigning(ctx, COIN_SOL);
  const { commandData, serialized } = SecuxSOL.prepareSign(feePayer, structuredClone(tx) as never);
  options.onProgress?.(1, 1);
  const rsp = await exchange(ctx, commandData);
  return { rawTx: SecuxSOL.resolveTransaction(rsp, serialized) };
}

export async function signBnb(ctx: DeviceContext, path: string, tx: Record<string, unknown>): Promise<SignedTx> {
  notBootloader(ctx);
  checkSigning(ctx, coinTypeOf(path), purposeOf(path));
  const { commandData, serialized } = SecuxBNB.prepareSign(path, structuredClone(tx) as never);
  const rsp = await exchange(ctx, commandData);
  return { rawTx: SecuxBNB.resolveTransaction(rsp, serialized), signature: SecuxBNB.resolveSignature(rsp) };
}
