/**
 * Integration: the chain endpoints against the real local network (anvil EVM chain 31337 and a litecoind
 * regtest node), started in-test on free loopback ports with @secux-companion/localnet. The registry finds the
 * nodes through DATA_DIR/localnet/endpoints.json, exactly as after `npm start`.
 * litecoind is required: without it the local network does not start and the suite fails.
 */
// JSON answers are loosely typed here; the assertions check their shape.
/* eslint-disable @typescript-eslint/no-explicit-any */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58check } from '@scure/base';
import {
  DEFAULT_MNEMONIC,
  LUSD_SUPPLY,
  deriveEthAccounts,
  ltcAddress,
  ltcRpc,
  startLocalnet,
  type Localnet,
} from '@secux-companion/localnet';
import { CHAIN_SYMBOLS } from '@secux-companion/core';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  http,
  parseEther,
  toHex,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestConfig } from '../test/harness.js';
import { registerChainRoutes } from './registry.js';

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
    ltc: { rpcPort: 0, p2pPort: 0, required: true },
    blockIntervalMs: 0, // no timer: the tests mine themselves (pending states stay pending; EVM mines per tx)
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

describe('local EVM chain (anvil, chain id 31337)', () => {
  it('lists the local chains from endpoints.json', async () => {
    const r = await get('/api/chains');
    expect(r.status).toBe(200);
    const eth = r.body.chains.find((c: { chain: string }) => c.chain === 'ETH');
    expect(eth).toMatchObject({ family: 'evm', chainId: 31337, source: 'local' });
    expect(JSON.stringify(r.body)).not.toContain('127.0.0.1'); // provider names only, never URLs
    // one chain's info says it too: the web app shows no explorer links for the local chain
    expect((await get('/api/chains/ETH')).body).toMatchObject({
      family: 'evm',
      chainId: 31337,
      source: 'local',
    });
  });

  it('serves every coin of the menu from the local network (BNB: the retired read-only view; ADA: the portal)', async () => {
    const r = await get('/api/chains');
    const served = new Map<string, { source: string }>(
      r.body.chains.map((c: { chain: string; source: string }) => [c.chain, c]),
    );
    for (const sym of CHAIN_SYMBOLS) {
      if (sym === 'ADA' || sym === 'EVM') continue; // the Cardano portal; user-added chains
      expect(served.get(sym), sym).toBeDefined();
      if (sym !== 'BNB') expect(served.get(sym)!.source, sym).toBe('local');
    }
    expect(r.body.unserved).toEqual([]);
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
    // Mined is not final: anvil's `finalized` block is 64 below its head; 64 blocks later it is confirmed.
    expect((await get(`/api/chains/ETH/tx-status/${b.body.hash}`)).body).toMatchObject({
      hash: b.body.hash,
      state: 'pending',
      final: false,
      blockHeight: Number(receipt.blockNumber),
    });
    await fetch(net.evm.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x40'] }),
    });
    expect((await get(`/api/chains/ETH/tx-status/${b.body.hash}`)).body).toMatchObject({
      state: 'confirmed',
      final: true,
      blockHeight: Number(receipt.blockNumber),
    });

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
    // The same bytes again (a resend after a lost answer): the node has this very transaction ('nonce too low'
    // for a hash it knows), so the send succeeded.
    const again = await post('/api/chains/ETH/broadcast', { rawTx: raw });
    expect(again).toMatchObject({ status: 200, body: { hash: b.body.hash, state: 'pending' } });
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

  it('lists the NFTs (ERC-721 and ERC-1155) with names and images; a transferred one is gone', async () => {
    const { erc721, erc1155 } = net.evm.contracts;
    const me = accounts[0]!.address;
    const r = await get(`/api/chains/ETH/nfts/${me}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ page: 1, pageSize: 50, total: 4, hasMore: false, collectionsTotal: 2 });
    expect(r.body.collections).toEqual([
      {
        slug: erc1155.toLowerCase(),
        collectionName: 'Local Items',
        contract: erc1155,
        schemaName: 'ERC1155',
        symbol: 'LITEM',
        count: 2,
      },
      {
        slug: erc721.toLowerCase(),
        collectionName: 'Local Punks',
        contract: erc721,
        schemaName: 'ERC721',
        symbol: 'LPUNK',
        count: 2,
      },
    ]);
    const nfts = r.body.nfts as any[];
    expect(nfts.map((n) => [n.contract, n.tokenId, n.schemaName, n.balance, n.name])).toEqual([
      [erc1155, '1', 'ERC1155', '10', 'Local Item'],
      [erc1155, '2', 'ERC1155', '1', 'Local Item'],
      [erc721, '1', 'ERC721', '1', 'Local Punk 1'],
      [erc721, '2', 'ERC721', '1', 'Local Punk 2'],
    ]);
    for (const n of nfts) {
      expect(n.imageUrl).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(n.traits).toEqual([]);
      expect(n).not.toHaveProperty('etherScanLink'); // no explorer for the local chain
    }
    expect(nfts[2]).toMatchObject({ collectionName: 'Local Punks', slug: erc721.toLowerCase() });
    // one collection; pages past the end are empty
    const one = await get(`/api/chains/ETH/nfts/${me}?collection=${erc721.toLowerCase()}`);
    expect(one.body.collections).toHaveLength(1);
    expect(one.body.nfts.map((n: { tokenId: string }) => n.tokenId)).toEqual(['1', '2']);
    const past = await get(`/api/chains/ETH/nfts/${me}?page=2`);
    expect(past.body).toMatchObject({ nfts: [], total: 4, hasMore: false });
    const none = await get(`/api/chains/ETH/nfts/${accounts[2]!.address}`);
    expect(none.body).toMatchObject({ collections: [], nfts: [], total: 0 });

    // account 0 (m/44'/60'/0'/0/0 of the test mnemonic) sends LPUNK 1 to account 1
    const key = HDKey.fromMasterSeed(mnemonicToSeedSync(DEFAULT_MNEMONIC)).derive("m/44'/60'/0'/0/0");
    const owner = privateKeyToAccount(toHex(key.privateKey!));
    expect(owner.address).toBe(me);
    const data = encodeFunctionData({
      abi: erc721Abi,
      functionName: 'transferFrom',
      args: [me, accounts[1]!.address, 1n],
    });
    const gas = (await post('/api/chains/ETH/gas-limit', { from: me, to: erc721, data })).body
      .gasLimit as string;
    const fees = (await get('/api/chains/ETH/fees')).body;
    const raw = await createWalletClient({ account: owner, transport: http(net.evm.rpcUrl) }).signTransaction(
      {
        chain: null,
        chainId: 31337,
        to: erc721,
        data,
        nonce: Number((await get(`/api/chains/ETH/nonce/${me}`)).body.nonce),
        gas: BigInt(gas),
        gasPrice: BigInt(fees.tiers.high),
        type: 'legacy',
      },
    );
    expect((await post('/api/chains/ETH/broadcast', { rawTx: raw })).status).toBe(200);
    const after = await until(async () => {
      const a = await get(`/api/chains/ETH/nfts/${me}`);
      return a.body.total === 3 ? a.body : undefined;
    });
    expect(after.nfts.map((n: { name: string }) => n.name)).toEqual([
      'Local Item',
      'Local Item',
      'Local Punk 2',
    ]);
    expect(after.collections[1]).toMatchObject({ collectionName: 'Local Punks', count: 1 });
    const theirs = await get(`/api/chains/ETH/nfts/${accounts[1]!.address}`);
    expect(theirs.body.nfts).toEqual([
      expect.objectContaining({ contract: erc721, tokenId: '1', name: 'Local Punk 1', balance: '1' }),
    ]);
  });

  it('validates the NFT query and never answers 5xx to bad input', async () => {
    const me = accounts[0]!.address;
    for (const url of [
      '/api/chains/ETH/nfts/0x1234',
      `/api/chains/ETH/nfts/${me}?page=0`,
      `/api/chains/ETH/nfts/${me}?page=abc`,
      `/api/chains/ETH/nfts/${me}?page=100000`,
      `/api/chains/ETH/nfts/${me}?collection=local-punks`,
      `/api/chains/ETH/nfts/${me}?collection=0x12`,
    ])
      expect([url, (await get(url)).status]).toEqual([url, 400]);
    // a coin no family serves (Cardano: the portal)
    expect((await get(`/api/chains/ADA/nfts/${me}`)).status).toBe(404);
  });

  it('keeps the proxy closed to other methods and validates input', async () => {
    expect((await post('/api/chains/ETH/rpc', { method: 'personal_unlockAccount', params: [] })).status).toBe(
      400,
    );
    expect((await post('/api/chains/ETH/rpc', { method: 'evm_mine', params: [] })).status).toBe(400);
    expect((await get('/api/chains/ETH/account/0x1234')).status).toBe(400);
    expect((await get('/api/chains/ADA/fees')).status).toBe(404);
  });
});

describe('local Litecoin regtest (litecoind)', () => {
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
    // In the mempool: pending; in a block: confirmed with its confirmations (the bitcoin family's finality).
    expect((await get(`/api/chains/LTC/tx-status/${b.body.hash}`)).body).toMatchObject({
      hash: b.body.hash,
      state: 'pending',
      final: false,
      confirmations: 0,
    });
    await rpc('generatetoaddress', [1, net.ltc!.minerAddress]);
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
    expect((await get(`/api/chains/LTC/tx-status/${b.body.hash}`)).body).toMatchObject({
      state: 'confirmed',
      final: true,
      confirmations: 1,
      blockHeight: height,
    });
    // The same transaction again (a resend after a lost answer): the node has it in the chain, so the send
    // succeeded — success with its txid, never an error.
    const again = await post('/api/chains/LTC/broadcast', { rawTx: signed.hex });
    expect(again).toMatchObject({ status: 200, body: { hash: b.body.hash, state: 'pending' } });
  });

  it('utxo: pending outputs have height null; outputs spent by a pending transaction are gone', async () => {
    const rpc = miner();
    const mine = () => rpc('generatetoaddress', [1, net.ltc!.minerAddress]);
    const acct = root.derive("m/84'/2'/2'");
    const xpub = acct.publicExtendedKey;
    const recv = acct.deriveChild(0).deriveChild(0);
    const recvAddr = ltcAddress(recv.publicKey!, 'p2wpkh');
    const changeAddr = ltcAddress(acct.deriveChild(1).deriveChild(0).publicKey!, 'p2wpkh');
    const wif = base58check(sha256).encode(Uint8Array.from([0xef, ...recv.privateKey!, 0x01]));
    const utxos = async (q = '') => {
      const r = await get(`/api/chains/LTC/utxo/${xpub}?bip=84${q}`);
      expect(r.status).toBe(200);
      return r.body.utxos as any[];
    };
    await mine(); // nothing of earlier tests left in the mempool

    // 1. a foreign transaction pays the account: listed as pending, then confirmed once mined
    const fund = await rpc<string>('sendtoaddress', [recvAddr, 1], 'miner');
    expect(await utxos()).toEqual([
      expect.objectContaining({
        txid: fund,
        value: '100000000',
        height: null,
        confirmations: 0,
        address: recvAddr,
        path: "m/84'/2'/2'/0/0",
      }),
    ]);
    expect(await utxos('&confirmed=true')).toEqual([]);
    const account = async () => (await get(`/api/chains/LTC/xpub/${xpub}?bip=84`)).body;
    expect(await account()).toMatchObject({ balance: '0', unconfirmedBalance: '100000000', utxosCount: 1 });
    await mine();
    const [funded] = await utxos();
    expect(funded).toMatchObject({ txid: fund, height: expect.any(Number), confirmations: 1 });

    // 2. the account spends it (unmined): the spent output is gone, the change output is pending
    const created = await rpc<string>('createrawtransaction', [
      [{ txid: fund, vout: funded.vout }],
      [{ [net.ltc!.minerAddress]: 0.3 }, { [changeAddr]: 0.6999 }],
    ]);
    const signed = await rpc<{ hex: string; complete: boolean }>('signrawtransactionwithkey', [
      created,
      [wif],
    ]);
    expect(signed.complete).toBe(true);
    const b = await post('/api/chains/LTC/broadcast', { rawTx: signed.hex });
    expect(b.status).toBe(200);
    const pending = await utxos();
    expect(pending).toEqual([
      {
        txid: b.body.hash,
        vout: 1,
        value: '69990000',
        height: null,
        confirmations: 0,
        address: changeAddr,
        path: "m/84'/2'/2'/1/0",
      },
    ]);
    expect(await utxos('&confirmed=true')).toEqual([]); // the confirmed output is spent by the pending one
    expect(await account()).toMatchObject({ balance: '100000000', unconfirmedBalance: '-30010000' });
    expect((await get(`/api/chains/LTC/utxo/${recvAddr}`)).body.utxos).toEqual([]);
    const one = await get(`/api/chains/LTC/utxo/${changeAddr}`);
    expect(one.body.utxos).toEqual([expect.objectContaining({ txid: b.body.hash, height: null })]);

    // 3. mined: the change output is confirmed
    await mine();
    const after = await utxos();
    expect(after).toEqual([
      expect.objectContaining({
        txid: b.body.hash,
        vout: 1,
        height: funded.height + 1,
        confirmations: 1,
        path: "m/84'/2'/2'/1/0",
      }),
    ]);
    expect(await utxos('&confirmed=true')).toEqual(after);
    expect(await account()).toMatchObject({ balance: '69990000', unconfirmedBalance: '0', utxosCount: 1 });
  });

  it('rejects malformed transactions with the node message, not a 5xx', async () => {
    const r = await post('/api/chains/LTC/broadcast', { rawTx: '00ff' });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatch(/decode|deserial/i);
  });
});

export type { Hex };
