import { validateRecipient, type RecipientStatus } from '@secux-companion/core';
import { isValidClassicAddress } from 'xrpl';

/**
 * A classic XRP Ledger address (r…, base58 with the ripple alphabet and checksum). The spec names no X-address
 * form, so X-addresses are not accepted as recipients (their tag would duplicate the tag field).
 */
export function isValidXrpAddress(address: string): boolean {
  return isValidClassicAddress(address);
}

/** Recipient status per core's rules (empty / invalid / ok) with the classic-address validator. */
export function validateXrpAddress(address: string): RecipientStatus {
  return validateRecipient('XRP', address, isValidXrpAddress);
}
