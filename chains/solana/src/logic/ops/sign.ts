/** Signing on the device with a blockhash fetched right before it is asked, the signature checked before use. */
import type { SignedTransaction } from '@secux-companion/chain-common';
import {
  getPublicKeyFromAddress,
  address as toAddress,
  verifySignature,
  type SignatureBytes,
} from '@solana/kit';
import { SolanaError } from '../errors';
import { checkSigned } from '../tx';
import type { SolanaBuilt, SolanaSignOptions, SolanaSignature, SolanaSigner } from '../types';
import type { SolanaContext } from './context';

export async function sign(
  { backend }: SolanaContext,
  signer: SolanaSigner,
  built: SolanaBuilt,
  options: SolanaSignOptions = {},
): Promise<SolanaSignature> {
  const { path, feePayer, instructions } = built.signRequest;
  // The blockhash is fetched right before the device is asked: the user's review time does not eat its life.
  const blockhash = await backend.blockhash();
  options.onBlockhash?.(blockhash);
  const res = await signer.signSol(
    feePayer,
    { recentBlockhash: blockhash.blockhash, instructions, ownerships: [{ path, account: feePayer }] },
    options.onProgress ? { onProgress: options.onProgress } : {},
  );
  const checked = checkSigned(res.rawTx, { feePayer, blockhash: blockhash.blockhash, instructions });
  const key = await getPublicKeyFromAddress(toAddress(feePayer));
  if (!(await verifySignature(key, checked.signature as SignatureBytes, checked.messageBytes)))
    throw new SolanaError('badSignature', 'The device’s signature does not verify.');
  return { hash: checked.hash, base64: checked.base64, blockhash };
}

export function finalize(_built: SolanaBuilt, signature: SolanaSignature): SignedTransaction {
  return { hash: signature.hash, raw: signature.base64, encoding: 'base64' };
}
