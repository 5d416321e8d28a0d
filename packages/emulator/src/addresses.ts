/**
 * Address encoders the virtual screen uses to show what a real device displays
 * (the host SDK derives addresses itself from the public keys the device returns).
 */
import { base32, base58, base58xrp, bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { concat, toHex } from './bytes.js';
import { HARDENED, type Keyring, taprootOutputKey } from './keys.js';

const b58check = createBase58check(sha256);
const hash160 = (b: Uint8Array) => ripemd160(sha256(b));

interface UtxoParams {
  p2pkh: number;
  p2sh: number;
  hrp?: string;
}

export const UTXO_COINS: Record<number, UtxoParams> = {
  0: { p2pkh: 0x00, p2sh: 0x05, hrp: 'bc' },
  1: { p2pkh: 0x6f, p2sh: 0xc4, hrp: 'tb' },
  2: { p2pkh: 0x30, p2sh: 0x32, hrp: 'ltc' },
  3: { p2pkh: 0x1e, p2sh: 0x16 },
  5: { p2pkh: 0x4c, p2sh: 0x10 },
  20: { p2pkh: 0x1e, p2sh: 0x3f, hrp: 'dgb' },
  145: { p2pkh: 0x00, p2sh: 0x05 },
};

export const COIN_SYMBOL: Record<number, string> = {
  0: 'BTC', 1: 'TBTC', 2: 'LTC', 3: 'DOGE', 5: 'DASH', 17: 'GRS', 20: 'DGB', 145: 'BCH',
  60: 'ETH', 144: 'XRP', 148: 'XLM', 195: 'TRX', 235: 'FIO', 501: 'SOL', 714: 'BNB',
};

export function isUtxoCoin(coin: number): boolean {
  return coin in UTXO_COINS || coin === 17;
}

export function ethAddress(pubUncompressed: Uint8Array): string {
  const addr = toHex(keccak_256(pubUncompressed.subarray(1)).subarray(12));
  const hash = toHex(keccak_256(new TextEncoder().encode(addr)));
  let out = '0x';
  for (let i = 0; i < addr.length; i++) {
    out += parseInt(hash[i] as string, 16) >= 8 ? (addr[i] as string).toUpperCase() : addr[i];
  }
  return out;
}

function crc16xmodem(data: Uint8Array): number {
  let crc = 0;
  for (const b of data) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

export function stellarAddress(pub: Uint8Array): string {
  const payload = concat(new Uint8Array([6 << 3]), pub);
  const crc = crc16xmodem(payload);
  return base32.encode(concat(payload, new Uint8Array([crc & 0xff, crc >> 8]))).replace(/=+$/, '');
}

export function xrpAddress(pubCompressed: Uint8Array): string {
  const payload = concat(new Uint8Array([0]), hash160(pubCompressed));
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return base58xrp.encode(concat(payload, checksum));
}

export function tronAddress(pubUncompressed: Uint8Array): string {
  return b58check.encode(concat(new Uint8Array([0x41]), keccak_256(pubUncompressed.subarray(1)).subarray(12)));
}

export function fioPublicKey(pubCompressed: Uint8Array): string {
  return `FIO${base58.encode(concat(pubCompressed, ripemd160(pubCompressed).subarray(0, 4)))}`;
}

/** Segwit/legacy/taproot address for a BTC-family output script (used on the sign screen). */
export function scriptToAddress(coin: number, script: Uint8Array): string {
  const p = UTXO_COINS[coin];
  if (!p) return `script ${toHex(script)}`;
  const s = script;
  if (s.length === 25 && s[0] === 0x76 && s[1] === 0xa9 && s[2] === 0x14 && s[23] === 0x88 && s[24] === 0xac) {
    return b58check.encode(concat(new Uint8Array([p.p2pkh]), s.subarray(3, 23)));
  }
  if (s.length === 23 && s[0] === 0xa9 && s[1] === 0x14 && s[22] === 0x87) {
    return b58check.encode(concat(new Uint8Array([p.p2sh]), s.subarray(2, 22)));
  }
  if (p.hrp && s.length === 22 && s[0] === 0x00 && s[1] === 0x14) {
    return bech32.encode(p.hrp, [0, ...bech32.toWords(s.subarray(2))]);
  }
  if (p.hrp && s.length === 34 && s[0] === 0x00 && s[1] === 0x20) {
    return bech32.encode(p.hrp, [0, ...bech32.toWords(s.subarray(2))]);
  }
  if (p.hrp && s.length === 34 && s[0] === 0x51 && s[1] === 0x20) {
    return bech32m.encode(p.hrp, [1, ...bech32m.toWords(s.subarray(2))], 90);
  }
  if (s[0] === 0x6a) return `OP_RETURN ${toHex(s.subarray(1))}`;
  return `script ${toHex(s)}`;
}

/** The address a real device would display for `path` (BIP-44 style, numeric levels). */
export function displayAddress(keys: Keyring, path: number[]): string {
  const purpose = (path[0] ?? 0) - HARDENED;
  const coin = (path[1] ?? 0) - HARDENED;
  const p = UTXO_COINS[coin];
  if (p) {
    const pub = keys.secpPublic(path, true);
    switch (purpose) {
      case 49: {
        const redeem = concat(new Uint8Array([0x00, 0x14]), hash160(pub));
        return b58check.encode(concat(new Uint8Array([p.p2sh]), hash160(redeem)));
      }
      case 84:
        if (p.hrp) return bech32.encode(p.hrp, [0, ...bech32.toWords(hash160(pub))]);
        break;
      case 86:
        if (p.hrp) return bech32m.encode(p.hrp, [1, ...bech32m.toWords(taprootOutputKey(pub))], 90);
        break;
    }
    return b58check.encode(concat(new Uint8Array([p.p2pkh]), hash160(pub)));
  }
  switch (coin) {
    case 60:
      return ethAddress(keys.secpPublic(path, false));
    case 144:
      return xrpAddress(keys.secpPublic(path, true));
    case 195:
      return tronAddress(keys.secpPublic(path, false));
    case 148:
      return stellarAddress(keys.edPublic(path));
    case 501:
      return base58.encode(keys.edPublic(path));
    case 714:
      return bech32.encode('bnb', bech32.toWords(hash160(keys.secpPublic(path, true))));
    case 235:
      return fioPublicKey(keys.secpPublic(path, true));
    default:
      return `0x${toHex(secp256k1.getPublicKey(keys.secpPrivate(path), true))}`;
  }
}
