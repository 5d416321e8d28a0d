/**
 * The spec's script type of a bitcoin-family address, read from how it starts (spec 01 §5).
 */
import type { ScriptType } from '@secux-companion/core';

export const UNKNOWN_SCRIPT_TYPE = 'Unknown ScriptType';
const WRAPPED_SEGWIT_PREFIXES = ['3', 'm', '7', 'P', 'M', 'S'] as const;

export class UnknownScriptTypeError extends Error {
  override readonly name = 'UnknownScriptTypeError';
  constructor(readonly address: string) {
    super(UNKNOWN_SCRIPT_TYPE);
  }
}

/**
 * Script type from the address start (§5): 3, m, 7, P, M, S → wrapped segwit; bc1q →
 * native segwit; bc1p → taproot; any other 'bc' prefix throws 'Unknown ScriptType';
 * otherwise legacy.
 */
export function scriptTypeFromAddress(address: string): ScriptType {
  if (WRAPPED_SEGWIT_PREFIXES.some((p) => address.startsWith(p))) return 'wrappedSegwit';
  if (address.startsWith('bc1q')) return 'nativeSegwit';
  if (address.startsWith('bc1p')) return 'taproot';
  if (address.startsWith('bc')) throw new UnknownScriptTypeError(address);
  return 'legacy';
}
