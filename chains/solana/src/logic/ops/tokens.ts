/** Token look-ups: a mint's details (adding a token) and whether a send to a recipient must carry a memo. */
import { isValidSolanaAddress, validateSolanaAddress } from '../address';
import { programIdOf } from '../token2022';
import { associatedTokenAddress } from '../tx';
import type { SolanaMintInfo } from '../types';
import type { SolanaContext } from './context';

export function mintInfo({ backend }: SolanaContext, mint: string): Promise<SolanaMintInfo | null> {
  if (!isValidSolanaAddress(mint)) return Promise.resolve(null);
  return backend.mint(mint);
}

/** The recipient's existing token account of `token` requires incoming memos (Token-2022 MemoTransfer). */
export async function memoRequired(
  { backend }: SolanaContext,
  recipient: string,
  token?: string,
): Promise<boolean> {
  if (token === undefined || validateSolanaAddress(recipient) !== 'ok') return false;
  const mint = await backend.mint(token);
  if (!mint) return false;
  const destination = await associatedTokenAddress(recipient, mint.mint, programIdOf(mint.program));
  const dest = await backend.addressInfo(destination);
  return dest.exists && dest.memoRequired;
}
