/**
 * An answer out of bounds is that node's malformed answer: the next node is asked and the client never sees it (the
 * bounds are the failover's check, not a check after it, which would end the request with a 500).
 */
import { describe, expect, it } from 'vitest';
import type { TronAccountRead, TronIndexProvider, TronNodeProvider } from './backend.js';
import { MAX_INT64 } from './bounds.js';
import { PARAM_KEYS, TronFacade } from './facade.js';

const ME = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

function node(name: string, energyPrice: bigint, balance: bigint): TronNodeProvider {
  const read: TronAccountRead = { found: true, balance, assets: [] };
  return {
    name,
    timeoutMs: 1000,
    getChainParameters: () =>
      Promise.resolve(
        new Map([
          [PARAM_KEYS.bandwidthPrice, 1000n],
          [PARAM_KEYS.energyPrice, energyPrice],
          [PARAM_KEYS.createAccountFee, 100_000n],
          [PARAM_KEYS.createNewAccountFeeInSystemContract, 1_000_000n],
        ]),
      ),
    getAccount: () => Promise.resolve(read),
    getAccountResource: () =>
      Promise.resolve({
        freeNetLimit: 600n,
        freeNetUsed: 0n,
        netLimit: 0n,
        netUsed: 0n,
        energyLimit: 0n,
        energyUsed: 0n,
      }),
  } as unknown as TronNodeProvider;
}

const index = {
  name: 'index',
  timeoutMs: 1000,
  trc20Balances: () => Promise.resolve([]),
} as unknown as TronIndexProvider;

describe('TRON answers out of bounds', () => {
  it('asks the next node when one gives an absurd energy price', async () => {
    const f = new TronFacade({
      chain: 'TRX',
      nodes: [node('absurd', 10_000_000_000n, 1n), node('sane', 100n, 1n)],
      indexers: [index],
    });
    await expect(f.params()).resolves.toMatchObject({ energyPrice: '100', provider: 'sane' });
  });

  it('asks the next node when one gives a balance above int64', async () => {
    const f = new TronFacade({
      chain: 'TRX',
      nodes: [node('absurd', 100n, MAX_INT64 + 1n), node('sane', 100n, 5_000_000n)],
      indexers: [index],
    });
    await expect(f.account(ME, {})).resolves.toMatchObject({ balance: '5000000', provider: 'sane' });
  });

  it('fails as an upstream failure (not an internal error) when every node is out of bounds', async () => {
    const f = new TronFacade({
      chain: 'TRX',
      nodes: [node('absurd', 10_000_000_000n, 1n)],
      indexers: [index],
    });
    await expect(f.params()).rejects.toMatchObject({ statusCode: 502, code: 'upstream_failed' });
  });
});
