/**
 * EVM addresses (spec 01 §5, spec 02 §5): recipients are validated as ETH-style addresses on every EVM
 * chain; on XDC a leading 'xdc' is turned into '0x' before validation and every API call, and the
 * receive address is shown (and confirmed on the device) in its 'xdc' form.
 */
import { validateRecipient, type ChainSymbol, type RecipientStatus } from '@secux-companion/core';
import { getAddress, isAddress } from 'viem';

const XDC_PREFIX = /^xdc/i;

/** ETH-style address check: 0x + 40 hex; a mixed-case address must carry a valid EIP-55 checksum. */
export function isEvmAddress(address: string): boolean {
  return isAddress(address, { strict: true });
}

/** 'xdc…' → '0x…' (any case of the prefix); other text unchanged. */
export function fromXdcAddress(address: string): string {
  return address.replace(XDC_PREFIX, '0x');
}

/** A typed recipient or contract: trimmed, and on XDC a leading 'xdc' (any case) turned into '0x'. */
export function normalizeEvmRecipient(chain: ChainSymbol, text: string): string {
  const t = text.trim();
  return chain === 'XDC' ? fromXdcAddress(t) : t;
}

/** '0x…' → 'xdc…' (XDC's display form). */
export function toXdcAddress(address: string): string {
  return address.replace(/^0x/i, 'xdc');
}

/** The form every API call and transaction uses: xdc prefix removed on XDC, then EIP-55 checksummed. */
export function toApiAddress(chain: ChainSymbol, address: string): `0x${string}` {
  const a = chain === 'XDC' ? fromXdcAddress(address.trim()) : address.trim();
  return getAddress(a);
}

/** How an own address is shown (receive modal, device confirmation): XDC uses its 'xdc' form. */
export function displayAddress(chain: ChainSymbol, address: string): string {
  const checksummed =
    isEvmAddress(address) || isAddress(address, { strict: false }) ? getAddress(address) : address;
  return chain === 'XDC' ? toXdcAddress(checksummed) : checksummed;
}

/**
 * Recipient status per core's rules (empty / invalid / ok) after the XDC prefix rule. Testnets skip
 * the chain validator in core; the transaction builder still refuses a malformed address.
 */
export function validateEvmRecipient(chain: ChainSymbol, text: string): RecipientStatus {
  return validateRecipient(chain, normalizeEvmRecipient(chain, text), isEvmAddress);
}

/** The receive-modal instruction key: XDC has its own text (spec 01 §2 "EVM receive modal"). */
export function receiveInstructionKey(chain: ChainSymbol): 'receive.evm' | 'receive.xdc' {
  return chain === 'XDC' ? 'receive.xdc' : 'receive.evm';
}
