/* eslint-disable @typescript-eslint/no-explicit-any -- history JSON read loosely in tests */
/**
 * The FIO API node behaviour in front of the FIO simulator: two history nodes number the same account's actions
 * differently (a page asked by one node's numbers from the other is another page), and a node that runs out of time
 * answers `time_limit_exceeded_error` with nothing.
 */
import { Ecc, Fio } from '@fioprotocol/fiojs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_MNEMONIC, startStandIn, type StandIn } from '@secux-companion/sim-kit';
import { FioSimulator, fioGenesis, fioPublicKeyOf } from './simulator.js';
import { fioPrivateKeyOf, fioSimulatorClient } from './testing.js';
import { FIO_MAINNET_CHAIN_ID, fioApiNode } from './mainnet.js';

const me = fioPublicKeyOf(DEFAULT_MNEMONIC, 0);
const actor = Fio.accountHash(me);
let sim: FioSimulator;
let plain: StandIn;
let shifted: StandIn;
let timesOut = false;

beforeAll(async () => {
  sim = new FioSimulator({
    genesis: fioGenesis(DEFAULT_MNEMONIC),
    blockIntervalMs: 0,
    chainId: FIO_MAINNET_CHAIN_ID,
  });
  const url = await sim.start(0, '127.0.0.1');
  const client = fioSimulatorClient(sim);
  const other = String(Ecc.PrivateKey.fromSeed('fio behaviour').toPublic().toString());
  const fee = BigInt(
    ((await client.post('/v1/chain/get_fee', { end_point: 'transfer_tokens_pub_key', fio_address: '' })).body
      .fee as number) ?? 0,
  );
  for (let i = 0; i < 3; i++)
    await client.push(
      'transferTokens',
      { payee_public_key: other, amount: String(1000 + i) },
      { actorKey: me, key: fioPrivateKeyOf(DEFAULT_MNEMONIC, 0), fee },
    );
  plain = await startStandIn({ upstream: url, behaviour: fioApiNode({ timeLimitExceeded: () => timesOut }) });
  shifted = await startStandIn({ upstream: url, behaviour: fioApiNode({ sequenceBase: 1000 }) });
}, 60_000);
afterAll(async () => {
  await Promise.all([plain?.close(), shifted?.close()]);
  await sim?.stop();
});

const actions = async (s: StandIn, pos: number, offset: number) =>
  (await (
    await fetch(`${s.url}/v1/history/get_actions`, {
      method: 'POST',
      body: JSON.stringify({ account_name: actor, pos, offset }),
    })
  ).json()) as any;

it("numbers each node's actions its own way; pages follow the node's own numbers", async () => {
  const a = await actions(plain, -1, -20);
  const b = await actions(shifted, -1, -20);
  expect(a.actions.map((x: any) => x.account_action_seq)).toEqual([0, 1, 2]);
  expect(b.actions.map((x: any) => x.account_action_seq)).toEqual([1000, 1001, 1002]);
  expect((await actions(shifted, 1001, -1)).actions.map((x: any) => x.account_action_seq)).toEqual([
    1000, 1001,
  ]);
  // the other node's number read on this one is no page of it
  expect((await actions(shifted, 1, -1)).actions).toEqual([]);
  expect(b.actions.map((x: any) => x.action_trace.trx_id)).toEqual(
    a.actions.map((x: any) => x.action_trace.trx_id),
  );
});

it('answers time_limit_exceeded_error with what it found (nothing) when it runs out of time', async () => {
  timesOut = true;
  expect(await actions(plain, -1, -20)).toMatchObject({ actions: [], time_limit_exceeded_error: true });
  timesOut = false;
  expect((await actions(plain, -1, -20)).time_limit_exceeded_error).toBeUndefined();
});
