/** Bitcoin-family amounts as nodes write them (decimal coins) read into satoshi strings, never through a float. */
import { ProviderError, snippet } from '@secux-companion/server-kit/failover';

/**
 * Decimal coin amount (JSON number or string, e.g. Bitcoin Core's 0.0001) → smallest-unit string. A number is read
 * from its shortest exact decimal form (JSON's own digits), never rounded: more than `decimals` decimals (a
 * sub-satoshi amount) is a malformed answer.
 */
export function coinsToSats(v: number | string, decimals = 8): string {
  let s = typeof v === 'number' ? String(v) : v.trim();
  const e = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/i.exec(s);
  if (e && typeof v === 'number') {
    // 1e-7 / 1.5e+21: shift the decimal point by hand.
    const digits = e[2]! + (e[3] ?? '');
    const point = e[2]!.length + Number(e[4]);
    s =
      point <= 0
        ? `${e[1]}0.${'0'.repeat(-point)}${digits}`
        : point >= digits.length
          ? `${e[1]}${digits}${'0'.repeat(point - digits.length)}`
          : `${e[1]}${digits.slice(0, point)}.${digits.slice(point)}`;
  }
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) throw new ProviderError('malformed', `not a decimal amount: ${snippet(String(v), 40)}`);
  const frac = m[3] ?? '';
  if (frac.length > decimals && /[1-9]/.test(frac.slice(decimals)))
    throw new ProviderError('malformed', `more than ${decimals} decimals: ${snippet(s, 40)}`);
  const n =
    BigInt(m[2]!) * 10n ** BigInt(decimals) + BigInt(frac.slice(0, decimals).padEnd(decimals, '0') || '0');
  return (m[1] ? -n : n).toString();
}
