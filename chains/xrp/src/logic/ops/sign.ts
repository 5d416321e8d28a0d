/** Signing on the device (signXrp with the account's public key) and finalize with xrpl's codec and hash. */
import type { BuiltTransaction, SignedTransaction } from '@secux-companion/chain-common';
import { decode } from 'xrpl';
import { finalizePayment, type XrpSignature } from '../tx';
import type { XrpSignRequest, XrpSigner, XrpUnsigned } from '../types';

type XrpBuilt = BuiltTransaction<XrpUnsigned, XrpSignRequest>;

export async function sign(signer: XrpSigner, built: XrpBuilt): Promise<XrpSignature> {
  const { path, tx } = built.signRequest;
  const publicKey = (await signer.getPublicKey(path)).toUpperCase();
  const res = await signer.signXrp(path, { ...tx, SigningPubKey: publicKey });
  const signature =
    res.signature ?? String((decode(res.rawTx) as { TxnSignature?: unknown }).TxnSignature ?? '');
  return { publicKey, signature };
}

export function finalize(built: XrpBuilt, signature: XrpSignature): SignedTransaction {
  return finalizePayment(built.unsigned.tx, signature);
}
