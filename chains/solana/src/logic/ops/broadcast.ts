/** Broadcasting, never a dead transaction: its blockhash must still be valid (else rebuild and sign again). */
import type { SignedTransaction } from '@secux-companion/chain-common';
import { getBase64Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit';
import { SLOT_MS } from '../constants';
import { SolanaError } from '../errors';
import type { SolanaBlockhash } from '../types';
import type { SolanaContext } from './context';

/** The blockhash a signed wire transaction (base64) lives on. */
export function blockhashOf(base64: string): string {
  const tx = getTransactionDecoder().decode(getBase64Encoder().encode(base64));
  return getCompiledTransactionMessageDecoder().decode(tx.messageBytes).lifetimeToken;
}

/** Milliseconds a blockhash has left, estimated from the blocks left (about 400 ms each). */
export function blockhashMsLeft(
  b: Pick<SolanaBlockhash, 'lastValidBlockHeight'>,
  blockHeight: number,
): number {
  return Math.max(0, (b.lastValidBlockHeight - blockHeight) * SLOT_MS);
}

export async function broadcast({ backend }: SolanaContext, tx: SignedTransaction): Promise<string> {
  const blockhash = blockhashOf(tx.raw);
  const status = await backend.blockhashValid(blockhash);
  if (!status.valid)
    throw new SolanaError(
      'blockhashExpired',
      'The transaction expired before it was sent (its blockhash is too old). Sign it again.',
    );
  return backend.broadcast(tx.raw);
}
