import { describe, expect, it } from 'vitest';
import { nextAccountIndex, previousAccountOf } from './indexes';

// The assertions each family (XRP, Stellar, TRON, Solana, FIO) made on its own copy of these rules.
describe('where a new account goes', () => {
  it('takes the first free index and follows the highest one below it', () => {
    const accounts = [{ index: 0 }];
    expect(nextAccountIndex(accounts)).toBe(1);
    expect(previousAccountOf(accounts, 1)).toEqual({ index: 0 });
    expect(nextAccountIndex([])).toBe(0);
  });

  it('a gap is filled first; the previous of a later index is the highest below it', () => {
    expect(nextAccountIndex([{ index: 0 }, { index: 2 }])).toBe(1);
    expect(previousAccountOf([{ index: 0 }, { index: 2 }], 1)).toEqual({ index: 0 });
    expect(previousAccountOf([{ index: 0 }, { index: 2 }], 3)).toEqual({ index: 2 });
    expect(previousAccountOf([{ index: 1 }], 0)).toBeUndefined();
  });
});
