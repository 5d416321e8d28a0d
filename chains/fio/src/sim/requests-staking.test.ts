/**
 * The FIO simulator's payment requests, staking and proxy voting (issue 17): real transactions built with chain-fio
 * and the contracts' ABIs, signed with the emulator mnemonic's keys as the device would, pushed over HTTP; every
 * refusal answered with fio.contracts' own text and HTTP code.
 */
import { randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { Fio, Ecc } from '@fioprotocol/fiojs';
import type { FioActionKind } from '@secux-companion/chain-fio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MNEMONIC } from '@secux-companion/sim-kit';
import {
  FIO_LOCAL_FEES,
  FIO_LOCAL_PROXY,
  FIO_LOCAL_PROXY_KEY,
  FIO_PAYER_HANDLE,
  FioSimulator,
  UNSTAKE_LOCK_SECONDS,
  fioGenesis,
  fioPublicKeyOf,
} from './simulator.js';
import { fioPrivateKeyOf, fioSimulatorClient, type FioSimulatorClient } from './testing.js';

const SUF = 1_000_000_000n;
const ME = fioPublicKeyOf(DEFAULT_MNEMONIC, 0);
const PAYER = fioPublicKeyOf(DEFAULT_MNEMONIC, 1);
const MY_HANDLE = 'emulator@secux';
const keys: Record<string, unknown> = {
  [ME]: fioPrivateKeyOf(DEFAULT_MNEMONIC, 0),
  [PAYER]: fioPrivateKeyOf(DEFAULT_MNEMONIC, 1),
};
/** Encrypted content stands in as opaque base64 (the chain never reads it). */
const content = (bytes = 96) => randomBytes(bytes).toString('base64');

let sim: FioSimulator;
let client: FioSimulatorClient;
beforeAll(async () => {
  sim = new FioSimulator({ genesis: fioGenesis(DEFAULT_MNEMONIC), blockIntervalMs: 0 });
  await sim.start();
  client = fioSimulatorClient(sim);
});
afterAll(() => sim.stop());

const post = (path: string, body: unknown) => client.post(path, body);
const chain = (path: string, body: unknown) => post(`/v1/chain/${path}`, body);
const push = (
  who: string,
  kind: FioActionKind,
  fields: Record<string, unknown>,
  o: { fee?: bigint; tpid?: string } = {},
) => client.push(kind, fields, { actorKey: who, key: keys[who], ...o });
const refused = (status: number, error: string) =>
  status === 403
    ? { status, body: { type: 'invalid_signature' } }
    : { status, body: { fields: [{ error }] } };
const requestFrom = (payer = FIO_PAYER_HANDLE, c = content()) =>
  push(ME, 'requestFunds', { payer_fio_address: payer, payee_fio_address: MY_HANDLE, content: c });
const responseOf = (r: { body: Record<string, unknown> }) =>
  JSON.parse(
    String(
      (r.body.processed as { action_traces: { receipt: { response: string } }[] }).action_traces[0]!.receipt
        .response,
    ),
  ) as Record<string, unknown>;

describe('FIO simulator: genesis of part 2', () => {
  it('the second account holds 500 FIO and payer@secux with 100 bundles; proxy@secux is a registered proxy', async () => {
    expect((await chain('get_fio_balance', { fio_public_key: PAYER })).body.balance).toBe('500000000000');
    expect((await chain('get_fio_addresses', { fio_public_key: PAYER })).body.fio_addresses).toMatchObject([
      { fio_address: FIO_PAYER_HANDLE, remaining_bundled_tx: 100 },
    ]);
    const proxyKey = (
      await chain('get_pub_address', { fio_address: FIO_LOCAL_PROXY, chain_code: 'FIO', token_code: 'FIO' })
    ).body.public_address as string;
    const rows = await chain('get_table_rows', {
      code: 'eosio',
      scope: 'eosio',
      table: 'voters',
      index_position: '3',
      key_type: 'name',
      lower_bound: Fio.accountHash(proxyKey),
      upper_bound: Fio.accountHash(proxyKey),
      json: true,
      limit: 1,
    });
    expect(rows.body.rows).toMatchObject([{ fioaddress: FIO_LOCAL_PROXY, is_proxy: 1 }]);
    expect((await chain('get_sent_fio_requests', { fio_public_key: ME })).body).toEqual({
      message: 'No FIO Requests',
    });
    expect((await chain('get_received_fio_requests', { fio_public_key: PAYER })).body).toEqual({
      message: 'No received FIO Requests',
    });
  });
});

describe('FIO simulator: payment requests', () => {
  let first = 0;
  it('a request costs 2 bundles of the payee handle and is listed as sent, received and pending', async () => {
    const c = content();
    const r = await requestFrom(FIO_PAYER_HANDLE, c);
    expect(r.status).toBe(202);
    first = Number(responseOf(r).fio_request_id);
    expect(responseOf(r)).toEqual({ fio_request_id: first, status: 'requested', fee_collected: 0 });
    expect(sim.handle(MY_HANDLE)!.bundled).toBe(3);
    const sent = (await chain('get_sent_fio_requests', { fio_public_key: ME, limit: 100, offset: 0 })).body;
    expect(sent).toMatchObject({
      requests: [
        {
          fio_request_id: first,
          payer_fio_address: FIO_PAYER_HANDLE,
          payee_fio_address: MY_HANDLE,
          payer_fio_public_key: PAYER,
          payee_fio_public_key: ME,
          content: c,
          status: 'requested',
        },
      ],
      more: 0,
    });
    expect(String((sent.requests as { time_stamp: string }[])[0]!.time_stamp)).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/,
    );
    expect((await chain('get_received_fio_requests', { fio_public_key: PAYER })).body.requests).toHaveLength(
      1,
    );
    expect((await chain('get_pending_fio_requests', { fio_public_key: PAYER })).body.requests).toHaveLength(
      1,
    );
    expect((await chain('get_received_fio_requests', { fio_public_key: ME })).status).toBe(404);
    expect((await chain('get_sent_fio_requests', { fio_public_key: PAYER })).status).toBe(404);
  });

  it('refuses an unregistered payer, short content, an empty payer and a payee handle of another key', async () => {
    expect(await requestFrom('nobody@secux')).toMatchObject(refused(400, 'No such FIO Address'));
    expect(await requestFrom(FIO_PAYER_HANDLE, 'c2hvcnQ=')).toMatchObject(refused(400, 'Requires min 64'));
    expect(await requestFrom('')).toMatchObject(refused(400, 'from fio address not specified'));
    const asPayer = await push(PAYER, 'requestFunds', {
      payer_fio_address: MY_HANDLE,
      payee_fio_address: MY_HANDLE,
      content: content(),
    });
    expect(asPayer).toMatchObject(refused(403, ''));
    expect(sim.handle(MY_HANDLE)!.bundled).toBe(3);
  });

  it('with fewer bundles than a request needs, get_fee asks the fee and max_fee must cover it', async () => {
    const fee = FIO_LOCAL_FEES.new_funds_request!;
    expect(
      (await chain('get_fee', { end_point: 'new_funds_request', fio_address: MY_HANDLE })).body.fee,
    ).toBe(0);
    expect((await requestFrom()).status).toBe(202); // 3 → 1 bundle
    expect(
      (await chain('get_fee', { end_point: 'new_funds_request', fio_address: MY_HANDLE })).body.fee,
    ).toBe(Number(fee));
    expect(await requestFrom()).toMatchObject(refused(400, 'Fee exceeds supplied maximum.'));
    const before = sim.balanceOf(ME);
    const paid = await push(
      ME,
      'requestFunds',
      { payer_fio_address: FIO_PAYER_HANDLE, payee_fio_address: MY_HANDLE, content: content() },
      { fee },
    );
    expect(responseOf(paid)).toMatchObject({ status: 'requested', fee_collected: Number(fee) });
    expect(sim.balanceOf(ME)).toBe(before - fee);
    expect(sim.handle(MY_HANDLE)!.bundled).toBe(1);
  });

  it('content of 1,000+ characters costs more bundles (fio.contracts BASECONTENTAMOUNT)', async () => {
    const bundles = sim.handle(FIO_PAYER_HANDLE)!.bundled;
    const long = 'A'.repeat(1200);
    const r = await push(PAYER, 'requestFunds', {
      payer_fio_address: MY_HANDLE,
      payee_fio_address: FIO_PAYER_HANDLE,
      content: long,
    });
    expect(r.status).toBe(202);
    expect(sim.handle(FIO_PAYER_HANDLE)!.bundled).toBe(bundles - 4);
  });

  it('the payer rejects (1 bundle); the payee cannot; a closed, unknown or empty id is refused', async () => {
    const reject = (who: string, id: string) => push(who, 'rejectFundsRequest', { fio_request_id: id });
    expect(await reject(ME, String(first))).toMatchObject(refused(403, ''));
    const bundles = sim.handle(FIO_PAYER_HANDLE)!.bundled;
    const r = await reject(PAYER, String(first));
    expect(responseOf(r)).toEqual({ status: 'request_rejected', fee_collected: 0 });
    expect(sim.handle(FIO_PAYER_HANDLE)!.bundled).toBe(bundles - 1);
    expect(sim.request(first)!.status).toBe('rejected');
    expect(await reject(PAYER, String(first))).toMatchObject(
      refused(400, 'Only pending requests can be rejected.'),
    );
    expect(await reject(PAYER, '999')).toMatchObject(refused(400, 'No such FIO Request'));
    expect(await reject(PAYER, '')).toMatchObject(refused(400, 'No value specified'));
    const pending = (await chain('get_pending_fio_requests', { fio_public_key: PAYER })).body.requests as {
      fio_request_id: number;
    }[];
    expect(pending.map((p) => p.fio_request_id)).not.toContain(first);
    const received = (await chain('get_received_fio_requests', { fio_public_key: PAYER })).body.requests as {
      fio_request_id: number;
      status: string;
    }[];
    expect(received.find((p) => p.fio_request_id === first)?.status).toBe('rejected');
  });

  it('the payee cancels; the payer cannot; a cancelled request cannot be cancelled again', async () => {
    sim.handle(MY_HANDLE)!.bundled = 10;
    const id = Number(responseOf(await requestFrom(FIO_PAYER_HANDLE)).fio_request_id);
    const cancel = (who: string) => push(who, 'cancelFundsRequest', { fio_request_id: String(id) });
    expect(await cancel(PAYER)).toMatchObject(refused(403, ''));
    expect(responseOf(await cancel(ME))).toEqual({ status: 'cancelled', fee_collected: 0 });
    expect(sim.request(id)!.status).toBe('cancelled');
    expect(await cancel(ME)).toMatchObject(refused(400, 'Only pending requests can be cancelled.'));
  }, 20_000);

  it('the payer records the payment (2 bundles); the payee cannot; a paid request cannot be paid again', async () => {
    const id = Number(responseOf(await requestFrom(FIO_PAYER_HANDLE)).fio_request_id);
    const record = (who: string, payer = FIO_PAYER_HANDLE) =>
      push(who, 'recordObtData', {
        fio_request_id: String(id),
        payer_fio_address: payer,
        payee_fio_address: MY_HANDLE,
        content: content(),
      });
    expect(await record(ME, MY_HANDLE)).toMatchObject(refused(403, ''));
    expect(await record(ME)).toMatchObject(refused(403, ''));
    const bundles = sim.handle(FIO_PAYER_HANDLE)!.bundled;
    expect(responseOf(await record(PAYER))).toEqual({ status: 'sent_to_blockchain', fee_collected: 0 });
    expect(sim.handle(FIO_PAYER_HANDLE)!.bundled).toBe(bundles - 2);
    expect(sim.request(id)!.status).toBe('sent_to_blockchain');
    expect(await record(PAYER)).toMatchObject(refused(400, 'Only pending requests can be responded.'));
    const noSuch = await push(PAYER, 'recordObtData', {
      fio_request_id: '4242',
      payer_fio_address: FIO_PAYER_HANDLE,
      payee_fio_address: MY_HANDLE,
      content: content(),
    });
    expect(noSuch).toMatchObject(refused(400, 'No such FIO Request'));
  }, 20_000);
});

describe('FIO simulator: proxy voting and staking', () => {
  const stake = (who: string, amount: bigint, o: { handle?: string; fee?: bigint; tpid?: string } = {}) =>
    push(who, 'stakeFioTokens', { fio_address: o.handle ?? '', amount: amount.toString() }, o);
  const unstake = (who: string, amount: bigint, o: { handle?: string; fee?: bigint } = {}) =>
    push(who, 'unStakeFioTokens', { fio_address: o.handle ?? '', amount: amount.toString() }, o);
  const vote = (proxy: string, handle = MY_HANDLE) => push(ME, 'proxyVote', { proxy, fio_address: handle });

  it('refuses to stake before the account votes or proxies', async () => {
    expect(await stake(ME, 10n * SUF, { handle: MY_HANDLE })).toMatchObject(
      refused(400, 'Account has not voted and has not proxied.'),
    );
  });

  it('refuses a proxy that is malformed, unregistered or not a proxy, and a handle of another key', async () => {
    expect(await vote('not a handle')).toMatchObject(refused(400, 'Invalid FIO Address format'));
    expect(await vote('ghost@secux')).toMatchObject(refused(400, 'FIO address not registered'));
    expect(await vote(FIO_PAYER_HANDLE)).toMatchObject(refused(400, 'This address is not a proxy'));
    expect(await vote(FIO_LOCAL_PROXY, FIO_PAYER_HANDLE)).toMatchObject(refused(403, ''));
  });

  it('proxies the vote (1 bundle), written in the voter table', async () => {
    const bundles = sim.handle(MY_HANDLE)!.bundled;
    expect(responseOf(await vote(FIO_LOCAL_PROXY))).toEqual({ status: 'OK', fee_collected: 0 });
    expect(sim.handle(MY_HANDLE)!.bundled).toBe(bundles - 1);
    const me = Fio.accountHash(ME);
    const rows = (
      await chain('get_table_rows', {
        code: 'eosio',
        scope: 'eosio',
        table: 'voters',
        index_position: '3',
        key_type: 'name',
        lower_bound: me,
        upper_bound: me,
        json: true,
      })
    ).body.rows as { owner: string; proxy: string }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.proxy).toBe(sim.voter(me)!.proxy);
    expect(rows[0]!.proxy).toMatch(/^[a-z1-5.]{12}$/);
  });

  it('stakes: staked grows, available shrinks, the balance keeps the tokens; amounts out of range are refused', async () => {
    const fee = FIO_LOCAL_FEES.stake_fio_tokens!;
    const before = sim.balanceOf(ME);
    expect(responseOf(await stake(ME, 100n * SUF, { fee }))).toEqual({
      status: 'OK',
      fee_collected: Number(fee),
    });
    const b = (await chain('get_fio_balance', { fio_public_key: ME })).body;
    expect(b.staked).toBe(Number(100n * SUF));
    expect(b.balance).toBe((before - fee).toString());
    expect(b.available).toBe((before - fee - 100n * SUF).toString());
    expect(await stake(ME, 0n, { fee })).toMatchObject(refused(400, 'Invalid amount value'));
    expect(await stake(ME, 10_000n * SUF, { fee })).toMatchObject(refused(400, 'Insufficient balance.'));
    expect(await stake(ME, SUF, { fee: 1n })).toMatchObject(refused(400, 'Fee exceeds supplied maximum.'));
    expect(await stake(ME, SUF, { handle: FIO_PAYER_HANDLE })).toMatchObject(refused(403, ''));
    expect(await stake(ME, SUF, { handle: 'ghost@secux' })).toMatchObject(
      refused(400, 'FIO Address not registered'),
    );
    // Staked tokens cannot be spent.
    const spend = await push(
      ME,
      'transferTokens',
      { payee_public_key: PAYER, amount: (sim.availableOf(ME) + SUF).toString() },
      { fee: FIO_LOCAL_FEES.transfer_tokens_pub_key! },
    );
    expect(spend).toMatchObject(refused(400, 'Insufficient balance'));
  });

  it('unstakes into a 7-day lock (get_locks), refusing more than staked, dust and an account that never staked', async () => {
    const fee = FIO_LOCAL_FEES.unstake_fio_tokens!;
    expect(await unstake(ME, 101n * SUF, { fee })).toMatchObject(
      refused(400, 'Cannot unstake more than staked.'),
    );
    expect(await unstake(ME, 10_000n, { fee })).toMatchObject(refused(400, 'Invalid amount value'));
    const never = await unstake(PAYER, SUF, { fee });
    expect(never.status).toBe(500);
    expect(JSON.stringify(never.body)).toContain('incacctstake, actor has no accountstake record.');
    const available = sim.availableOf(ME);
    expect(responseOf(await unstake(ME, 40n * SUF, { fee })).status).toBe('OK');
    expect(sim.stakedOf(ME)).toBe(60n * SUF);
    expect(sim.availableOf(ME)).toBe(available - fee);
    const locks = (await chain('get_locks', { fio_public_key: ME })).body;
    expect(locks).toMatchObject({
      lock_amount: Number(40n * SUF),
      remaining_lock_amount: Number(40n * SUF),
      unlock_periods: [{ duration: UNSTAKE_LOCK_SECONDS, amount: Number(40n * SUF) }],
    });
    expect(Math.abs(Number(locks.time_stamp) * 1000 - sim.now())).toBeLessThan(5000);
  });

  it('the clock control (loopback) passes the 7 days: the lock ends and the tokens are spendable again', async () => {
    const available = sim.availableOf(ME);
    expect((await post('/_localnet/clock', { advanceSeconds: -1 })).status).toBe(400);
    const r = await post('/_localnet/clock', { advanceSeconds: UNSTAKE_LOCK_SECONDS - 60 });
    expect(r.status).toBe(200);
    expect((await chain('get_locks', { fio_public_key: ME })).status).toBe(200);
    await post('/_localnet/clock', { advanceSeconds: 120 });
    expect(await chain('get_locks', { fio_public_key: ME })).toMatchObject({
      status: 404,
      body: { message: 'Public key not found' },
    });
    expect(sim.availableOf(ME)).toBe(available + 40n * SUF);
    // Transactions still go through after the jump (TAPOS and expiry follow the simulator's clock).
    expect((await vote(FIO_LOCAL_PROXY)).status).toBe(202);
  });

  it('a tpid that is a proxy proxies a new account on its first stake (fio.contracts set_auto_proxy)', async () => {
    const r = await stake(PAYER, 5n * SUF, { handle: FIO_PAYER_HANDLE, tpid: FIO_LOCAL_PROXY });
    expect(r.status).toBe(202);
    expect(sim.voter(Fio.accountHash(PAYER))).toMatchObject({ is_auto_proxy: 1 });
    expect(sim.stakedOf(PAYER)).toBe(5n * SUF);
  });
});

describe('FIO simulator: the staking statistics service', () => {
  it("answers historical_apr as FIO's service does; the control sets the 7-day figure or takes it down", async () => {
    const get = async () => {
      const r = await fetch(`${sim.url}/staking`);
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    const ok = await get();
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ activated: true, historical_apr: { '7day': 13.54 } });
    await post('/_localnet/staking-service', { apr7d: 7.25 });
    expect((await get()).body.historical_apr).toMatchObject({ '7day': 7.25 });
    await post('/_localnet/staking-service', { down: true });
    expect((await get()).status).toBe(503);
    await post('/_localnet/staking-service', { down: false, apr7d: null });
    expect((await get()).body.historical_apr).toMatchObject({ '7day': null });
    expect((await post('/_localnet/nothing', {})).status).toBe(404);
  });
});

describe('FIO simulator: the other refusals', () => {
  it('recordobt without a payer or with short content; a stake handle of the wrong format; an unknown tpid', async () => {
    const record = (o: Record<string, unknown>) =>
      push(PAYER, 'recordObtData', {
        fio_request_id: '',
        payer_fio_address: FIO_PAYER_HANDLE,
        payee_fio_address: MY_HANDLE,
        content: content(),
        ...o,
      });
    expect(await record({ payer_fio_address: '' })).toMatchObject(refused(400, 'from fio address not found'));
    expect(await record({ content: 'eA==' })).toMatchObject(refused(400, 'Requires min 64'));
    const stake = (o: { handle: string; tpid?: string }) =>
      push(
        ME,
        'stakeFioTokens',
        { fio_address: o.handle, amount: SUF.toString() },
        {
          tpid: o.tpid ?? '',
          fee: FIO_LOCAL_FEES.stake_fio_tokens!,
        },
      );
    expect(await stake({ handle: 'no-at-sign' })).toMatchObject(refused(400, 'Invalid FIO Address format'));
    expect(await stake({ handle: '', tpid: 'ghost@secux' })).toMatchObject(
      refused(400, 'FIO Address not registered'),
    );
  });

  it('a proxy cannot proxy to itself (eosio assertion, 500)', async () => {
    const proxyKey = Ecc.PrivateKey.fromSeed('secux localnet fio proxy');
    const r = await client.push(
      'proxyVote',
      { proxy: FIO_LOCAL_PROXY, fio_address: FIO_LOCAL_PROXY },
      { actorKey: FIO_LOCAL_PROXY_KEY, key: proxyKey },
    );
    expect(r.status).toBe(500);
    expect(JSON.stringify(r.body)).toContain('Cannot proxy to self');
  });

  it('a request on a domain expired more than 30 days ago is refused', async () => {
    const dom = sim.domain('secux')!;
    const kept = dom.expiration;
    dom.expiration = new Date(sim.now() - 31 * 86_400_000);
    try {
      expect(await requestFrom()).toMatchObject(refused(400, 'FIO Domain expired'));
    } finally {
      dom.expiration = kept;
    }
  });

  it('getters refuse a negative limit or offset and tables other than the voters', async () => {
    expect(await chain('get_sent_fio_requests', { fio_public_key: ME, limit: -1 })).toMatchObject(
      refused(400, 'Invalid limit'),
    );
    expect(await chain('get_received_fio_requests', { fio_public_key: PAYER, offset: -1 })).toMatchObject(
      refused(400, 'Invalid offset'),
    );
    expect(
      (await chain('get_table_rows', { code: 'eosio', scope: 'eosio', table: 'producers', json: true }))
        .status,
    ).toBe(500);
    expect((await chain('get_sent_fio_requests', { fio_public_key: 'FIOnope' })).status).toBe(400);
  });
});

const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i?.family === 'IPv4' && !i.internal)?.address;

// The machine's own non-loopback address stands in for another host. Without one the test fails, unless TEST_OPT_OUT
// names `lan` (then it is skipped and the test command's closing line counts it).
const lanOptedOut = (process.env.TEST_OPT_OUT ?? '').split(',').some((part) => part.trim() === 'lan');

describe.skipIf(lanOptedOut)('FIO simulator: the test control is loopback only', () => {
  it('refuses the control from another address (403), while the FIO API still answers there', async () => {
    if (!lanAddress)
      throw new Error('no non-loopback IPv4 address on this machine (TEST_OPT_OUT=lan leaves this test out)');
    const open = new FioSimulator({ genesis: fioGenesis(DEFAULT_MNEMONIC), blockIntervalMs: 0 });
    const port = new URL(await open.start(0, '0.0.0.0')).port;
    try {
      const lan = `http://${lanAddress}:${port}`;
      const control = await fetch(`${lan}/_localnet/clock`, {
        method: 'POST',
        body: JSON.stringify({ advanceSeconds: UNSTAKE_LOCK_SECONDS }),
      });
      expect(control.status).toBe(403);
      expect(Math.abs(open.now() - Date.now())).toBeLessThan(5000);
      expect((await fetch(`${lan}/v1/chain/get_info`, { method: 'POST', body: '{}' })).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/_localnet/clock`, { method: 'GET' })).status).toBe(200);
    } finally {
      await open.stop();
    }
  });
});
