/**
 * BNB Beacon Chain addresses: bech32 (BIP-173) with the human-readable part `bnb` (mainnet) or `tbnb` (testnet)
 * over a 20-byte key hash — `bnb1` + 38 characters. Checked here with the BIP-173 checksum (no library needed for
 * a read-only chain).
 */
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: readonly number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i]!;
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const out: number[] = [];
  for (const c of hrp) out.push(c.charCodeAt(0) >>> 5);
  out.push(0);
  for (const c of hrp) out.push(c.charCodeAt(0) & 31);
  return out;
}

export type BnbNetwork = 'mainnet' | 'testnet';
export const BNB_HRP: Readonly<Record<BnbNetwork, string>> = { mainnet: 'bnb', testnet: 'tbnb' };

/** True for a well-formed BNB Beacon Chain address of the network (checksum, prefix, 20-byte payload). */
export function isValidBnbAddress(address: string, network: BnbNetwork = 'mainnet'): boolean {
  if (typeof address !== 'string' || address.length > 90) return false;
  // One case only (BIP-173); addresses are written in lower case.
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const a = address.toLowerCase();
  const hrp = BNB_HRP[network];
  if (!a.startsWith(`${hrp}1`)) return false;
  const data: number[] = [];
  for (const c of a.slice(hrp.length + 1)) {
    const v = CHARSET.indexOf(c);
    if (v < 0) return false;
    data.push(v);
  }
  // 20 bytes = 32 five-bit groups, plus the 6-group checksum.
  if (data.length !== 38) return false;
  return polymod([...hrpExpand(hrp), ...data]) === 1;
}
