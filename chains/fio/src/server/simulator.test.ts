/**
 * The whole FIO path over HTTP: chain-fio's adapter and product-API client → the generic and fio routes → the FIO
 * facade → the FIO node provider → localnet's FIO simulator (real state, signature checks). A software key derived
 * from the emulator mnemonic stands in for the device.
 */
import type { FastifyInstance } from 'fastify';
import { Ecc, Fio } from '@fioprotocol/fiojs';
import {
  buildFioAction,
  createFioProductApiChain,
  fioPushBody,
  type FioActionKind,
  type FioSigner,
} from '@secux-companion/chain-fio';
import { DEFAULT_MNEMONIC } from '@secux-companion/sim-kit';
import {
  FIO_LOCAL_FEES,
  FIO_LOCAL_PROXY,
  FIO_PAYER_HANDLE,
  FioSimulator,
  UNSTAKE_LOCK_SECONDS,
  fioGenesis,
  fioPrivateKeyOf,
  fioPublicKeyOf,
} from '../sim/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveChains } from '@secux-companion/server-kit/testing/chainServer';
import { fioFamily } from './index.js';

const me = fioPublicKeyOf(DEFAULT_MNEMONIC, 0);
const priv = fioPrivateKeyOf(DEFAULT_MNEMONIC, 0);
const signer = (key: unknown = priv): FioSigner => ({
  signFio: async (_path, sigData) => String(Ecc.Signature.sign(Buffer.from(sigData, 'hex'), key).toString()),
});
const ACCOUNT = { chain: 'FIO' as const, index: 0, bip: 44 as const, path: "m/44'/235'/0'", address: me };
const OTHER = String(Ecc.PrivateKey.fromSeed('server fio other').toPublic().toString());

let sim: FioSimulator;
let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  sim = new FioSimulator({ genesis: fioGenesis(DEFAULT_MNEMONIC), blockIntervalMs: 0 });
  const url = await sim.start();
  ({ app, base } = await serveChains({
    env: { CHAIN_FIO_NODES: url, CHAIN_FIO_STAKING_URL: `${url}/staking`, CHAIN_TFIO_NODES: 'none' },
    families: [fioFamily],
  }));
});
afterAll(async () => {
  await app?.close();
  await sim?.stop();
});

describe('FIO over HTTP against the simulator', () => {
  it('transfers FIO and reads the balance and history back', async () => {
    const fio = createFioProductApiChain({ chain: 'FIO', baseUrl: base });
    const built = await fio.build(ACCOUNT, { recipient: OTHER, amount: 3_000_000_000n });
    const hash = await fio.broadcast(fio.finalize(built, await fio.sign(signer(), built)));
    expect(hash).toBe(built.unsigned.txId);
    expect(sim.balanceOf(OTHER)).toBe(3_000_000_000n);
    const state = await fio.getAccountState(ACCOUNT);
    expect(state.available).toBe(1000_000_000_000n - 3_000_000_000n - 2_000_000_000n);
    const page = await fio.getHistory(ACCOUNT);
    expect(page.operations[0]).toMatchObject({
      hash,
      direction: 'out',
      value: 3_000_000_000n,
      fee: 2_000_000_000n,
    });
  });

  it('registers a handle, maps an address with a bundle and resolves it', async () => {
    const fio = createFioProductApiChain({ chain: 'FIO', baseUrl: base });
    const reg = await fio.names.build(ACCOUNT, { kind: 'registerFioAddress', handle: 'server@secux' });
    await fio.names.signAndPush(signer(), reg);
    const map = await fio.names.build(ACCOUNT, {
      kind: 'addPublicAddress',
      handle: 'server@secux',
      chainCode: 'LTC',
      tokenCode: 'LTC',
      publicAddress: 'rltc1qserver',
    });
    expect(map.unsigned.maxFee).toBe(0n);
    await fio.names.signAndPush(signer(), map);
    const r = (await (
      await fetch(`${base}/chains/FIO/fio/pub-address/server@secux?chain=LTC&token=LTC`)
    ).json()) as {
      address: string;
    };
    expect(r.address).toBe('rltc1qserver');
    expect(sim.handle('server@secux')?.bundled).toBe(99);
  });

  it("refuses what the chain refuses, with FIO's message: a taken name and another key", async () => {
    const fio = createFioProductApiChain({ chain: 'FIO', baseUrl: base });
    const again = await fio.names.build(ACCOUNT, { kind: 'registerFioDomain', domain: 'emulator' });
    await expect(fio.names.signAndPush(signer(), again)).rejects.toThrow('FIO domain already registered');
    const t = await fio.names.build(ACCOUNT, { kind: 'renewFioDomain', domain: 'emulator' });
    const before = sim.balanceOf(me);
    // nodeos: 401 unsatisfied_authorization; the server answers it as the chain's refusal (422), not a node failure
    await expect(fio.names.signAndPush(signer(Ecc.PrivateKey.fromSeed('mallory')), t)).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining(
        'Provided keys, permissions, and delays do not satisfy declared authorizations',
      ),
    });
    expect(sim.balanceOf(me)).toBe(before);
  });
});

describe('FIO payment requests and staking over HTTP against the simulator', () => {
  const getJson = async (path: string) =>
    (await (await fetch(`${base}/chains/FIO${path}`)).json()) as Record<string, unknown>;
  /** Builds one action with the served chain reference, signs it as the device would and broadcasts it. */
  async function push(kind: FioActionKind, fields: Record<string, unknown>, fee = 0n) {
    const ref = await getJson('/fio/chain');
    const tx = await buildFioAction({
      kind,
      actor: ACCOUNT_ACTOR,
      fields,
      fee,
      tpid: '',
      chain: { chainId: String(ref.chainId), block: ref.block as never },
      abis: sim.abis,
    });
    const sig = String(Ecc.Signature.sign(Buffer.from(tx.sigData, 'hex'), priv).toString());
    const r = await fetch(`${base}/chains/FIO/broadcast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rawTx: JSON.stringify(fioPushBody(tx, sig)) }),
    });
    return { status: r.status, body: (await r.json()) as Record<string, unknown> };
  }
  const ACCOUNT_ACTOR = Fio.accountHash(me);
  const PAYER = fioPublicKeyOf(DEFAULT_MNEMONIC, 1);

  it('a request from emulator@secux to payer@secux is listed as sent for one and received for the other', async () => {
    const content = Buffer.alloc(72, 7).toString('base64');
    const r = await push('requestFunds', {
      payer_fio_address: FIO_PAYER_HANDLE,
      payee_fio_address: 'emulator@secux',
      content,
    });
    expect(r.status).toBe(200);
    const sent = (await getJson(`/fio/requests/${me}/sent`)).requests as Record<string, unknown>[];
    expect(sent).toEqual([
      expect.objectContaining({
        payerHandle: FIO_PAYER_HANDLE,
        payeeHandle: 'emulator@secux',
        payerKey: PAYER,
        payeeKey: me,
        content,
        status: 'requested',
      }),
    ]);
    expect(Math.abs(Date.parse(String(sent[0]!.timeStamp)) - sim.now())).toBeLessThan(10_000);
    expect((await getJson(`/fio/requests/${PAYER}/received`)).requests).toEqual(sent);
    expect((await getJson(`/fio/requests/${me}/received`)).requests).toEqual([]);
  });

  it("staking needs a vote: refused with FIO's message, then proxied to the default proxy", async () => {
    const before = await getJson(`/fio/staking/${me}`);
    expect(before).toMatchObject({
      apr7d: 13.54,
      voted: false,
      proxy: null,
      defaultProxy: FIO_LOCAL_PROXY,
      lock: null,
    });
    const fee = FIO_LOCAL_FEES.stake_fio_tokens!;
    const refused = await push('stakeFioTokens', { fio_address: '', amount: '100000000000' }, fee);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toContain('Account has not voted and has not proxied.');
    expect(
      (await push('proxyVote', { proxy: String(before.defaultProxy), fio_address: 'emulator@secux' })).status,
    ).toBe(200);
    expect(await getJson(`/fio/staking/${me}`)).toMatchObject({ voted: true, proxy: FIO_LOCAL_PROXY });
  });

  it('stake then unstake: the lock and its unlock date; past the 7 days the lock is gone', async () => {
    const fee = FIO_LOCAL_FEES.stake_fio_tokens!;
    expect((await push('stakeFioTokens', { fio_address: '', amount: '100000000000' }, fee)).status).toBe(200);
    expect((await getJson(`/account/${me}`)).staked).toBe('100000000000');
    expect((await push('unStakeFioTokens', { fio_address: '', amount: '40000000000' }, fee)).status).toBe(
      200,
    );
    const view = await getJson(`/fio/staking/${me}`);
    expect(view.lock).toMatchObject({ amount: '40000000000', remaining: '40000000000' });
    const unlockAt = Date.parse(String((view.lock as { unlockAt: string }).unlockAt));
    expect(Math.abs(unlockAt - (sim.now() + UNSTAKE_LOCK_SECONDS * 1000))).toBeLessThan(10_000);
    expect((await getJson(`/account/${me}`)).locked).toBe('40000000000');
    sim.advanceClock(UNSTAKE_LOCK_SECONDS + 60);
    expect((await getJson(`/fio/staking/${me}`)).lock).toBeNull();
  }, 30_000);

  it("the staking service down: apr7d null, the chain's answers still served", async () => {
    sim.stakingService.down = true;
    const view = await getJson(`/fio/staking/${me}`);
    sim.stakingService.down = false;
    expect(view).toMatchObject({ apr7d: null, voted: true });
  });
});
