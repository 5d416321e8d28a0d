/** A transaction's time is checked for meaning like a history operation's, not only for being a count. */
import { describe, expect, it } from 'vitest';
import { utxoBounds } from './bounds.js';

const tx = (time: number | null) => ({
  txid: 'a'.repeat(64),
  blockHeight: 800_000,
  confirmations: 3,
  time,
  value: '1000',
  rbf: false,
  inputs: [],
  outputs: [{ n: 0, value: '1000' }],
});

describe('bitcoin tx bounds: time', () => {
  const b = utxoBounds({ maxSats: 21_000_000n * 100_000_000n });
  it('serves a mined time in the past, or none (in the mempool)', () => {
    expect(() => b.tx(tx(1_700_000_000_000))).not.toThrow();
    expect(() => b.tx(tx(null))).not.toThrow();
  });
  it('refuses a time in the year 3000 or before the first block', () => {
    expect(() => b.tx(tx(Date.UTC(3000, 0, 1)))).toThrow('out of bounds: time');
    expect(() => b.tx(tx(1_000))).toThrow('out of bounds: time');
  });
});
