import { afterEach, describe, expect, it, vi } from 'vitest';
import { evmAccountNameIssue, evmDeleteBlock, nextEvmAccountIndex } from './naming';
import { fetchTokenPrices } from './tokens';
import type { EvmChain } from '../chains';

const LUSD = '0x9AD50244681e313eeF77adD770A9F3dBE000406b';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('EVM account names and delete rules', () => {
  const accounts = [
    { id: 'ETH:a', name: 'Ethereum 1', index: 0 },
    { id: 'ETH:b', name: 'Savings', index: 2 },
  ];

  it('applies core name rules: length err-38, characters err-29, unique err-25', () => {
    expect(evmAccountNameIssue('Ethereum 2', accounts)).toBeUndefined();
    expect(evmAccountNameIssue('', accounts)).toBeDefined();
    expect(evmAccountNameIssue('a'.repeat(16), accounts)?.code).toBe('err-38');
    expect(evmAccountNameIssue('bad<name>', accounts)?.code).toBe('err-29');
    expect(evmAccountNameIssue('Savings', accounts)?.code).toBe('err-25');
    // renaming an account to its own name is fine
    expect(evmAccountNameIssue('Savings', accounts, accounts[1])).toBeUndefined();
  });

  it('a new account takes the first unused index', () => {
    expect(nextEvmAccountIndex(accounts)).toBe(1);
    expect(nextEvmAccountIndex([])).toBe(0);
  });

  it('deletes only with zero balance, no enabled tokens and no history', () => {
    expect(evmDeleteBlock('ETH', { balance: 0n, txCount: 0, enabledTokens: 0 })).toBeUndefined();
    expect(evmDeleteBlock('ETH', { balance: 1n, txCount: 0, enabledTokens: 0 })).toBe('active');
    expect(evmDeleteBlock('ETH', { balance: 0n, txCount: 3, enabledTokens: 0 })).toEqual({
      code: 'err-11',
      params: { tokenType: 'ETH' },
    });
    expect(evmDeleteBlock('BSC', { balance: 0n, txCount: 0, enabledTokens: 1 })).toEqual({
      code: 'err-11',
      params: { tokenType: 'BSC' },
    });
  });
});

describe('EVM token prices', () => {
  it("asks prices on core's price platform (ETH, also the local profile, BSC, XDC); others and failures give none", async () => {
    const f = vi.fn(async (_url: string) => json({ prices: { [LUSD.toLowerCase()]: 1, '0xbad': 'x' } }));
    vi.stubGlobal('fetch', f);
    const localEth = { spec: { symbol: 'ETH' }, local: true } as unknown as EvmChain;
    const prices = await fetchTokenPrices(localEth, [LUSD], 'EUR');
    expect(f.mock.calls[0]?.[0]).toBe(
      `/api/prices/tokens?platform=ethereum&contracts=${LUSD.toLowerCase()}&currency=eur`,
    );
    expect([...prices]).toEqual([[LUSD.toLowerCase(), '1']]);
    await fetchTokenPrices({ spec: { symbol: 'BSC' } } as unknown as EvmChain, [LUSD], 'usd');
    expect(f.mock.calls[1]?.[0]).toContain('platform=binance-smart-chain');
    expect(
      (await fetchTokenPrices({ spec: { symbol: 'TETH' } } as unknown as EvmChain, [LUSD], 'usd')).size,
    ).toBe(0);
    expect(
      (await fetchTokenPrices({ spec: { symbol: 'EVM' } } as unknown as EvmChain, [LUSD], 'usd')).size,
    ).toBe(0);
    expect(f).toHaveBeenCalledTimes(2);
    await fetchTokenPrices({ spec: { symbol: 'XDC' } } as unknown as EvmChain, [LUSD], 'usd');
    expect(f.mock.calls[2]?.[0]).toContain('platform=xdc-network');
    f.mockRejectedValueOnce(new Error('offline'));
    expect((await fetchTokenPrices(localEth, [LUSD], 'usd')).size).toBe(0);
  });
});
