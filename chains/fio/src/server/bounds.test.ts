/**
 * FIO bounds by meaning (issue 29): a node that lies — a balance or a transfer above the 1 G FIO that can exist, a fee
 * no producer voted — is a malformed answer. Before an honest node: its answer, served by it; alone: 502, never the
 * lie and never a 500 (a history amount above the supply was checked after the failover: 500 `internal`). SUF are JSON
 * numbers: an honest amount above 2^53 is served with every digit (JSON.parse rounded it).
 */
import { Fio } from '@fioprotocol/fiojs';
import { describe, expect, it } from 'vitest';
import { liarFirst, lying, type Json } from '@secux-companion/server-kit/testing/liar';
import type { Handler, Req } from '@secux-companion/server-kit/testing/servers';
import { FIO_FEE_MAX, FIO_SUPPLY_SUF } from './bounds.js';
import { fioFamily } from './index.js';

const ME = 'FIO5kJKNHwctcfUM5XZyiWSqSTM5HTzznJP9F3ZdbhaQAHEVq575o';
const NEW = 'FIO7uRvrLVrZCbCM2DtCgUMospqUMnP3JUC1sKHA8zNoF835kJBvN';
const ACTOR = Fio.accountHash(ME);

/** 20,000,000.123456789 FIO: 2e16 SUF, above 2^53 (nodes write SUF as JSON numbers: issue 29). */
const BIG_SUF = 20_000_000_123_456_789n;
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

const transfer = (amount: number | string | bigint) => ({
  account_action_seq: 3,
  block_num: 90,
  block_time: '2026-01-01T00:00:00.000',
  action_trace: {
    receipt: { receiver: ACTOR, response: '{"status":"OK","fee_collected":2000000000}' },
    act: {
      account: 'fio.token',
      name: 'trnsfiopubky',
      data: { payee_public_key: NEW, amount, actor: ACTOR },
    },
    trx_id: 'ef'.repeat(32),
  },
});
/** An API and history node: the account's balance (get_fio_balance's fields) and one transfer of `sent` SUF. */
const honestWith =
  (balance: Record<string, number | bigint | string>, sent: number | bigint): Handler =>
  (r) => {
    switch (r.path) {
      case '/v1/chain/get_fio_balance':
        return { body: balance };
      case '/v1/chain/get_locks':
        return { status: 404, body: { message: 'No lock tokens in account' } };
      case '/v1/chain/get_fee':
        return { body: { fee: 2_000_000_000 } };
      case '/v1/history/get_actions':
        return { body: { actions: [transfer(sent)], last_irreversible_block: 98 } };
      default:
        return { status: 404, body: { message: 'not here' } };
    }
  };
const honest = honestWith(
  {
    balance: 12_000_000_000,
    available: 9_000_000_000,
    staked: 3_000_000_000,
    srps: 3_000_000_000,
    roe: '1.000000000000000',
  },
  5_000_000_000,
);
/** An account above 2^53 SUF that sent a transfer above 2^53 SUF. */
const bigHonest = honestWith(
  { balance: BIG_SUF, available: BIG_SUF, staked: 0, srps: 0, roe: '1.000000000000000' },
  BIG_SUF,
);
const liar = (path: string, lie: (b: Json) => void, h = honest): Handler =>
  lying(h, (r: Req, b) => {
    if (r.path === path) lie(b);
  });
const run = (url: string, l: Handler, h = honest) =>
  liarFirst({
    family: fioFamily,
    env: (urls) => ({
      CHAIN_FIO_NODES: urls.join(','),
      CHAIN_FIO_STAKING_URL: 'none',
      CHAIN_TFIO_NODES: 'none',
    }),
    honest: h,
    liar: l,
    url,
  });

describe('FIO bounds by meaning', () => {
  it('a balance of 1e19 SUF (10 × the supply): the next node answers; alone, 502', async () => {
    const { alone, first } = await run(
      `/api/chains/FIO/account/${ME}`,
      liar('/v1/chain/get_fio_balance', (b) => {
        b.balance = '10000000000000000000';
        b.available = '10000000000000000000';
      }),
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ balance: '12000000000', provider: 'fio-node#2' });
    expect(alone.status).toBe(502);
  });

  it('a transfer above the supply: the next node’s history, never a 500', async () => {
    const { alone, first } = await run(
      `/api/chains/FIO/history/${ME}`,
      liar('/v1/history/get_actions', (b) => (b.actions = [transfer((FIO_SUPPLY_SUF + 1n).toString())])),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.provider).toMatch(/#2$/);
    expect(first.body.operations).toEqual([expect.objectContaining({ value: '5000000000' })]);
    expect(alone.status).toBe(502);
  });

  it('a fee above the plausible one: the next node’s 2 FIO; alone, 502', async () => {
    const { alone, first } = await run(
      '/api/chains/FIO/fees',
      liar('/v1/chain/get_fee', (b) => (b.fee = (FIO_FEE_MAX + 1n).toString())),
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ tiers: { medium: '2000000000' }, provider: 'fio-node#2' });
    expect(alone.status).toBe(502);
  });
});

describe('FIO amounts above 2^53', () => {
  it('a balance of 20 M FIO in SUF is served exactly; one above the supply is refused', async () => {
    const { alone, first } = await run(
      `/api/chains/FIO/account/${ME}`,
      liar(
        '/v1/chain/get_fio_balance',
        (b) => {
          b.balance = FIO_SUPPLY_SUF + 1n;
          b.available = FIO_SUPPLY_SUF + 1n;
        },
        bigHonest,
      ),
      bigHonest,
    );
    expect(BIG_SUF > SAFE).toBe(true);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ balance: BIG_SUF.toString(), provider: 'fio-node#2' });
    expect(alone.status).toBe(502);
  });

  it('a transfer of 20 M FIO in the history is served exactly; one above the supply is refused', async () => {
    const { alone, first } = await run(
      `/api/chains/FIO/history/${ME}`,
      liar('/v1/history/get_actions', (b) => (b.actions = [transfer(FIO_SUPPLY_SUF + 1n)]), bigHonest),
      bigHonest,
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.operations).toEqual([expect.objectContaining({ value: BIG_SUF.toString() })]);
    expect(alone.status).toBe(502);
  });
});
