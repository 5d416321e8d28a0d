/** The device's signature forms: recoverable ECDSA (optionally low-R) and Ed25519, 65 bytes each. */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concat } from '../bytes.js';
import { DataError } from './payload.js';

export function ecdsa(hash: Uint8Array, priv: Uint8Array, lowR = false): Uint8Array {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const rec = secp256k1.sign(hash, priv, {
      prehash: false,
      format: 'recovered',
      extraEntropy: attempt === 0 ? false : sha256(concat(hash, new Uint8Array([attempt & 0xff, attempt >> 8]))),
    });
    const r = rec.subarray(1, 33);
    const s = rec.subarray(33, 65);
    if (lowR) {
      const canonical =
        !((r[0] as number) & 0x80) &&
        !(r[0] === 0 && !((r[1] as number) & 0x80)) &&
        !((s[0] as number) & 0x80) &&
        !(s[0] === 0 && !((s[1] as number) & 0x80));
      if (!canonical) continue;
    }
    return concat(r, s, new Uint8Array([rec[0] as number]));
  }
  throw new DataError('could not produce a canonical signature');
}

export function edSign(msg: Uint8Array, priv: Uint8Array): Uint8Array {
  return concat(ed25519.sign(msg, priv), new Uint8Array([0]));
}
