/**
 * BNB Beacon Chain bounds by meaning (issue 29): an archive that lies — a BNB balance or transfer above the 200 M BNB
 * ever issued — is a malformed answer. Before an honest archive: its answer, served by it; alone: 502, never the lie.
 */
import { describe, expect, it } from 'vitest';
import { liarFirst, lying, type Json } from '@secux-companion/server-kit/testing/liar';
import type { Handler, Req } from '@secux-companion/server-kit/testing/servers';
import { bnbFamily } from './index.js';

const ME = 'bnb1jxfh2g85q3v0tdq56fnevx6xcxtcnhtsmcu64m';
const NEW = 'bnb1grpf0955h0ykzq3ar5nmum7y6gdfl6lxfn46h2';
/** More BNB than were ever issued (200 M), yet within int64 fixed8 units. */
const TOO_MUCH = '300000000.00000000';

const tx = (value: string) => ({
  txHash: '1'.padStart(64, '0'),
  blockHeight: 385_000_001,
  timeStamp: '2024-11-01T00:00:00.000Z',
  fromAddr: NEW,
  toAddr: ME,
  value,
  txAsset: 'BNB',
  txFee: '0.00007500',
  code: 0,
});
const honest: Handler = (r) => {
  if (r.path === `/api/v1/account/${ME}`)
    return {
      body: {
        account_number: 1,
        address: ME,
        balances: [{ symbol: 'BNB', free: '1.23450000', locked: '0.00000000', frozen: '0.00000001' }],
        public_key: null,
        sequence: 7,
      },
    };
  if (r.path === '/api/v1/transactions') return { body: { total: 1, tx: [tx('0.10000000')] } };
  return { status: 404, body: '' };
};
const liar = (path: string, lie: (b: Json) => void): Handler =>
  lying(honest, (r: Req, b) => {
    if (r.path === path) lie(b);
  });
const run = (url: string, l: Handler) =>
  liarFirst({
    family: bnbFamily,
    env: (urls) => ({ CHAIN_BNB_ARCHIVE: urls.join(',') }),
    honest,
    liar: l,
    url,
  });

describe('BNB Beacon Chain bounds by meaning', () => {
  it('a BNB balance above the supply: the next archive answers; alone, 502', async () => {
    const { alone, first } = await run(
      `/api/chains/BNB/account/${ME}`,
      liar(`/api/v1/account/${ME}`, (b) => (b.balances[0].free = TOO_MUCH)),
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ balance: '123450001', provider: 'archive#2' });
    expect(alone.status).toBe(502);
  });

  it('a BNB transfer above the supply: the next archive’s history; alone, 502', async () => {
    const { alone, first } = await run(
      `/api/chains/BNB/history/${ME}`,
      liar('/api/v1/transactions', (b) => (b.tx = [tx(TOO_MUCH)])),
    );
    expect(first.status).toBe(200);
    expect(first.body.provider).toBe('archive#2');
    expect(first.body.operations).toEqual([expect.objectContaining({ value: '10000000' })]);
    expect(alone.status).toBe(502);
  });
});
