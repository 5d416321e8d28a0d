/** Signing on the device and combining its answer into the transaction to broadcast. */
import type { SignOptions, SignedTransaction } from '@secux-companion/chain-common';
import { finalizeSignedTx, type EvmTxPlan } from '../tx';
import type { EvmSignRequest, EvmSigner } from '../types';

export async function sign(
  signer: EvmSigner,
  built: { signRequest: EvmSignRequest },
  signOptions: SignOptions = {},
): Promise<{ rawTx: string }> {
  const r = await signer.signEth(
    built.signRequest.path,
    built.signRequest.unsignedTx,
    signOptions.onProgress ? { onProgress: signOptions.onProgress } : {},
  );
  return { rawTx: r.rawTx };
}

export function finalize(built: { unsigned: EvmTxPlan }, signature: { rawTx: string }): SignedTransaction {
  const { hash, raw } = finalizeSignedTx(built.unsigned, signature.rawTx);
  return { hash, raw };
}
