/**
 * Stellar addresses (StrKey, SEP-23): an account is a G… ed25519 public key; a muxed M… address is a G… account plus a
 * 64-bit id and is accepted as a recipient (its base account and id are shown and used), never as an account of ours.
 */
import { validateRecipient, type RecipientStatus } from '@secux-companion/core';
import { MuxedAccount, StrKey } from '@stellar/stellar-sdk';

/** A G… account id with a valid checksum. */
export function isValidStellarAccount(address: string): boolean {
  return StrKey.isValidEd25519PublicKey(address);
}

/** A G… account or an M… muxed address with a valid checksum. */
export function isValidStellarRecipient(address: string): boolean {
  return isValidStellarAccount(address) || StrKey.isValidMed25519PublicKey(address);
}

/** A recipient as the ledger sees it: the base account and, for an M… address, its id. */
export interface StellarRecipient {
  /** The address as typed. */
  address: string;
  /** The G… account the payment reaches. */
  account: string;
  /** The muxed id (M… addresses only), decimal. */
  muxedId?: string;
}

/** Splits a recipient into its base account and muxed id; throws on an invalid address. */
export function parseStellarRecipient(address: string): StellarRecipient {
  if (isValidStellarAccount(address)) return { address, account: address };
  if (StrKey.isValidMed25519PublicKey(address)) {
    const m = MuxedAccount.fromAddress(address, '0');
    return { address, account: m.baseAccount().accountId(), muxedId: m.id() };
  }
  throw new RangeError(`not a Stellar address: ${address}`);
}

/** Recipient status per core's rules (empty / invalid / ok): G… accounts and M… muxed addresses. */
export function validateStellarAddress(address: string): RecipientStatus {
  return validateRecipient('XLM', address, isValidStellarRecipient);
}
