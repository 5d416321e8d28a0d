/**
 * XRP bounds by meaning (issue 29): a rippled that lies — a balance or a payment above the 100 G XRP that exist, a
 * fee no network asks — is a malformed answer. Before an honest rippled: its answer, served by it; alone: 502, never
 * the lie (the fee is refused, not clamped to 2 XRP and served).
 */
import { describe, expect, it } from 'vitest';
import { liarFirst, lying, type Json } from '@secux-companion/server-kit/testing/liar';
import type { Handler } from '@secux-companion/server-kit/testing/servers';
import { XRP_FEE_MAX, XRP_MAX_DROPS } from './bounds.js';
import { xrpFamily } from './index.js';

const ME = 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3';
const OTHER = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';

const payment = (drops: string) => ({
  hash: 'A'.repeat(64),
  ledger_index: 100,
  close_time_iso: '2026-01-01T00:00:00Z',
  tx_json: { TransactionType: 'Payment', Account: OTHER, Destination: ME, DeliverMax: drops, Fee: '12' },
  meta: { TransactionResult: 'tesSUCCESS', delivered_amount: drops },
  validated: true,
});

function answer(method: string): unknown {
  switch (method) {
    case 'account_info':
      return {
        account_data: { Account: ME, Balance: '25000000', Flags: 0, OwnerCount: 0, Sequence: 9 },
        status: 'success',
        validated: true,
      };
    case 'account_tx':
      return { account: ME, status: 'success', transactions: [payment('5000000')] };
    case 'fee':
      return {
        drops: { base_fee: '10', median_fee: '5000', minimum_fee: '10', open_ledger_fee: '12' },
        ledger_current_index: 1000,
        status: 'success',
      };
    default:
      return { error: 'unknownCmd', status: 'error' };
  }
}
const honest: Handler = (r) => ({ body: { result: answer((r.json as { method: string }).method) } });
/** A rippled that lies in its answer to `method`. */
const liar = (method: string, lie: (result: Json) => void): Handler =>
  lying(honest, (r, b) => {
    if ((r.json as { method: string }).method === method) lie(b.result);
  });

const run = (url: string, l: Handler) =>
  liarFirst({
    family: xrpFamily,
    env: (urls) => ({ CHAIN_XRP_RIPPLED: urls.join(',') }),
    honest,
    liar: l,
    url,
  });

describe('XRP bounds by meaning', () => {
  it('a balance above the supply: the next rippled answers; alone, 502', async () => {
    const { alone, first } = await run(
      `/api/chains/XRP/account/${ME}`,
      liar('account_info', (a) => (a.account_data.Balance = (XRP_MAX_DROPS + 1n).toString())),
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ balance: '25000000', provider: 'rippled#2' });
    expect(alone.status).toBe(502);
    expect(JSON.stringify(alone.body)).not.toContain('100000000000000001');
  });

  it('a payment above the supply (1e18 drops, within a u64): the next rippled answers; alone, 502', async () => {
    const { alone, first } = await run(
      `/api/chains/XRP/history/${ME}`,
      liar('account_tx', (a) => (a.transactions = [payment('1000000000000000000')])),
    );
    expect(first.status).toBe(200);
    expect(first.body.provider).toBe('rippled#2');
    expect(first.body.operations).toEqual([expect.objectContaining({ value: '5000000' })]);
    expect(alone.status).toBe(502);
  });

  it.each([
    ['2^64 drops', (2n ** 64n).toString()],
    ['just above the plausible fee', (XRP_FEE_MAX + 1n).toString()],
  ])('an open-ledger fee of %s is refused, not clamped: the next rippled’s 12 drops', async (_, fee) => {
    const { alone, first } = await run(
      '/api/chains/XRP/fees',
      liar('fee', (a) => (a.drops.open_ledger_fee = fee)),
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      tiers: { high: '12', medium: '12', low: '10' },
      provider: 'rippled#2',
    });
    expect(alone.status).toBe(502);
  });
});
