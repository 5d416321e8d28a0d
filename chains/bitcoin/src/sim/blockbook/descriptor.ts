/** Output descriptors and extended public keys as Blockbook reads them: the account key and the purpose it implies. */
import { sha256 } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';
import type { Bip } from '../coins.js';
import { groestl2 } from '../vendor.js';

/** The account key of a descriptor or extended key, with the purpose it implies (Blockbook's rules). */
export function parseDescriptor(s: string): { key: string; bip: Bip } | null {
  const body = s.replace(/#[a-z0-9]{8}$/, '');
  const m =
    /^(pkh|sh\(wpkh|wpkh|tr)\((?:\[[0-9a-fA-F]{8}(?:\/\d+['h]?)*\])?([1-9A-HJ-NP-Za-km-z]+)(?:\/<0;1>\/\*)?\)\)?$/.exec(
      body,
    );
  if (m) {
    const bip = ({ pkh: 44, 'sh(wpkh': 49, wpkh: 84, tr: 86 } as const)[
      m[1] as 'pkh' | 'sh(wpkh' | 'wpkh' | 'tr'
    ];
    if ((m[1] === 'sh(wpkh') !== body.endsWith('))')) return null;
    return { key: m[2]!, bip };
  }
  if (!/^[1-9A-HJ-NP-Za-km-z]{100,120}$/.test(s)) return null;
  const version = extendedPayload(s)?.version;
  if (version === undefined) return null;
  // ypub/upub/Mtub: BIP-49; zpub/vpub: BIP-84; anything else BIP-44 (Blockbook's fallback)
  const bip: Bip = [0x049d7cb2, 0x044a5262, 0x01b26ef6].includes(version)
    ? 49
    : [0x04b24746, 0x045f1cf6].includes(version)
      ? 84
      : 44;
  return { key: s, bip };
}

/** The 78-byte payload of an extended key (double SHA-256 or GRS's Groestl checksum), public keys only. */
export function extendedPayload(s: string): { version: number; payload: Uint8Array } | null {
  let raw: Uint8Array;
  try {
    raw = base58.decode(s);
  } catch {
    return null;
  }
  if (raw.length !== 82) return null;
  const payload = raw.subarray(0, 78);
  const check = raw.subarray(78);
  const sums = [sha256(sha256(payload)), groestl2(payload)];
  if (!sums.some((h) => h.subarray(0, 4).every((b, i) => b === check[i]))) return null;
  if (payload[45] !== 2 && payload[45] !== 3) return null;
  return { version: new DataView(payload.buffer, payload.byteOffset).getUint32(0), payload };
}
