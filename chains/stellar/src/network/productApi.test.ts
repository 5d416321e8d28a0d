import { describe, expect, it } from 'vitest';
import {
  createStellarProductApiBackend,
  parseStellarAccount,
  parseStellarNetwork,
  ROUTES,
} from './productApi';

const G = 'GB3JDWCQJCWMJ3IILWIGDTQJJC5567PGVEVXSCVPEQOTDN64VJBDQBYX';
const account = {
  chain: 'XLM',
  address: G,
  balance: '1988944970',
  unconfirmedBalance: '0',
  txCount: 1,
  activated: true,
  sequence: '24739097524306468',
  subentries: 1,
  sponsoring: 0,
  sponsored: 0,
  sellingLiabilities: '0',
  memoRequired: false,
  assets: [{ kind: 'credit_alphanum4', code: 'EURT', issuer: G, balance: '10000005' }],
  provider: 'horizon#1',
};

describe('Stellar product-API client', () => {
  it('parses the account answer into stroops, the int64 sequence and the trustlines', () => {
    expect(parseStellarAccount(account)).toEqual({
      activated: true,
      balance: 1_988_944_970n,
      sequence: 24_739_097_524_306_468n,
      subentries: 1,
      sponsoring: 0,
      sponsored: 0,
      sellingLiabilities: 0n,
      memoRequired: false,
      assets: [{ kind: 'credit_alphanum4', code: 'EURT', issuer: G, balance: 10_000_005n }],
    });
    expect(
      parseStellarAccount({ ...account, activated: false, sequence: null, balance: '0' }).sequence,
    ).toBeNull();
  });

  it('refuses a malformed answer instead of showing a wrong balance', () => {
    for (const bad of [
      { ...account, balance: '-1' },
      { ...account, balance: 12.5 },
      { ...account, subentries: -1 },
      { ...account, memoRequired: 'yes' },
      { ...account, assets: [{ kind: 'native', code: 'XLM', issuer: '', balance: '1' }] },
    ])
      expect(() => parseStellarAccount(bad)).toThrow(/malformed/);
    expect(() =>
      parseStellarNetwork({ networkPassphrase: 'x', ledger: 1, baseFee: '1e2', baseReserve: '5' }),
    ).toThrow(/malformed/);
  });

  it('asks the product API routes and returns the broadcast hash in lower case', async () => {
    const asked: string[] = [];
    const backend = createStellarProductApiBackend({
      baseUrl: '/api',
      fetch: async (url, init) => {
        asked.push(`${init?.method ?? 'GET'} ${url}`);
        if (url.endsWith('/network'))
          return new Response(
            JSON.stringify({ networkPassphrase: 'p', ledger: 3, baseFee: '100', baseReserve: '5000000' }),
          );
        return new Response(JSON.stringify({ hash: 'AB'.repeat(32) }));
      },
    });
    expect(await backend.network()).toEqual({
      networkPassphrase: 'p',
      ledger: 3,
      baseFee: 100n,
      baseReserve: 5_000_000n,
    });
    expect(await backend.broadcast('AAAA')).toBe('ab'.repeat(32));
    expect(asked).toEqual([`GET /api${ROUTES.network('XLM')}`, `POST /api${ROUTES.broadcast('XLM')}`]);
  });
});
