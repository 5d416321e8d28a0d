import { describe, expect, it } from 'vitest';
import { createFioProductApiBackend } from './productApi';

const ME = 'FIO5kJKNHwctcfUM5XZyiWSqSTM5HTzznJP9F3ZdbhaQAHEVq575o';

function fakeFetch(routes: Record<string, unknown>, seen: string[] = []) {
  return async (url: string, init?: RequestInit) => {
    seen.push(`${init?.method ?? 'GET'} ${url}`);
    const key = Object.keys(routes).find((k) => url.includes(k));
    return key
      ? new Response(JSON.stringify(routes[key]), { status: 200 })
      : new Response('{"error":"No FIO node answered","code":"no_provider"}', { status: 503 });
  };
}

describe('FIO product-API client', () => {
  it('reads balance, names, fees and mapped addresses from our routes', async () => {
    const seen: string[] = [];
    const api = createFioProductApiBackend({
      chain: 'TFIO',
      fetch: fakeFetch(
        {
          [`/account/${ME}`]: {
            balance: '5',
            available: '3',
            staked: '2',
            locked: '0',
            srps: '2',
            roe: '1.0',
            actor: 'aloha1234512',
            txCount: 1,
          },
          [`/fio/names/${ME}`]: {
            domains: [{ domain: 'mine', expiration: '2027-01-01T00:00:00', isPublic: false }],
            handles: [{ handle: 'me@secux', expiration: '2027-01-01T00:00:00', bundled: 7 }],
          },
          '/fio/fee/add_pub_address': { fee: '0' },
          '/fio/pub-address/': { address: null },
        },
        seen,
      ),
    });
    expect(await api.balance(ME)).toMatchObject({ balance: 5n, available: 3n, staked: 2n, locked: 0n });
    expect((await api.names(ME)).handles).toEqual([
      { handle: 'me@secux', expiration: '2027-01-01T00:00:00', bundled: 7 },
    ]);
    expect(await api.fee('add_pub_address', 'me@secux')).toBe(0n);
    expect(await api.publicAddress('me@secux', 'LTC', 'LTC')).toBeNull();
    expect(seen).toContain('GET /api/chains/TFIO/fio/fee/add_pub_address?fioAddress=me%40secux');
  });

  it('refuses a malformed answer and passes the server error on', async () => {
    const api = createFioProductApiBackend({
      fetch: fakeFetch({ [`/account/${ME}`]: { balance: -1, available: '0' } }),
    });
    await expect(api.balance(ME)).rejects.toThrow('malformed answer: balance');
    await expect(api.names(ME)).rejects.toMatchObject({ status: 503 });
  });

  it('refuses over-long text and over-long lists in an answer', async () => {
    const handle = (h: string) => ({ handle: h, expiration: '2027-01-01T00:00:00', bundled: 7 });
    const long = createFioProductApiBackend({
      fetch: fakeFetch({
        [`/fio/names/${ME}`]: { domains: [], handles: [handle(`${'a'.repeat(10_000)}@x`)] },
      }),
    });
    await expect(long.names(ME)).rejects.toThrow('malformed answer: handle');
    const many = createFioProductApiBackend({
      fetch: fakeFetch({
        [`/fio/names/${ME}`]: {
          domains: [],
          handles: Array.from({ length: 1001 }, () => handle('me@secux')),
        },
      }),
    });
    await expect(many.names(ME)).rejects.toThrow('malformed answer: handles');
  });

  const request = {
    id: 7,
    payerHandle: 'payer@secux',
    payeeHandle: 'emulator@secux',
    payerKey: ME,
    payeeKey: ME,
    content: 'c2VjcmV0'.repeat(8),
    timeStamp: '2026-11-24T10:00:00.000Z',
    status: 'requested',
  };

  it('reads sent and received requests, bounded', async () => {
    const seen: string[] = [];
    const api = createFioProductApiBackend({
      fetch: fakeFetch(
        {
          [`/fio/requests/${ME}/sent`]: { requests: [request] },
          [`/fio/requests/${ME}/received`]: { requests: [] },
        },
        seen,
      ),
    });
    expect(await api.requests(ME, 'sent')).toEqual([request]);
    expect(await api.requests(ME, 'received')).toEqual([]);
    expect(seen).toContain(`GET /api/chains/FIO/fio/requests/${ME}/received`);
  });

  it.each([
    ['an unknown status', { status: 'paid' }, 'status'],
    ['a content over 1,000 characters', { content: 'A'.repeat(1001) }, 'content'],
    ['a time stamp that is not a date', { timeStamp: 'yesterday' }, 'timeStamp'],
    ['a negative id', { id: -1 }, 'id'],
  ])('refuses a request with %s', async (_what, patch, field) => {
    const api = createFioProductApiBackend({
      fetch: fakeFetch({ [`/fio/requests/${ME}/sent`]: { requests: [{ ...request, ...patch }] } }),
    });
    await expect(api.requests(ME, 'sent')).rejects.toThrow(`malformed answer: ${field}`);
  });

  it('refuses more than 100 requests', async () => {
    const api = createFioProductApiBackend({
      fetch: fakeFetch({
        [`/fio/requests/${ME}/sent`]: { requests: Array.from({ length: 101 }, () => request) },
      }),
    });
    await expect(api.requests(ME, 'sent')).rejects.toThrow('malformed answer: requests');
  });

  it('reads the staking state with its lock in SUF, and none', async () => {
    const staking = {
      apr7d: 12.3456,
      voted: true,
      proxy: 'proxy@secux',
      defaultProxy: 'proxy@secux',
      lock: { amount: '5000000000', remaining: '5000000000', unlockAt: '2026-12-01T10:00:00.000Z' },
    };
    const api = createFioProductApiBackend({ fetch: fakeFetch({ [`/fio/staking/${ME}`]: staking }) });
    expect(await api.staking(ME)).toEqual({
      ...staking,
      lock: { amount: 5_000_000_000n, remaining: 5_000_000_000n, unlockAt: '2026-12-01T10:00:00.000Z' },
    });
    const none = createFioProductApiBackend({
      fetch: fakeFetch({
        [`/fio/staking/${ME}`]: {
          apr7d: null,
          voted: false,
          proxy: null,
          defaultProxy: 'p@secux',
          lock: null,
        },
      }),
    });
    expect(await none.staking(ME)).toEqual({
      apr7d: null,
      voted: false,
      proxy: null,
      defaultProxy: 'p@secux',
      lock: null,
    });
    const bad = createFioProductApiBackend({
      fetch: fakeFetch({ [`/fio/staking/${ME}`]: { ...staking, apr7d: '12' } }),
    });
    await expect(bad.staking(ME)).rejects.toThrow('malformed answer: apr7d');
    const negative = createFioProductApiBackend({
      fetch: fakeFetch({ [`/fio/staking/${ME}`]: { ...staking, lock: { ...staking.lock, amount: '-5' } } }),
    });
    await expect(negative.staking(ME)).rejects.toThrow('malformed answer: lock.amount');
  });
});
