import { describe, expect, it } from 'vitest';
import { HISTORY_PAGE_SIZE, explorerLinks, isPending } from './index';

describe('chain-common', () => {
  it('pending is a null block height', () => {
    expect(isPending({ blockHeight: null })).toBe(true);
    expect(isPending({ blockHeight: 0 })).toBe(false);
  });
  it('history pages hold 10 items', () => {
    expect(HISTORY_PAGE_SIZE).toBe(10);
  });
  it('explorer links come from the core registry', () => {
    const links = explorerLinks('BTC');
    expect(links.tx('abc')).toBe('https://mempool.space/tx/abc');
    expect(links.address('bc1q')).toBe('https://mempool.space/address/bc1q');
    expect(explorerLinks('HME').tx('x')).toBeUndefined();
  });
});
