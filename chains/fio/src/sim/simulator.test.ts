/**
 * The FIO simulator with real transactions: built with chain-fio (fiojs, the served ABIs, TAPOS from get_block),
 * signed with the emulator mnemonic's key as the device would, and pushed over HTTP.
 */
import { Ecc, Fio, Serialize } from '@fioprotocol/fiojs';
import type { FioActionKind } from '@secux-companion/chain-fio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MNEMONIC } from '@secux-companion/sim-kit';
import { FIO_LOCAL_FEES, FioSimulator, fioGenesis, fioPublicKeyOf } from './simulator.js';
import { fioPrivateKeyOf, fioSimulatorClient, type FioSimulatorClient } from './testing.js';

const me = fioPublicKeyOf(DEFAULT_MNEMONIC, 0);
const myPriv = fioPrivateKeyOf(DEFAULT_MNEMONIC, 0);
const stranger = Ecc.PrivateKey.fromSeed('stranger');
const strangerKey = String(stranger.toPublic().toString());

let sim: FioSimulator;
let client: FioSimulatorClient;
beforeAll(async () => {
  sim = new FioSimulator({ genesis: fioGenesis(DEFAULT_MNEMONIC), blockIntervalMs: 0 });
  await sim.start();
  client = fioSimulatorClient(sim);
});
afterAll(() => sim.stop());

const post = (path: string, body: unknown) => client.post(path, body);
const push = (
  kind: FioActionKind,
  fields: Record<string, unknown>,
  o: { key?: unknown; fee?: bigint; sets?: number; actorKey?: string } = {},
) =>
  client.push(kind, fields, {
    actorKey: o.actorKey ?? me,
    key: o.key ?? myPriv,
    fee: o.fee ?? 1000n * 10n ** 9n,
    ...(o.sets ? { sets: o.sets } : {}),
  });

describe('FIO simulator', () => {
  it('genesis: the funded account with one handle on secux and one domain', async () => {
    expect((await post('/v1/chain/get_fio_balance', { fio_public_key: me })).body.balance).toBe(
      '1000000000000',
    );
    expect(
      (await post('/v1/chain/get_fio_addresses', { fio_public_key: me })).body.fio_addresses,
    ).toMatchObject([{ fio_address: 'emulator@secux', remaining_bundled_tx: 5 }]);
    expect((await post('/v1/chain/avail_check', { fio_name: 'secux' })).body.is_registered).toBe(1);
    expect((await post('/v1/chain/get_locks', { fio_public_key: me })).status).toBe(404);
  });

  it('registers a handle on secux, charging the fee; the name is then taken', async () => {
    const r = await push('registerFioAddress', { fio_address: 'alice@secux', owner_fio_public_key: me });
    expect(r.status).toBe(202);
    expect(sim.balanceOf(me)).toBe(1000n * 10n ** 9n - FIO_LOCAL_FEES.register_fio_address!);
    expect(sim.handle('alice@secux')?.bundled).toBe(100);
    const again = await push('registerFioAddress', {
      fio_address: 'alice@secux',
      owner_fio_public_key: strangerKey,
    });
    expect(again).toMatchObject({
      status: 400,
      body: { fields: [{ error: 'FIO address already registered' }] },
    });
  });

  it('registers and renews a domain (+365 days)', async () => {
    expect(
      (await push('registerFioDomain', { fio_domain: 'mydomain', owner_fio_public_key: me })).status,
    ).toBe(202);
    const before = sim.domain('mydomain')!.expiration.getTime();
    expect((await push('renewFioDomain', { fio_domain: 'mydomain' })).status).toBe(202);
    expect(sim.domain('mydomain')!.expiration.getTime() - before).toBe(365 * 86_400_000);
  });

  it('maps an address with a bundled transaction (max_fee 0) and resolves it', async () => {
    const r = await push(
      'addPublicAddress',
      {
        fio_address: 'emulator@secux',
        public_addresses: [{ chain_code: 'LTC', token_code: 'LTC', public_address: 'rltc1qexample' }],
      },
      { fee: 0n },
    );
    expect(r.status).toBe(202);
    expect(sim.handle('emulator@secux')!.bundled).toBe(4);
    expect(
      (
        await post('/v1/chain/get_pub_address', {
          fio_address: 'emulator@secux',
          chain_code: 'LTC',
          token_code: 'LTC',
        })
      ).body.public_address,
    ).toBe('rltc1qexample');
    expect(
      (
        await post('/v1/chain/get_pub_address', {
          fio_address: 'emulator@secux',
          chain_code: 'BTC',
          token_code: 'BTC',
        })
      ).status,
    ).toBe(404);
  });

  it('add bundled: fee × sets, +100 per set', async () => {
    expect(
      (
        await push(
          'addBundledTransactions',
          { fio_address: 'emulator@secux', bundle_sets: 1 },
          { fee: FIO_LOCAL_FEES.add_bundled_transactions! },
        )
      ).status,
    ).toBe(202);
    expect(sim.handle('emulator@secux')!.bundled).toBe(104);
  });

  it("refuses a fee above max_fee, an unregistered handle and a balance that can't pay", async () => {
    expect(
      await push('registerFioDomain', { fio_domain: 'cheap', owner_fio_public_key: me }, { fee: 1n }),
    ).toMatchObject({ status: 400, body: { fields: [{ error: 'Fee exceeds supplied maximum.' }] } });
    expect(
      await push('addBundledTransactions', { fio_address: 'nobody@secux', bundle_sets: 1 }),
    ).toMatchObject({ status: 400, body: { fields: [{ error: 'FIO Address not registered' }] } });
    const poor = await push(
      'registerFioDomain',
      { fio_domain: 'poor', owner_fio_public_key: strangerKey },
      { key: stranger, actorKey: strangerKey },
    );
    expect(poor).toMatchObject({
      status: 400,
      body: { fields: [{ error: 'Insufficient funds to cover fee' }] },
    });
  });

  it("refuses a key that is not the declared authority's as nodeos does: 401 unsatisfied_authorization", async () => {
    const before = [sim.balanceOf(me), sim.balanceOf(strangerKey)];
    const r = await push(
      'transferTokens',
      { payee_public_key: strangerKey, amount: '1000000000' },
      { key: stranger },
    );
    expect(r).toMatchObject({
      status: 401,
      body: {
        code: 401,
        message: 'UnAuthorized',
        error: {
          code: 3090003,
          name: 'unsatisfied_authorization',
          what: 'Provided keys, permissions, and delays do not satisfy declared authorizations',
          details: [
            {
              message: `transaction declares authority '{"actor":"${Fio.accountHash(me)}","permission":"active"}', but does not have signatures for it under a provided delay of 0 ms, provided permissions [], provided keys ["${strangerKey}"], and a delay max limit of 3888000000 ms`,
            },
          ],
        },
      },
    });
    expect([sim.balanceOf(me), sim.balanceOf(strangerKey)]).toEqual(before);
  });

  it('refuses an action whose actor did not authorize it: 500 missing_auth_exception', async () => {
    // The stranger declares and signs its own authority over an action whose actor is the emulator's account.
    const body = await client.sign(
      'transferTokens',
      { payee_public_key: strangerKey, amount: '1000000000' },
      { actorKey: me, key: myPriv, fee: 1000n * 10n ** 9n },
    );
    const name = (key: string) => {
      const b = new Serialize.SerialBuffer({
        textEncoder: new TextEncoder(),
        textDecoder: new TextDecoder(),
      });
      b.pushName(Fio.accountHash(key));
      return Buffer.from(b.asUint8Array()).toString('hex');
    };
    // the authorization comes before the data: its actor is the first occurrence of the name
    const packed = body.packed_trx.replace(name(me), name(strangerKey));
    const info = (await post('/v1/chain/get_info', {})).body;
    const sigData = Buffer.concat([
      Buffer.from(String(info.chain_id), 'hex'),
      Buffer.from(packed, 'hex'),
      Buffer.alloc(32),
    ]);
    const sig = String(Ecc.Signature.sign(sigData, stranger).toString());
    const before = [sim.balanceOf(me), sim.balanceOf(strangerKey)];
    const r = await post('/v1/chain/push_transaction', { ...body, packed_trx: packed, signatures: [sig] });
    expect(r).toMatchObject({
      status: 500,
      body: {
        code: 500,
        message: 'Internal Service Error - (fc)',
        error: {
          code: 3090004,
          name: 'missing_auth_exception',
          what: 'Missing required authority',
          details: [{ message: `missing authority of ${Fio.accountHash(me)}` }],
        },
      },
    });
    expect([sim.balanceOf(me), sim.balanceOf(strangerKey)]).toEqual(before);
  });

  it('the same signed transaction twice: 409 tx_duplicate, applied once', async () => {
    const payee = String(Ecc.PrivateKey.fromSeed('duplicate').toPublic().toString());
    const body = await client.sign(
      'transferTokens',
      { payee_public_key: payee, amount: '1000000000' },
      { actorKey: me, key: myPriv, fee: 1000n * 10n ** 9n },
    );
    const first = await post('/v1/chain/push_transaction', body);
    expect(first.status).toBe(202);
    const after = [sim.balanceOf(me), sim.balanceOf(payee)];
    const again = await post('/v1/chain/push_transaction', body);
    expect(again).toMatchObject({
      status: 409,
      body: {
        code: 409,
        message: 'Conflict',
        error: {
          code: 3040008,
          name: 'tx_duplicate',
          details: [{ message: `duplicate transaction ${String(first.body.transaction_id)}` }],
        },
      },
    });
    expect([sim.balanceOf(me), sim.balanceOf(payee)]).toEqual(after);
  });

  it('transfers tokens and a domain; history lists them for both sides', async () => {
    expect(
      (await push('transferTokens', { payee_public_key: strangerKey, amount: '5000000000' })).status,
    ).toBe(202);
    expect(sim.balanceOf(strangerKey)).toBe(5_000_000_000n);
    expect(
      (await push('transferFioDomain', { fio_domain: 'mydomain', new_owner_fio_public_key: strangerKey }))
        .status,
    ).toBe(202);
    expect(sim.domain('mydomain')!.owner).toBe(strangerKey);
    const h = (
      await post('/v1/history/get_actions', {
        account_name: Fio.accountHash(strangerKey),
        pos: -1,
        offset: -20,
      })
    ).body;
    expect(h.actions).toHaveLength(1);
    const mine = (
      await post('/v1/history/get_actions', { account_name: Fio.accountHash(me), pos: -1, offset: -20 })
    ).body.actions as unknown[];
    expect(mine.length).toBeGreaterThanOrEqual(6);
  });
});
