import { validateRecipient, type RecipientStatus } from '@secux-companion/core';
import { byteArray2hexStr, decode58Check, getBase58CheckAddress, hexStr2byteArray } from 'tronweb/utils';

/** Mainnet address prefix byte: base58check 'T…' addresses decode to 0x41 ‖ 20 bytes. */
export const TRON_ADDRESS_PREFIX = 0x41;

/**
 * A TRON address: base58check ('T…', checksum = first 4 bytes of sha256(sha256(payload))) whose 21-byte payload
 * starts with 0x41.
 */
export function isValidTronAddress(address: string): boolean {
  if (typeof address !== 'string' || !/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  let bytes: false | number[];
  try {
    bytes = decode58Check(address);
  } catch {
    return false;
  }
  return !!bytes && bytes.length === 21 && bytes[0] === TRON_ADDRESS_PREFIX;
}

/** Recipient status per core's rules (empty / invalid / ok). */
export function validateTronAddress(address: string): RecipientStatus {
  return validateRecipient('TRX', address, isValidTronAddress);
}

/** 'T…' → '41…' (hex, 21 bytes, lower case). Throws on an invalid address. */
export function tronHex(address: string): string {
  if (!isValidTronAddress(address)) throw new Error(`Invalid TRON address: ${address}`);
  return byteArray2hexStr(decode58Check(address) as number[]).toLowerCase();
}

/** '41…' (21-byte hex) → 'T…'. Throws on anything else. */
export function tronBase58(hex: string): string {
  const h = hex.replace(/^0x/, '');
  if (!/^41[0-9a-fA-F]{40}$/.test(h)) throw new Error(`Invalid TRON hex address: ${hex}`);
  return getBase58CheckAddress(hexStr2byteArray(h));
}
