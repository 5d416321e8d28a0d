/**
 * Stellar bounds by meaning (issue 29): a Horizon that lies — a balance or a payment above the lumens that exist, a
 * base fee no ledger asks — is a malformed answer. Before an honest Horizon: its answer, served by it; alone: 502,
 * never the lie.
 */
import { Keypair, Networks } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { liarFirst, lying, type Json } from '@secux-companion/server-kit/testing/liar';
import type { Handler, Req } from '@secux-companion/server-kit/testing/servers';
import { XLM_FEE_MAX, XLM_MAX_STROOPS } from './bounds.js';
import { stellarFamily } from './index.js';

const ME = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 1)).publicKey();
const OTHER = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 2)).publicKey();
const HASH = '5ebd5c0af4385500b53dd63b0ef5f6e8feef1a7e1c86989be3cdcce825f3c0cc';
/** Stroops as Horizon writes them: "198.8944970". */
const xlm = (stroops: bigint) =>
  `${stroops / 10_000_000n}.${(stroops % 10_000_000n).toString().padStart(7, '0')}`;

const account = {
  id: ME,
  account_id: ME,
  sequence: '24739097524306468',
  subentry_count: 0,
  num_sponsoring: 0,
  num_sponsored: 0,
  thresholds: { low_threshold: 0, med_threshold: 0, high_threshold: 0 },
  flags: { auth_required: false, auth_revocable: false, auth_immutable: false, auth_clawback_enabled: false },
  balances: [
    {
      balance: '198.8944970',
      buying_liabilities: '0.0000000',
      selling_liabilities: '0.0000000',
      asset_type: 'native',
    },
  ],
  signers: [{ weight: 1, key: ME, type: 'ed25519_public_key' }],
  data: {},
  paging_token: '',
};
const payment = {
  id: '200',
  paging_token: '200',
  transaction_successful: true,
  source_account: OTHER,
  type: 'payment',
  type_i: 1,
  created_at: '2026-01-02T03:04:05Z',
  transaction_hash: HASH,
  asset_type: 'native',
  from: OTHER,
  to: ME,
  amount: '12.5000000',
  transaction: { hash: HASH, successful: true, ledger: 7, fee_charged: '100', source_account: OTHER },
};

const honest: Handler = (r) => {
  if (r.path === '/') return { body: { network_passphrase: Networks.PUBLIC, horizon_version: '2.30.0' } };
  if (r.path === '/fee_stats') return { body: { last_ledger: '52000001', last_ledger_base_fee: '100' } };
  if (r.path === '/ledgers')
    return {
      body: {
        _embedded: {
          records: [{ sequence: 52000001, base_fee_in_stroops: 100, base_reserve_in_stroops: 5000000 }],
        },
      },
    };
  if (r.path === `/accounts/${ME}/payments`)
    return { body: { _links: {}, _embedded: { records: [payment] } } };
  if (r.path === `/accounts/${ME}`) return { body: account };
  return { status: 404, body: { status: 404, title: 'Resource Missing' } };
};
const liar = (path: string, lie: (b: Json) => void): Handler =>
  lying(honest, (r: Req, b) => {
    if (r.path === path) lie(b);
  });

const run = (url: string, l: Handler) =>
  liarFirst({
    family: stellarFamily,
    env: (urls) => ({ CHAIN_XLM_HORIZON: urls.join(',') }),
    honest,
    liar: l,
    url,
  });

describe('Stellar bounds by meaning', () => {
  it('a balance of 1e11 XLM (more than exist): the next Horizon answers; alone, 502', async () => {
    const { alone, first } = await run(
      `/api/chains/XLM/account/${ME}`,
      liar(`/accounts/${ME}`, (b) => (b.balances[0].balance = '100000000000.0000000')),
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ balance: '1988944970', provider: 'horizon#2' });
    expect(alone.status).toBe(502);
  });

  it('a payment above the supply: the next Horizon answers; alone, 502', async () => {
    const { alone, first } = await run(
      `/api/chains/XLM/history/${ME}`,
      liar(`/accounts/${ME}/payments`, (b) => (b._embedded.records[0].amount = xlm(XLM_MAX_STROOPS + 1n))),
    );
    expect(first.status).toBe(200);
    expect(first.body.provider).toBe('horizon#2');
    expect(first.body.operations).toEqual([expect.objectContaining({ value: '125000000' })]);
    expect(alone.status).toBe(502);
  });

  it('a base fee above the plausible one: the next Horizon’s 100 stroops; alone, 502', async () => {
    const { alone, first } = await run(
      '/api/chains/XLM/fees',
      liar('/fee_stats', (b) => (b.last_ledger_base_fee = (XLM_FEE_MAX + 1n).toString())),
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      tiers: { high: '100', medium: '100', low: '100' },
      provider: 'horizon#2',
    });
    expect(alone.status).toBe(502);
  });
});
