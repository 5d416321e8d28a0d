/** Signing on the device (blind, over the chain id), the push body, and pushing it. */
import type { SignedTransaction } from '@secux-companion/chain-common';
import { fioPushBody, type FioUnsignedTx } from '../tx';
import type { FioSignRequest, FioSigner } from '../types';
import type { FioContext } from './context';

export async function sign(signer: FioSigner, built: { signRequest: FioSignRequest }): Promise<string> {
  return signer.signFio(built.signRequest.path, built.signRequest.sigData);
}

export function finalize(built: { unsigned: FioUnsignedTx }, signature: string): SignedTransaction {
  return {
    hash: built.unsigned.txId,
    raw: JSON.stringify(fioPushBody(built.unsigned, signature)),
    encoding: 'json',
  };
}

export async function broadcast({ backend }: FioContext, tx: SignedTransaction): Promise<string> {
  return backend.push(JSON.parse(tx.raw) as never);
}
