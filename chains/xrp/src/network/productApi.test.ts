import { HISTORY_PAGE_SIZE } from '@secux-companion/core';
import { describe, expect, it } from 'vitest';
import { createXrpProductApiBackend } from './productApi';

const ME = 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3';

function fakeFetch(routes: Record<string, unknown>, seen: string[] = []) {
  return async (url: string, init?: RequestInit) => {
    seen.push(`${init?.method ?? 'GET'} ${url}${init?.body ? ` ${String(init.body)}` : ''}`);
    const key = Object.keys(routes).find((k) => url.includes(k));
    return key
      ? new Response(JSON.stringify(routes[key]), { status: 200 })
      : new Response('{"error":"nope"}', { status: 404 });
  };
}

describe('XRP product-API client', () => {
  it('reads the account, the ledger reserves, the fee tiers and a history page', async () => {
    const seen: string[] = [];
    const api = createXrpProductApiBackend({
      fetch: fakeFetch(
        {
          [`/account/${ME}`]: {
            chain: 'XRP',
            address: ME,
            balance: '25000000',
            unconfirmedBalance: '0',
            txCount: 1,
            sequence: 4,
            ownerCount: 1,
            activated: true,
            requireDestinationTag: false,
            provider: 'p',
          },
          '/ledger': { ledgerIndex: 123, reserveBase: '1000000', reserveIncrement: '200000', provider: 'p' },
          '/fees': {
            chain: 'XRP',
            unit: 'drops',
            tiers: { high: '20', medium: '12', low: '10' },
            source: 'network',
          },
          [`/history/${ME}`]: { operations: [], cursor: null, provider: 'p' },
        },
        seen,
      ),
    });
    expect(await api.account(ME)).toEqual({
      balance: 25_000_000n,
      txCount: 1,
      sequence: 4,
      ownerCount: 1,
      activated: true,
      requireDestinationTag: false,
    });
    expect(await api.ledger()).toEqual({
      ledgerIndex: 123,
      reserve: { base: 1_000_000n, increment: 200_000n },
    });
    expect(await api.fees()).toEqual({ high: 20, medium: 12, low: 10 });
    expect(await api.history(ME, null)).toEqual({ operations: [], cursor: null });
    expect(seen[3]).toContain(`pageSize=${HISTORY_PAGE_SIZE}`);
  });

  it('refuses a malformed answer instead of reading it as zero', async () => {
    const api = createXrpProductApiBackend({
      fetch: fakeFetch({
        [`/account/${ME}`]: {
          balance: 25,
          txCount: 1,
          ownerCount: 0,
          activated: true,
          requireDestinationTag: false,
        },
      }),
    });
    await expect(api.account(ME)).rejects.toMatchObject({ code: 'malformed' });
  });

  it('posts the blob and returns the hash; a refusal carries the server message', async () => {
    const seen: string[] = [];
    const ok = createXrpProductApiBackend({
      fetch: fakeFetch({ '/broadcast': { hash: 'ab'.repeat(32), provider: 'p' } }, seen),
    });
    expect(await ok.broadcast('1200')).toBe('AB'.repeat(32));
    expect(seen[0]).toContain('{"rawTx":"1200"}');
    const held = createXrpProductApiBackend({
      fetch: async () =>
        new Response(JSON.stringify({ error: 'Held until escalated fee drops.' }), { status: 502 }),
    });
    await expect(held.broadcast('1200')).rejects.toThrow('Held until escalated fee drops.');
  });
});
