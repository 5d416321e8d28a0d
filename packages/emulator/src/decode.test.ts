import { describe, expect, it } from 'vitest';
import { bnbLines, formatUnits, solLines, trxLines, xrpLines } from './decode.js';
import { planSignature, INS_SIGN_TX_RAW } from './sign.js';
import { concat, u16be, u16le, u32le } from './bytes.js';
import { DEFAULT_MNEMONIC, HARDENED, Keyring } from './keys.js';

/** [n][len txType chainId path…][len:u16be data] — one entry, as SecuxTransactionTool builds it. */
function payload(path: number[], data: Uint8Array): Uint8Array {
  const head = concat(u16le(0), u16le(0), ...path.map((p) => u32le(p)));
  return concat(new Uint8Array([1, head.length]), head, u16be(data.length), data);
}

describe('transaction decoders', () => {
  it('formatUnits', () => {
    expect(formatUnits(1_234_500n, 6)).toBe('1.2345');
    expect(formatUnits(5n, 0)).toBe('5');
    expect(formatUnits(-100n, 8)).toBe('-0.000001');
  });

  it('XRP: issued currencies, SendMax and several memos (vector from ripple-binary-codec encodeForSigning)', () => {
    const hex =
      '5354580012000024000000046193C4467C6585D00000000000000000000000000055534400000000000A20B3C85F482532A9578DBB3950B85CA06594D168400000000000000A69D5444364C5BB000000000000000000000000000055534400000000000A20B3C85F482532A9578DBB3950B85CA06594D18114AFF3C2E33458B30714CA16FFEE19952DD35C17C88314F667B0CA50CC7709A220B0561B85E53A48461FA8F9EA7C04746578747D026869E1EA7D020102E1F1';
    const lines = xrpLines(Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16)));
    expect(lines).toEqual([
      { label: 'Type', value: 'Payment' },
      { label: 'From', value: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3' },
      { label: 'Recipient', value: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe' },
      { label: 'Amount', value: '-0.0012034 USD (issuer rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B)' },
      { label: 'Send max', value: '1200 USD (issuer rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B)' },
      { label: 'Fee', value: '0.00001 XRP' },
      { label: 'Memo', value: 'hi' },
      { label: 'Memo', value: '0x0102' },
    ]);
  });

  it('reject data they do not understand', () => {
    const junk = Uint8Array.from([0xff, 0xff, 0xff, 0x7f, 0x01]);
    expect(() => trxLines(junk)).toThrow();
    expect(() => solLines(junk)).toThrow();
    expect(() => bnbLines(new TextEncoder().encode('{"msgs":[]}'))).toThrow();
    expect(() => xrpLines(junk)).toThrow();
  });

  it('the prompt falls back to a hash of the data (blind signing) when decoding fails', () => {
    const keys = new Keyring(DEFAULT_MNEMONIC);
    const path = [44 + HARDENED, 195 + HARDENED, HARDENED, 0, 0];
    const plan = planSignature(keys, INS_SIGN_TX_RAW, 0, payload(path, Uint8Array.from([0xff, 0xff, 0xff])));
    expect(plan.lines.map((l) => l.label)).toEqual(['Path', 'Data hash']);
    expect(plan.sign()).toHaveLength(65);
  });
});
