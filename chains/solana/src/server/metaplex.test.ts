/**
 * The Metaplex Token Metadata decoder and the on-chain name rules: a MetadataV1 account of the mint owned by the
 * program is read (NUL padding stripped, trimmed); oversized strings, control or bidi characters, invalid UTF-8,
 * another owner, another key or another mint are ignored. The metadata address is the program's PDA.
 */
import { describe, expect, it } from 'vitest';
import { encodeMetaplex, metaplexAddress } from '../sim/metaplexLayout.js';
import { METAPLEX_METADATA_PROGRAM, chainMeta, decodeMetaplex, metadataAddress } from './metaplex.js';

const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const OTHER_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const AUTH = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const fields = {
  updateAuthority: AUTH,
  mint: MINT,
  name: 'USD Coin',
  symbol: 'USDC',
  uri: 'https://x.test/u.json',
};
const account = (data: Uint8Array, owner = METAPLEX_METADATA_PROGRAM) => ({ owner, data });

describe('Metaplex metadata decoder', () => {
  it('reads a padded MetadataV1 account: NULs stripped, trimmed', () => {
    const data = encodeMetaplex({ ...fields, name: '  USD Coin ' });
    // as the program writes it: each string padded to its maximum with NUL bytes
    expect(new DataView(data.buffer).getUint32(65, true)).toBe(32);
    expect(decodeMetaplex(account(data), MINT)).toEqual({
      name: 'USD Coin',
      symbol: 'USDC',
      uri: 'https://x.test/u.json',
    });
  });

  it('reads an unpadded (older) account too', () => {
    const data = encodeMetaplex({ ...fields, unpadded: true });
    expect(new DataView(data.buffer).getUint32(65, true)).toBe(8);
    expect(decodeMetaplex(account(data), MINT)).toMatchObject({ name: 'USD Coin', symbol: 'USDC' });
  });

  it('a name alone names the symbol too, and the other way round; neither: nothing', () => {
    expect(decodeMetaplex(account(encodeMetaplex({ ...fields, symbol: '' })), MINT)).toMatchObject({
      name: 'USD Coin',
      symbol: 'USD Coin',
    });
    expect(decodeMetaplex(account(encodeMetaplex({ ...fields, name: '\0\0 ' })), MINT)).toMatchObject({
      name: 'USDC',
      symbol: 'USDC',
    });
    expect(decodeMetaplex(account(encodeMetaplex({ ...fields, name: '', symbol: '' })), MINT)).toBeNull();
  });

  it('ignores strings longer than Metaplex allows (name 32, symbol 10, uri 200 bytes)', () => {
    const over = (f: Partial<typeof fields>) =>
      decodeMetaplex(account(encodeMetaplex({ ...fields, ...f })), MINT);
    expect(over({ name: 'N'.repeat(32) })).not.toBeNull();
    expect(over({ name: 'N'.repeat(33) })).toBeNull();
    expect(over({ name: 'é'.repeat(17) })).toBeNull(); // 34 bytes of UTF-8
    expect(over({ symbol: 'S'.repeat(10) })).not.toBeNull();
    expect(over({ symbol: 'S'.repeat(11) })).toBeNull();
    expect(over({ uri: `https://x.test/${'u'.repeat(186)}` })).toBeNull();
    // a length prefix pointing past the account's end
    const cut = encodeMetaplex(fields).subarray(0, 65 + 4 + 10);
    expect(decodeMetaplex(account(cut), MINT)).toBeNull();
  });

  it('ignores control, bidi-override and zero-width characters and invalid UTF-8', () => {
    for (const name of ['USD\nCoin', 'USD\u0007Coin', 'USD\u202eCoin', 'US\u200bDC', 'USD\u2028Coin'])
      expect(decodeMetaplex(account(encodeMetaplex({ ...fields, name })), MINT)).toBeNull();
    const bad = encodeMetaplex(fields);
    bad[65 + 4] = 0xff; // not UTF-8
    expect(decodeMetaplex(account(bad), MINT)).toBeNull();
    // letters of any script, digits and punctuation are fine
    expect(
      decodeMetaplex(account(encodeMetaplex({ ...fields, name: '泰達幣 (USD₮) ★' })), MINT),
    ).toMatchObject({
      name: '泰達幣 (USD₮) ★',
    });
  });

  it('ignores an account of another owner, another kind or another mint', () => {
    const data = encodeMetaplex(fields);
    expect(decodeMetaplex(account(data, 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'), MINT)).toBeNull();
    expect(decodeMetaplex(account(encodeMetaplex({ ...fields, key: 6 })), MINT)).toBeNull(); // MasterEditionV2
    expect(decodeMetaplex(account(data), OTHER_MINT)).toBeNull();
    expect(decodeMetaplex({ owner: METAPLEX_METADATA_PROGRAM, data: null }, MINT)).toBeNull();
    expect(decodeMetaplex(null, MINT)).toBeNull();
    expect(decodeMetaplex(account(new Uint8Array(10)), MINT)).toBeNull();
  });

  it('derives the metadata PDA from the mint (the known USDC metadata account)', async () => {
    // mainnet: USDC's Metaplex metadata account
    expect(await metadataAddress(MINT)).toBe('5x38Kp4hvdomTCnCrAny4UtMUt5rQBdB6px2K1Ui45Wq');
    expect(await metadataAddress(MINT)).toBe(await metaplexAddress(MINT));
  });
});

describe('on-chain names (Token-2022 TokenMetadata)', () => {
  it('the same rules: trimmed, bounded, printable', () => {
    expect(chainMeta(' Fee Token ', 'FEE')).toEqual({ name: 'Fee Token', symbol: 'FEE' });
    expect(chainMeta('Fee Token', 'TOOLONGSYMB')).toBeNull();
    expect(chainMeta('Fee\u202eToken', 'FEE')).toBeNull();
    expect(chainMeta(1, 'FEE')).toBeNull();
    expect(chainMeta('', '')).toBeNull();
  });
});
