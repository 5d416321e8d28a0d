/**
 * Integration: the chain endpoints against the real local network (ganache EVM chain 31337 and a litecoind
 * regtest node), started in-test on free loopback ports with @secux-companion/localnet. The registry finds the
 * nodes through DATA_DIR/localnet/endpoints.json, exactly as after `npm start`.
 * The Litecoin part is skipped (with a note) where litecoind is not installed.
 */
// JSON answers are loosely typed here; the assertions check their shape.
/* eslint-disable @typescript-eslint/no-explicit-any */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import {
  DEFAULT_MNEMONIC,
  LUSD_SUPPLY,
  deriveEthAccounts,
  findLitecoind,
  ltcRpc,
  startLocalnet,
  type Localnet,
} from '@secux-companion/localnet';
import Fastify, { type FastifyInstance } from 'fastify';
import { createWalletClient, encodeFunctionData, erc20Abi, http, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestConfig } from '../test/harness.js';
import { registerChainRoutes } from './routes.js';

const hasLitecoind = findLitecoind(process.env.LITECOIND?.trim() || 'litecoind') !== null;
if (!hasLitecoind)
  console.warn('litecoind not installed (apt-get install litecoind): Litecoin chain tests are skipped');

let net: Localnet;
let app: FastifyInstance;
let tmp: string;
const accounts = deriveEthAccounts(DEFAULT_MNEMONIC, 3);

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-chains-it-'));
  const logs: string[] = [];
  net = await startLocalnet({
    dataDir: path.join(tmp, 'data', 'localnet'),
    cacheDir: path.join(os.tmpdir(), 'secux-localnet-cache'),
    evm: { port: 0 },
    ltc: hasLitecoind ? { rpcPort: 0, p2pPort: 0 } : false,
    blockIntervalMs: 1000,
    handleSignals: false,
    log: (m) => logs.push(m),
    env: {},
  });
  const config = makeTestConfig(tmp, { DATA_DIR: path.join(tmp, 'data') });
  app = Fastify({ logger: false, routerOptions: { maxParamLength: 256 } }); // as in app.ts
  await app.register(
    async (api) => registerChainRoutes(api, { config, fetch: globalThis.fetch }, { env: {} }),
    { prefix: '/api' },
  );
  await app.ready();
}, 180_000);

afterAll(async () => {
  await app?.close();
  const pid = net?.ltc?.pid;
  await net?.stop();
  if (pid) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
}, 60_000);

const get = async (url: string) => {
  const r = await app.inject({ method: 'GET', url });
  return { status: r.statusCode, body: r.json() as Record<string, any> };
};
const post = async (url: string, payload: unknown) => {
  const r = await app.inject({ method: 'POST', url, payload: payload as object });
  return { status: r.statusCode, body: r.json() as Record<string, any> };
};
const until = async <T>(fn: () => Promise<T | undefined>, ms = 20_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 250));
  }
};

describe('local EVM chain (ganache, chain id 31337)', () => {
  it('lists the local chains from endpoints.json', async () => {
    const r = await get('/api/chains');
    expect(r.status).toBe(200);
    const eth = r.body.chains.find((c: { chain: string }) => c.chain === 'ETH');
    expect(eth).toMatchObject({ family: 'evm', chainId: 31337, source: 'local' });
    expect(JSON.stringify(r.body)).not.toContain('127.0.0.1'); // provider names only, never URLs
  });

  it('reports the funded balance, nonce and tokens of the emulator account', async () => {
    const r = await get(`/api/chains/ETH/account/${accounts[0]!.address}?tokens=true`);
    expect(r.status).toBe(200);
    expect(r.body.balance).toBe(net.evm.accounts[0]!.balanceWei);
    expect(r.body.nonce).toBe('0');
    expect(r.body.provider).toBe('localnet-evm');
    const lusd = r.body.tokens.find(
      (t: { contract: string }) => t.contract.toLowerCase() === net.evm.contracts.erc20.toLowerCase(),
    );
    expect(lusd).toMatchObject({ symbol: 'LUSD', decimals: 6, balance: LUSD_SUPPLY.toString() });
  });

  it('answers fees, gas limit and token info', async () => {
    const fees = await get('/api/chains/ETH/fees');
    expect(fees.status).toBe(200);
    expect(fees.body.unit).toBe('wei');
    expect(BigInt(fees.body.tiers.medium)).toBeGreaterThan(0n);
    const gas = await post('/api/chains/ETH/gas-limit', {
      from: accounts[0]!.address,
      to: accounts[1]!.address,
      value: '1000',
    });
    expect(gas.body).toEqual({ gasLimit: '21000' });
    const tok = await get(
      `/api/chains/ETH/tokens?contracts=${net.evm.contracts.erc20}&address=${accounts[0]!.address}`,
    );
    expect(tok.body.tokens[0]).toMatchObject({
      name: 'Local USD',
      symbol: 'LUSD',
      decimals: 6,
      balance: LUSD_SUPPLY.toString(),
    });
  });

  it('broadcasts a raw transaction that confirms in a block, and shows it in the history', async () => {
    const from = privateKeyToAccount(accounts[1]!.privateKey);
    const wallet = createWalletClient({ account: from, transport: http(net.evm.rpcUrl) });
    const nonce = (await get(`/api/chains/ETH/nonce/${from.address}`)).body.nonce as string;
    const fees = (await get('/api/chains/ETH/fees')).body;
    const raw = await wallet.signTransaction({
      chain: null,
      chainId: 31337,
      to: accounts[2]!.address,
      value: parseEther('1.5'),
      nonce: Number(nonce),
      gas: 21000n,
      gasPrice: BigInt(fees.tiers.high),
      type: 'legacy',
    });
    const b = await post('/api/chains/ETH/broadcast', { rawTx: raw });
    expect(b.status).toBe(200);
    expect(b.body.hash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await until(async () => {
      const r = await post('/api/chains/ETH/rpc', {
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getTransactionReceipt',
        params: [b.body.hash],
      });
      return r.body.result ?? undefined;
    });
    expect(receipt.status).toBe('0x1');
    expect(Number(receipt.blockNumber)).toBeGreaterThan(0);

    const h = await get(`/api/chains/ETH/history/${from.address}?pageSize=10`);
    expect(h.status).toBe(200);
    const op = h.body.operations.find((o: { hash: string }) => o.hash === b.body.hash);
    expect(op).toMatchObject({
      direction: 'out',
      value: parseEther('1.5').toString(),
      fee: (21000n * BigInt(fees.tiers.high)).toString(),
      isOwnTransaction: true,
    });
    expect(op.blockHeight).toBe(Number(receipt.blockNumber));
    const recv = await get(`/api/chains/ETH/history/${accounts[2]!.address}`);
    expect(recv.body.operations.find((o: { hash: string }) => o.hash === b.body.hash)).toMatchObject({
      direction: 'in',
    });
    // a replay is rejected by the node: 422 with the node's message
    const again = await post('/api/chains/ETH/broadcast', { rawTx: raw });
    expect([200, 422]).toContain(again.status);
  });

  it('shows ERC-20 transfers in the history (merged by hash, with token data)', async () => {
    const from = privateKeyToAccount(accounts[0]!.privateKey);
    const wallet = createWalletClient({ account: from, transport: http(net.evm.rpcUrl) });
    const nonce = Number((await get(`/api/chains/ETH/nonce/${from.address}`)).body.nonce);
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [accounts[2]!.address, 1234n],
    });
    const gas = (
      await post('/api/chains/ETH/gas-limit', { from: from.address, to: net.evm.contracts.erc20, data })
    ).body.gasLimit as string;
    const fees = (await get('/api/chains/ETH/fees')).body;
    const raw = await wallet.signTransaction({
      chain: null,
      chainId: 31337,
      to: net.evm.contracts.erc20,
      data,
      nonce,
      gas: BigInt(gas),
      gasPrice: BigInt(fees.tiers.high),
      type: 'legacy',
    });
    const b = await post('/api/chains/ETH/broadcast', { rawTx: raw });
    expect(b.status).toBe(200);
    const op = await until(async () => {
      const h = await get(`/api/chains/ETH/history/${accounts[2]!.address}?pageSize=20`);
      return h.body.operations?.find((o: { hash: string }) => o.hash === b.body.hash);
    });
    expect(op).toMatchObject({ direction: 'in', value: '1234', token: { symbol: 'LUSD', decimals: 6 } });
    const acc = await get(
      `/api/chains/ETH/account/${accounts[2]!.address}?contracts=${net.evm.contracts.erc20}`,
    );
    expect(acc.body.tokens[0].balance).toBe('1234');
  });

  it('pages the history with a cursor', async () => {
    const h1 = await get(`/api/chains/ETH/history/${accounts[2]!.address}?pageSize=1`);
    expect(h1.body.operations.length).toBeGreaterThanOrEqual(1);
    expect(h1.body.cursor).toEqual(expect.any(String));
    const all = new Set<string>(h1.body.operations.map((o: { hash: string }) => o.hash));
    let cursor = h1.body.cursor as string | null;
    for (let i = 0; cursor && i < 20; i++) {
      const h = await get(`/api/chains/ETH/history/${accounts[2]!.address}?pageSize=1&cursor=${cursor}`);
      expect(h.status).toBe(200);
      for (const o of h.body.operations) all.add(o.hash);
      cursor = h.body.cursor;
    }
    expect(all.size).toBeGreaterThanOrEqual(2);
  });

  it('keeps the proxy closed to other methods and validates input', async () => {
    expect((await post('/api/chains/ETH/rpc', { method: 'personal_unlockAccount', params: [] })).status).toBe(
      400,
    );
    expect((await post('/api/chains/ETH/rpc', { method: 'evm_mine', params: [] })).status).toBe(400);
    expect((await get('/api/chains/ETH/account/0x1234')).status).toBe(400);
    expect((await get('/api/chains/DOGE/fees')).status).toBe(404);
  });
});

describe.skipIf(!hasLitecoind)('local Litecoin regtest (litecoind)', () => {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(DEFAULT_MNEMONIC));
  // The device's account key: m/84'/2'/0' with the default (mainnet xpub) version bytes; the server re-encodes it.
  const xpub84 = root.derive("m/84'/2'/0'").publicExtendedKey;
  const miner = () => ltcRpc(net.ltc!.rpcUrl, net.ltc!.rpcUser, net.ltc!.rpcPassword);

  it('reports the funded balance of an emulator address', async () => {
    const f = net.ltc!.funded.find((x) => x.path.startsWith("m/44'"))!;
    const r = await get(`/api/chains/LTC/account/${f.address}`);
    expect(r.status).toBe(200);
    expect(r.body.balance).toBe(BigInt(Math.round(f.amount * 1e8)).toString());
    expect(r.body.txCount).toBeGreaterThanOrEqual(1);
    expect(r.body.provider).toBe('localnet-litecoind');
  });

  it('reports the funded balance of the BIP84 account xpub, its addresses, utxos and history', async () => {
    const f = net.ltc!.funded.find((x) => x.path === "m/84'/2'/0'/0/0")!;
    const sats = BigInt(Math.round(f.amount * 1e8)).toString();
    const r = await get(`/api/chains/LTC/xpub/${xpub84}?bip=84`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ balance: sats, unconfirmedBalance: '0', txCount: 1 });
    expect(r.body.addresses).toEqual([
      expect.objectContaining({
        address: f.address,
        path: "m/84'/2'/0'/0/0",
        change: 0,
        index: 0,
        balance: sats,
        transfers: 1,
      }),
    ]);
    const u = await get(`/api/chains/LTC/utxo/${xpub84}?bip=84`);
    expect(u.body.utxos).toEqual([
      expect.objectContaining({
        value: sats,
        address: f.address,
        path: "m/84'/2'/0'/0/0",
        height: expect.any(Number),
      }),
    ]);
    const h = await get(`/api/chains/LTC/history/${xpub84}?bip=84`);
    expect(h.body.operations).toHaveLength(1);
    expect(h.body.operations[0]).toMatchObject({ direction: 'in', value: sats, isOwnTransaction: false });
    expect(h.body.operations[0].recipients.find((x: { isOwn: boolean }) => x.isOwn)).toMatchObject({
      address: f.address,
      path: "m/84'/2'/0'/0/0",
    });
    expect(h.body.cursor).toBeNull();
    const tx = await get(`/api/chains/LTC/tx/${h.body.operations[0].hash}`);
    expect(tx.status).toBe(200);
    expect(
      tx.body.outputs.some(
        (o: { address: string; value: string }) => o.address === f.address && o.value === sats,
      ),
    ).toBe(true);
    const raw = await get(`/api/chains/LTC/tx/${h.body.operations[0].hash}/raw`);
    expect(raw.body.hex).toMatch(/^[0-9a-f]+$/);
  });

  it('answers the preset fees and the node proxy', async () => {
    expect((await get('/api/chains/LTC/fees')).body).toMatchObject({
      unit: 'sat/vB',
      tiers: { high: 8, medium: 4, low: 2 },
      source: 'preset',
    });
    const r = await post('/api/chains/LTC/rpc', {
      jsonrpc: '1.0',
      id: 'x',
      method: 'getmempoolinfo',
      params: [],
    });
    expect(r.body.result).toMatchObject({ size: expect.any(Number) });
    expect((await post('/api/chains/LTC/rpc', { method: 'dumpprivkey', params: ['x'] })).status).toBe(400);
  });

  it('broadcasts a raw transaction that confirms in a block; the receiving account sees it', async () => {
    const rpc = miner();
    const xpub84b = root.derive("m/84'/2'/1'").publicExtendedKey;
    // an address of account 1 (m/84'/2'/1'/0/0), derived by the node from the re-encoded key
    const addr = (await get(`/api/chains/LTC/account/${xpub84b}?bip=84&addresses=derived&gap=1`)).body;
    const target = addr.addresses.find((a: { path: string }) => a.path === "m/84'/2'/1'/0/0")
      .address as string;
    const created = await rpc<string>('createrawtransaction', [[], [{ [target]: 0.25 }]], 'miner');
    const funded = await rpc<{ hex: string }>('fundrawtransaction', [created], 'miner');
    const signed = await rpc<{ hex: string; complete: boolean }>(
      'signrawtransactionwithwallet',
      [funded.hex],
      'miner',
    );
    expect(signed.complete).toBe(true);
    const b = await post('/api/chains/LTC/broadcast', { rawTx: signed.hex });
    expect(b.status).toBe(200);
    expect(b.body.hash).toMatch(/^[0-9a-f]{64}$/);
    const pending = await get(`/api/chains/LTC/xpub/${xpub84b}?bip=84`);
    expect(pending.status).toBe(200);
    const height = await until(async () => {
      const t = await get(`/api/chains/LTC/tx/${b.body.hash}`);
      return t.body.blockHeight ?? undefined;
    });
    expect(height).toBeGreaterThan(100);
    const acc = await until(async () => {
      const a = await get(`/api/chains/LTC/xpub/${xpub84b}?bip=84`);
      return a.body.balance === '25000000' ? a.body : undefined;
    });
    expect(acc).toMatchObject({ balance: '25000000', unconfirmedBalance: '0', txCount: 1 });
    // the same transaction again: the node rejects it (already in the chain) → 422 with its message
    const again = await post('/api/chains/LTC/broadcast', { rawTx: signed.hex });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('rejected');
  });

  it('rejects malformed transactions with the node message, not a 5xx', async () => {
    const r = await post('/api/chains/LTC/broadcast', { rawTx: '00ff' });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/decode|deserial/i);
  });
});

export type { Hex };
