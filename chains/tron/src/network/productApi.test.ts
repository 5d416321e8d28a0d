import { describe, expect, it } from 'vitest';
import { TronError } from '../logic/errors';
import { createTronProductApiBackend } from './productApi';

const ME = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

function fakeFetch(routes: Record<string, unknown>, seen: string[] = []) {
  return async (url: string, init?: RequestInit) => {
    seen.push(`${init?.method ?? 'GET'} ${url}${init?.body ? ` ${String(init.body)}` : ''}`);
    const key = Object.keys(routes).find((k) => url.includes(k));
    return key
      ? new Response(JSON.stringify(routes[key]), { status: 200 })
      : new Response('{"error":"nope"}', { status: 404 });
  };
}

const account = {
  balance: '1793227200',
  activated: true,
  txCount: 1,
  resources: {
    freeNetLimit: '600',
    freeNetUsed: '441',
    netLimit: '0',
    netUsed: '0',
    energyLimit: '20000',
    energyUsed: '500',
  },
  tokens: [
    { type: 'trc20', contract: USDT, name: 'Tether USD', symbol: 'USDT', decimals: 6, balance: '42000000' },
  ],
};

describe('TRON product-API client', () => {
  it('reads the account with resources and tokens, the chain prices, the block, an estimate and a broadcast', async () => {
    const seen: string[] = [];
    const api = createTronProductApiBackend({
      fetch: fakeFetch(
        {
          [`/account/${ME}`]: account,
          '/params': {
            bandwidthPrice: '1000',
            energyPrice: '100',
            createAccountFee: '100000',
            createNewAccountFeeInSystemContract: '1000000',
          },
          '/block': {
            blockID: '0000000002b1a6d3' + 'ab'.repeat(24),
            blockNumber: 45197011,
            timestamp: 1_700_000_000_000,
          },
          '/estimate': { ok: true, energy: '64895' },
          '/broadcast': { hash: 'AB'.repeat(32) },
        },
        seen,
      ),
    });
    const a = await api.account(ME);
    expect(a.resources.freeNetUsed).toBe(441n);
    expect(a.tokens[0]).toMatchObject({ type: 'trc20', balance: 42_000_000n, decimals: 6 });
    expect((await api.params()).createNewAccountFeeInSystemContract).toBe(1_000_000n);
    expect((await api.block()).blockNumber).toBe(45197011);
    expect(await api.estimateEnergy(ME, USDT, 'a9059cbb')).toBe(64_895n);
    expect(await api.broadcast('0a0b')).toBe('ab'.repeat(32));
    expect(seen.at(-1)).toBe('POST /api/chains/TRX/broadcast {"rawTx":"0a0b"}');
  });

  it('refuses malformed answers instead of guessing', async () => {
    const bad = (over: Record<string, unknown>) =>
      createTronProductApiBackend({
        fetch: fakeFetch({ [`/account/${ME}`]: { ...account, ...over } }),
      }).account(ME);
    await expect(bad({ balance: 12 })).rejects.toThrow(/malformed/);
    await expect(bad({ balance: '-1' })).rejects.toThrow(/malformed/);
    await expect(bad({ tokens: [{ ...account.tokens[0], decimals: 99 }] })).rejects.toThrow(/malformed/);
    await expect(bad({ activated: 'yes' })).rejects.toThrow(/malformed/);
    const block = createTronProductApiBackend({
      fetch: fakeFetch({ '/block': { blockID: 'zz', blockNumber: 1, timestamp: 1 } }),
    });
    await expect(block.block()).rejects.toThrow(/malformed/);
  });

  it('a contract that refuses the estimate is a TronError, not an energy figure', async () => {
    const api = createTronProductApiBackend({
      fetch: fakeFetch({ '/estimate': { ok: false, energy: '0', message: 'REVERT opcode executed' } }),
    });
    const e = await api.estimateEnergy(ME, USDT, 'a9059cbb').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TronError);
    expect((e as TronError).code).toBe('tronEstimateFailed');
  });
});
