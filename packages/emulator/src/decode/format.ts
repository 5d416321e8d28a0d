/** Amounts in coin units and memo bytes as text, shared by the decoders. */
import { toHex } from '../bytes.js';

/** 1234500, 6 -> "1.2345" */
export function formatUnits(v: bigint, decimals: number): string {
  const neg = v < 0n;
  const x = neg ? -v : v;
  if (decimals === 0) return `${neg ? '-' : ''}${x}`;
  const base = 10n ** BigInt(decimals);
  const frac = (x % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${x / base}${frac ? `.${frac}` : ''}`;
}

/** Text when the bytes are printable ASCII, hex otherwise. */
export const printable = (b: Uint8Array): string => {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(b);
  return /^[\x20-\x7e]*$/.test(text) ? text : `0x${toHex(b)}`;
};
