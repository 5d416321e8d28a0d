/**
 * FIO bounds by meaning (issue 29): a node that lies — a balance or a transfer above the 1 G FIO that can exist, a fee
 * no producer voted — is a malformed answer. Before an honest node: its answer, served by it; alone: 502, never the
 * lie and never a 500 (a history amount above the supply was checked after the failover: 500 `internal`).
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

const transfer = (amount: number | string) => ({
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
const honest: Handler = (r) => {
  switch (r.path) {
    case '/v1/chain/get_fio_balance':
      return {
        body: {
          balance: 12_000_000_000,
          available: 9_000_000_000,
          staked: 3_000_000_000,
          srps: 3_000_000_000,
          roe: '1.000000000000000',
        },
      };
    case '/v1/chain/get_locks':
      return { status: 404, body: { message: 'No lock tokens in account' } };
    case '/v1/chain/get_fee':
      return { body: { fee: 2_000_000_000 } };
    case '/v1/history/get_actions':
      return { body: { actions: [transfer(5_000_000_000)], last_irreversible_block: 98 } };
    default:
      return { status: 404, body: { message: 'not here' } };
  }
};
const liar = (path: string, lie: (b: Json) => void): Handler =>
  lying(honest, (r: Req, b) => {
    if (r.path === path) lie(b);
  });
const run = (url: string, l: Handler) =>
  liarFirst({
    family: fioFamily,
    env: (urls) => ({
      CHAIN_FIO_NODES: urls.join(','),
      CHAIN_FIO_STAKING_URL: 'none',
      CHAIN_TFIO_NODES: 'none',
    }),
    honest,
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
