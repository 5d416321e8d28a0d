/** Signing on the device, combining its answer into the transaction, and broadcasting it. */
import type { SignOptions, SignedTransaction } from '@secux-companion/chain-common';
import type { BtcSignRequest, UtxoPlan } from '../build';
import { finalizeSigned } from '../finalize';
import type { BtcSigner } from '../types';
import type { BitcoinContext } from './context';

export async function sign(
  signer: BtcSigner,
  built: { signRequest: BtcSignRequest },
  signOptions: SignOptions = {},
): Promise<{ rawTx: string }> {
  const { inputs, outputs, options: deviceOptions } = built.signRequest;
  return signer.signBtc(structuredClone(inputs), structuredClone(outputs), {
    ...deviceOptions,
    ...(signOptions.onProgress ? { onProgress: signOptions.onProgress } : {}),
  });
}

export function finalize(built: { unsigned: UtxoPlan }, signature: { rawTx: string }): SignedTransaction {
  const final = finalizeSigned(built.unsigned, signature.rawTx);
  return { hash: final.hash, raw: final.raw };
}

export async function broadcast({ backend }: BitcoinContext, tx: SignedTransaction): Promise<string> {
  const hash = await backend.broadcast(tx.raw);
  backend.clearCache?.();
  return hash;
}
