import { describe, expect, it } from 'vitest';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { base64 } from '@scure/base';
import { messageHash, verifyMessage } from './message';
import { NETWORKS } from './networks';

const BTC = NETWORKS.BTC;
const EXAMPLE = 'This is an example of a signed message.';

/** Signatures published with wallets' own tests (Bitcoin Core's signmessage, Electrum, Trezor). */
const VECTORS = [
  {
    name: 'legacy, uncompressed key (Bitcoin-Qt)',
    address: '1HZwkjkeaoZfTSaJxDw6aKkxp45agDiEzN',
    message: EXAMPLE,
    signature: 'HCT1esk/TWlF/o9UNzLDANqsPXntkMErf7erIrjH5IBOZP98cNcmWmnW0GpSAi3wbr6CwpUAN4ctNn1T71UBwSc=',
  },
  {
    name: 'legacy, compressed key (Trezor)',
    address: '1JAd7XCBzGudGpJQSDSfpmJhiygtLQWaGL',
    message: EXAMPLE,
    signature: 'IP2PL321I4/N0HfVIEw+aUnCYdcAJpzvwdnS3O9rlQI2MO5hf2yKz560DI7dcEycp06kr8OT9D81tOiVgyTL3Rw=',
  },
  {
    name: 'native segwit with the BIP-137 P2WPKH header',
    address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    message: EXAMPLE,
    signature: 'KLRN6BWUkHM2/ac9gTTx/izIth+Q8dyI1m6T8UJX061hEXMnFtDTlKJ/IYgwVCzr1zoF6zlAVzmBa/yEc7Dfi0s=',
  },
  {
    name: 'native segwit with the compressed header (Electrum)',
    address: 'bc1qnxhkjd3kcjdzqz4u0m47xj3dne907cd8yg7qdr',
    message: 'hello foo',
    signature: 'IJruGdQX+V6s+zvzTD3msz2l1obPchx19/bsefr+QGihcRArLSzXtkoUXA8k0NkBsIpFXGRxbG/s+eimZ+eGg70=',
  },
];

describe('verifyMessage (BIP-137)', () => {
  it.each(VECTORS)('accepts $name', ({ address, message, signature }) => {
    expect(verifyMessage(BTC, address, message, signature)).toBe('valid');
  });

  it.each(VECTORS)('refuses $name over another message', ({ address, message, signature }) => {
    expect(verifyMessage(BTC, address, `${message}!`, signature)).toBe('invalid');
  });

  it('refuses a signature for another address', () => {
    const [a, b] = VECTORS;
    expect(verifyMessage(BTC, b!.address, a!.message, a!.signature)).toBe('invalid');
  });

  it('reads a P2SH-P2WPKH address from the key that signed', () => {
    const key = secp256k1.utils.randomSecretKey();
    const sig = secp256k1.sign(messageHash('Bitcoin Signed Message:\n', 'nested'), key, {
      prehash: false,
      format: 'recovered',
    });
    const header = 35 + sig[0]!;
    const signature = base64.encode(Uint8Array.of(header, ...sig.subarray(1)));
    // The P2SH-P2WPKH address of that key, built by hand from its hash.
    const p2sh = nestedAddress(secp256k1.getPublicKey(key, true));
    expect(verifyMessage(BTC, p2sh, 'nested', signature)).toBe('valid');
    expect(verifyMessage(BTC, p2sh, 'other', signature)).toBe('invalid');
  });

  it('says what it cannot read: garbage, a short signature, a taproot address, a chain without magic', () => {
    const { address, message, signature } = VECTORS[1]!;
    expect(verifyMessage(BTC, address, message, 'not base64!')).toBe('unreadable');
    expect(verifyMessage(BTC, address, message, base64.encode(new Uint8Array(64)))).toBe('unreadable');
    expect(
      verifyMessage(
        BTC,
        'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
        message,
        signature,
      ),
    ).toBe('unreadable');
    expect(verifyMessage(NETWORKS.GRS, address, message, signature)).toBe('unreadable');
    expect(verifyMessage(BTC, 'not an address', message, signature)).toBe('unreadable');
  });
});

import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { addressFromScript, outputScript } from './address';

function nestedAddress(pub: Uint8Array): string {
  const redeem = Uint8Array.of(0, 20, ...ripemd160(sha256(pub)));
  return addressFromScript(BTC, outputScript('p2sh', ripemd160(sha256(redeem))))!;
}
