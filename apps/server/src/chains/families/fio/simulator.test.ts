/**
 * The whole FIO path over HTTP: chain-fio's adapter and product-API client → the generic and fio routes → the FIO
 * facade → the FIO node provider → localnet's FIO simulator (real state, signature checks). A software key derived
 * from the emulator mnemonic stands in for the device.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { Ecc } from '@fioprotocol/fiojs';
import { createFioProductApiChain, type FioSigner } from '@secux-companion/chain-fio';
import {
  DEFAULT_MNEMONIC,
  FioSimulator,
  fioGenesis,
  fioPublicKeyOf,
  mnemonicToRoot,
} from '@secux-companion/localnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainRegistry } from '../../registry.js';
import { registerChainRoutes } from '../../routes.js';
import { fioFamily } from './index.js';

const me = fioPublicKeyOf(DEFAULT_MNEMONIC, 0);
const priv = Ecc.PrivateKey.fromBuffer(
  Buffer.from(mnemonicToRoot(DEFAULT_MNEMONIC).derive("m/44'/235'/0'/0/0").privateKey!),
);
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
  const registry = createChainRegistry({
    config: { profile: 'mainnet', dataDir: '/nonexistent' },
    fetch,
    env: { CHAIN_FIO_NODES: url, CHAIN_TFIO_NODES: 'none' },
    families: [fioFamily],
  });
  app = Fastify({ logger: false });
  await app.register(async (api) => registerChainRoutes(api, { config: {} as never, fetch }, { registry }), {
    prefix: '/api',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
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
    await expect(fio.names.signAndPush(signer(Ecc.PrivateKey.fromSeed('mallory')), t)).rejects.toThrow(
      'Request signature not valid or not allowed.',
    );
  });
});
