/**
 * FIO (there is no published @secux/app-fio): the legacy "FIO…" key, signing a transaction's digest into a SIG_K1
 * signature, and the shared secret that encrypts funds requests.
 */
import '../sdk-env.js';
import { SecuxTransactionTool } from '@secux/protocol-transaction';
import { EllipticCurve } from '@secux/protocol-transaction/lib/interface';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { base58 } from '@scure/base';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { checkCoin, exchange, notBootloader, sha256, type DeviceContext } from './context.js';

export function fioAddress(pub33: Uint8Array): string {
  const check = ripemd160(pub33).subarray(0, 4);
  return `FIO${base58.encode(Uint8Array.from([...pub33, ...check]))}`;
}

function fioSignature(sig65: Buffer): string {
  let s = secp256k1.Signature.fromBytes(sig65.subarray(0, 64), 'compact');
  let rec = sig65[64] ?? 0;
  if (s.hasHighS()) {
    s = new secp256k1.Signature(s.r, secp256k1.Point.Fn.ORDER - s.s);
    rec ^= 1;
  }
  const body = Uint8Array.from([rec + 4 + 27, ...s.toBytes('compact')]);
  const check = ripemd160(Uint8Array.from([...body, ...new TextEncoder().encode('K1')])).subarray(0, 4);
  return `SIG_K1_${base58.encode(Uint8Array.from([...body, ...check]))}`;
}

export async function signFio(ctx: DeviceContext, path: string, sigDataHex: string): Promise<string> {
  notBootloader(ctx);
  checkCoin(ctx, path);
  const digest = await sha256(Buffer.from(sigDataHex.replace(/^0x/, ''), 'hex'));
  const cmd = SecuxTransactionTool.signTransaction(path, Buffer.from(digest), { curve: EllipticCurve.SECP256K1_LOW_R });
  const rsp = await exchange(ctx, cmd);
  const sig = Buffer.from(SecuxTransactionTool.resolveSignature(rsp), 'base64');
  return fioSignature(sig);
}

export async function getSharedSecret(ctx: DeviceContext, path: string, publicKeyHex: string): Promise<string> {
  notBootloader(ctx);
  const cmd = SecuxTransactionTool.getECIESsecret(path, Buffer.from(publicKeyHex.replace(/^0x/, ''), 'hex'));
  const rsp = await exchange(ctx, cmd);
  return Buffer.from(SecuxTransactionTool.resolveECIESsecret(rsp) as Buffer).toString('hex');
}
