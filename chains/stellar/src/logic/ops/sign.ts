/** Signing on the device (signXlm rebuilds the same transaction) and finalize with stellar-sdk. */
import type { BuiltTransaction, SignedTransaction } from '@secux-companion/chain-common';
import { Networks, TransactionBuilder } from '@stellar/stellar-sdk';
import { stellarAccountPath } from '../paths';
import { finalizePayment, type StellarSignature } from '../tx';
import type { StellarSignRequest, StellarSigner, StellarUnsigned } from '../types';

type StellarBuilt = BuiltTransaction<StellarUnsigned, StellarSignRequest>;

/** A decorated signature's bytes, read from its XDR (hint, then a length-prefixed signature): the objects' accessors
 * differ between stellar-sdk versions. */
export function signatureBytes(d: unknown): Buffer {
  const bytes = Buffer.from((d as { toXDR(): Uint8Array }).toXDR());
  return bytes.subarray(8, 8 + bytes.readUInt32BE(4));
}

export async function sign(signer: StellarSigner, built: StellarBuilt): Promise<StellarSignature> {
  const { path, tx } = built.signRequest;
  const res = await signer.signXlm(stellarAccountPath(path), { ...tx });
  if (res.signature) return { signature: res.signature };
  // Without a detached signature, take it from the envelope the device returned.
  const env = TransactionBuilder.fromXDR(res.rawTx, Networks.PUBLIC);
  const sig = env.signatures[0] ? signatureBytes(env.signatures[0]) : undefined;
  return { signature: sig ? Buffer.from(sig).toString('hex') : '' };
}

export function finalize(built: StellarBuilt, signature: StellarSignature): SignedTransaction {
  const net = built.unsigned.device.networkPassphrase;
  return finalizePayment(built.unsigned.xdr, net, signature);
}
