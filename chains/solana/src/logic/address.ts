/** Solana addresses and paths (spec 02 "SOL": an address is base58 decoding to 32 bytes). */
import { validateRecipient, type RecipientStatus } from '@secux-companion/core';
import { getBase58Encoder } from '@solana/kit';
import { SolanaError } from './errors';

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const base58 = getBase58Encoder();

/** Base58 text that decodes to exactly 32 bytes (an ed25519 public key or a program-derived address). */
export function isValidSolanaAddress(address: string): boolean {
  if (typeof address !== 'string' || !BASE58.test(address)) return false;
  try {
    return base58.encode(address).length === 32;
  } catch {
    return false;
  }
}

export function validateSolanaAddress(address: string): RecipientStatus {
  return validateRecipient('SOL', address, isValidSolanaAddress);
}

/**
 * A SOL account path: m/44'/501'/{index}' (hardened to the end). More than four segments (m plus three levels, e.g.
 * m/44'/501'/0'/0') is refused with 'Invalid account path' (spec 02).
 */
export function checkSolanaPath(path: string): string {
  const parts = path.trim().split('/');
  if (parts.length > 4 || parts[0] !== 'm' || !parts.slice(1).every((p) => /^\d+'$/.test(p)))
    throw new SolanaError('invalidAccountPath', 'Invalid account path');
  return path.trim();
}
