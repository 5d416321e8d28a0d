import { describe, expect, it } from 'vitest';
import { generateKeyPair, getAddressFromPublicKey, getBase58Decoder, signBytes } from '@solana/kit';
import { verifySolanaMessage } from './message';

const base58 = getBase58Decoder();

async function signed(text: string) {
  const keys = await generateKeyPair();
  const address = await getAddressFromPublicKey(keys.publicKey);
  const signature = base58.decode(await signBytes(keys.privateKey, new TextEncoder().encode(text)));
  return { address, signature };
}

describe('verifySolanaMessage', () => {
  it('accepts the signer over its text and refuses another text or another address', async () => {
    const { address, signature } = await signed('sign in to example.com: 0x42');
    expect(await verifySolanaMessage(address, 'sign in to example.com: 0x42', signature)).toBe('valid');
    expect(await verifySolanaMessage(address, 'sign in to example.com: 0x43', signature)).toBe('invalid');
    const other = await signed('x');
    expect(await verifySolanaMessage(other.address, 'sign in to example.com: 0x42', signature)).toBe(
      'invalid',
    );
  });

  it('cannot read a signature that is not 64 bytes of base58, or an address that is not one', async () => {
    const { address, signature } = await signed('hi');
    expect(await verifySolanaMessage(address, 'hi', 'not-base58-0OIl')).toBe('unreadable');
    expect(await verifySolanaMessage(address, 'hi', signature.slice(0, 20))).toBe('unreadable');
    expect(await verifySolanaMessage('0x1234', 'hi', signature)).toBe('unreadable');
  });
});
