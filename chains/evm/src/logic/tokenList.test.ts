import { describe, expect, it } from 'vitest';
import { heldTokens, normalizeTokenList, TOKEN_LIST_MAX, TOKEN_TEXT_MAX } from './tokenList';

const USDT = '0x55d398326f99059fF775485246999027B3197955';
const CAKE = '0x0E09FaBB73Bd3Ade0a17ECC321fD13a19e81cE82';
const entry = (contract: string, symbol = 'T', decimals = 18, name = `${symbol} token`) => ({
  contract,
  symbol,
  decimals,
  name,
});

describe('the server token list (spec 02 bsc_token_list)', () => {
  it('is deduplicated by contract, case-insensitively; the first entry wins and contracts are checksummed', () => {
    const list = normalizeTokenList([
      entry(USDT.toLowerCase(), 'USDT'),
      entry(CAKE, 'CAKE'),
      entry(USDT.toUpperCase().replace('0X', '0x'), 'DUP'),
    ]);
    expect(list.map((t) => [t.contract, t.symbol])).toEqual([
      [USDT, 'USDT'],
      [CAKE, 'CAKE'],
    ]);
  });

  it('drops entries it cannot use and bounds what it keeps', () => {
    const long = 'X'.repeat(500);
    const list = normalizeTokenList([
      entry('0x1234', 'SHORT'),
      entry(`${USDT}00`, 'LONG'),
      entry('55d398326f99059fF775485246999027B3197955', 'NOPREFIX'),
      entry(USDT, 'NEG', -1),
      entry(USDT, 'BIG', 78),
      entry(USDT, 'FRAC', 6.5),
      entry(USDT, '₮', 18, '🚀'), // nothing left after stripping non-ASCII letters
      entry(CAKE, long, 18, long),
    ]);
    expect(list).toEqual([
      { contract: CAKE, name: 'X'.repeat(TOKEN_TEXT_MAX), symbol: 'X'.repeat(TOKEN_TEXT_MAX), decimals: 18 },
    ]);
  });

  it('reads at most TOKEN_LIST_MAX entries', () => {
    const many = Array.from({ length: TOKEN_LIST_MAX + 20 }, (_, i) =>
      entry(`0x${(i + 1).toString(16).padStart(40, '0')}`, `T${i}`),
    );
    const list = normalizeTokenList(many);
    expect(list).toHaveLength(TOKEN_LIST_MAX);
    expect(list.at(-1)?.symbol).toBe(`T${TOKEN_LIST_MAX - 1}`);
  });

  it('strips non-ASCII letters from name and symbol, the symbol standing in for a missing name', () => {
    expect(normalizeTokenList([entry(USDT, 'USDT₮', 18, '')])).toEqual([
      { contract: USDT, name: 'USDT', symbol: 'USDT', decimals: 18 },
    ]);
  });

  it('held tokens: balance above 0, matched by contract in any case, in list order', () => {
    const list = normalizeTokenList([entry(USDT, 'USDT'), entry(CAKE, 'CAKE')]);
    const balances = new Map([
      [CAKE.toLowerCase(), 5n],
      [USDT, 0n],
    ]);
    expect(heldTokens(list, balances)).toEqual([{ ...list[1], balance: 5n }]);
    expect(heldTokens(list, new Map())).toEqual([]);
  });
});
