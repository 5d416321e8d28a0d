/**
 * Mainnet rehearsal, EVM (issue 29): the server on its mainnet profile for ETH against anvil on chain id 1 (with the
 * localnet token contracts) behind two stand-ins of public JSON-RPC nodes — rate limits answered inside an HTTP 200 as
 * JSON-RPC -32005 / -32016, eth_getLogs disabled as on BNB's dataseeds — with a dead host first. Every user path
 * through the product API that a JSON-RPC node serves: the account with ERC-20 balances, nonce, gas limit, fees, token
 * metadata, a signed send and its confirmation; a node's rate limit served by the next; a submit that lands but never
 * answers resent as the same bytes; and Etherscan V2 (an Etherscan-compatible explorer over the same chain behind
 * stand-ins: a key on every call, 3 calls a second, refusals as status "0" inside a 200) for history pages, token
 * discovery and NFTs.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are checked by the assertions */
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_MNEMONIC,
  HOST,
  deadUrl,
  deriveEthAccounts,
  freePort,
  startStandIn,
  type StandIn,
} from '@secux-companion/sim-kit';
import {
  LUSD_SUPPLY,
  compileContracts,
  etherscanV2,
  evmPublicRpc,
  startEtherscanExplorer,
  startEvm,
  type EtherscanExplorer,
  type EvmInfo,
  type StartedEvm,
} from '@secux-companion/chain-evm/sim';
import { encodeFunctionData, erc20Abi, keccak256, parseEther, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useRehearsal, type Rehearsal } from '@secux-companion/server-kit/testing/rehearsal';
import { evmFamily } from './index.js';

const [me, other] = deriveEthAccounts(DEFAULT_MNEMONIC, 2);
const signer = privateKeyToAccount(me!.privateKey);
let net: StartedEvm<EvmInfo>;
let rpc1: StandIn;
let rpc2: StandIn;
let explorer: EtherscanExplorer;
let etherscan1: StandIn;
let etherscan2: StandIn;
let dead: string;
const KEY = 'rehearsal-key';

beforeAll(async () => {
  // The family's own local chain (anvil on chain id 1 with the token contracts), nothing else of the local network.
  net = await startEvm({
    host: HOST,
    port: await freePort(),
    chainId: 1,
    accounts: deriveEthAccounts(DEFAULT_MNEMONIC, 5),
    balanceEth: 100,
    blockIntervalMs: 0,
    log: () => undefined,
    artifacts: compileContracts(path.join(os.tmpdir(), 'secux-localnet-cache')).artifacts,
  });
  dead = await deadUrl();
  // publicnode-like: -32005 "Limit exceeded" inside a 200, its budget scaled down so that a session reaches it.
  rpc1 = await startStandIn({
    upstream: net.info.rpcUrl,
    behaviour: evmPublicRpc({ name: 'publicnode', perClient: { max: 30, windowMs: 60_000 } }),
  });
  rpc2 = await startStandIn({
    upstream: net.info.rpcUrl,
    behaviour: {
      ...evmPublicRpc({ name: 'llamarpc', shape: 'overRateLimit', getLogsDisabled: true }),
      // farther away: the pool's health check finds publicnode first, so that one is the main node
      delayMs: (q) => (q.rpcMethods.includes('eth_chainId') ? 300 : 0),
    },
  });
  // Etherscan V2 over the same chain: a key on every call; the first at the free plan's 3 calls a second.
  explorer = await startEtherscanExplorer({ rpcUrl: net.info.rpcUrl });
  etherscan1 = await startStandIn({ upstream: explorer.url, behaviour: etherscanV2({ keys: [KEY] }) });
  etherscan2 = await startStandIn({
    upstream: explorer.url,
    behaviour: etherscanV2({ name: 'etherscan-2', keys: [KEY], perKey: { max: 100, windowMs: 1000 } }),
  });
}, 120_000);
afterAll(async () => {
  await Promise.all([rpc1?.close(), rpc2?.close(), etherscan1?.close(), etherscan2?.close()]);
  await explorer?.stop();
  await net?.stop();
});

const env = () => ({
  CHAIN_ETH_RPC: `${dead},${rpc1.url},${rpc2.url}`,
  CHAIN_ETH_EXPLORER: `${dead}/v2/api,${etherscan1.url}/v2/api,${etherscan2.url}/v2/api`,
  CHAIN_ETH_EXPLORER_KEY: KEY,
  // A submit that never answers costs this once (the submit class's own timeout, 40 s by default).
  CHAIN_SUBMIT_TIMEOUT_MS: '3000',
});

/** A plain ETH transfer signed with the funded key on the nonce and fees the server hands out. */
async function send(r: Rehearsal, value: bigint, to: Hex = other!.address, data?: Hex) {
  const n = await r.get(`/api/chains/ETH/nonce/${me!.address}`);
  expect(n.status).toBe(200);
  const f = await r.get('/api/chains/ETH/fees');
  expect(f.status).toBe(200);
  const gas = await r.post('/api/chains/ETH/gas-limit', {
    from: me!.address,
    to,
    value: value.toString(),
    ...(data ? { data } : {}),
  });
  expect(gas.status).toBe(200);
  const tier = f.body.eip1559?.tiers?.high;
  const rawTx = await signer.signTransaction({
    chainId: 1,
    to,
    value,
    nonce: Number(n.body.nonce),
    gas: BigInt(gas.body.gasLimit as string),
    ...(data ? { data } : {}),
    ...(tier
      ? {
          type: 'eip1559' as const,
          maxFeePerGas: BigInt(tier.maxFeePerGas as string),
          maxPriorityFeePerGas: BigInt(tier.maxPriorityFeePerGas as string),
        }
      : { type: 'legacy' as const, gasPrice: BigInt(f.body.tiers.high as string) }),
  });
  return { rawTx, hash: keccak256(rawTx) };
}

/** The finality route's state; blocks are mined on top until the node's finalized block covers the transaction. */
async function confirm(r: Rehearsal, hash: string): Promise<string[]> {
  const states: string[] = [];
  for (let i = 0; i < 4; i++) {
    const s = await r.get(`/api/chains/ETH/tx-status/${hash}`);
    expect(s.status).toBe(200);
    states.push(s.body.state as string);
    if (s.body.final) break;
    await fetch(net.info.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x40'] }),
    });
  }
  return states;
}

const balance = async (r: Rehearsal, address: string) => {
  const a = await r.get(`/api/chains/ETH/account/${address}`);
  expect(a.status).toBe(200);
  return BigInt(a.body.balance as string);
};

describe('ETH on the mainnet profile against public JSON-RPC nodes', () => {
  const r = useRehearsal(evmFamily, env);

  it('serves ETH on chain id 1 from the nodes that answer, the dead one skipped', async () => {
    const c = await r.get('/api/chains/ETH');
    expect(c.body).toMatchObject({ chain: 'ETH', chainId: 1 });
    const a = await r.get(`/api/chains/ETH/account/${me!.address}?contracts=${net.info.contracts.erc20}`);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ balance: parseEther('100').toString(), provider: 'rpc#2' });
    expect(a.body.tokens).toEqual([
      expect.objectContaining({
        contract: net.info.contracts.erc20,
        symbol: 'LUSD',
        decimals: 6,
        balance: LUSD_SUPPLY.toString(),
      }),
    ]);
  });

  it('reads token metadata, the nonce and the fees', async () => {
    const t = await r.get(
      `/api/chains/ETH/tokens?contracts=${net.info.contracts.erc20}&address=${me!.address}`,
    );
    expect(t.status).toBe(200);
    expect(t.body.tokens[0]).toMatchObject({
      name: 'Local USD',
      symbol: 'LUSD',
      balance: LUSD_SUPPLY.toString(),
    });
    const n = await r.get(`/api/chains/ETH/nonce/${me!.address}`);
    expect(n.body).toMatchObject({ nonce: '0' });
    const f = await r.get('/api/chains/ETH/fees');
    expect(f.status).toBe(200);
    expect(f.body).toMatchObject({ unit: 'wei', source: 'network' });
  });

  it('sends a signed ERC-20 transfer and a coin transfer; both pending, then confirmed', async () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [other!.address, 1_000_000n],
    });
    const token = await send(r, 0n, net.info.contracts.erc20, data);
    const t = await r.post('/api/chains/ETH/broadcast', { rawTx: token.rawTx });
    expect(t.status).toBe(200);
    expect(t.body.hash).toBe(token.hash);
    const before = await balance(r, other!.address);
    const coin = await send(r, 10n ** 15n);
    const b = await r.post('/api/chains/ETH/broadcast', { rawTx: coin.rawTx });
    expect(b.status).toBe(200);
    expect(b.body.hash).toBe(coin.hash);
    const states = await confirm(r, coin.hash);
    expect(states.at(-1)).toBe('confirmed');
    expect(states[0]).toBe('pending');
    expect((await balance(r, other!.address)) - before).toBe(10n ** 15n);
    const theirs = await r.get(
      `/api/chains/ETH/tokens?contracts=${net.info.contracts.erc20}&address=${other!.address}`,
    );
    expect(theirs.body.tokens[0].balance).toBe('1000000');
  });

  it('pages the history from Etherscan (coin and token transfers merged), discovers tokens and lists NFTs', async () => {
    const seen: any[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await r.get(
        `/api/chains/ETH/history/${me!.address}?pageSize=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.status).toBe(200);
      expect(['explorer#2', 'explorer#3']).toContain(page.body.provider);
      seen.push(...(page.body.operations as any[]));
      cursor = page.body.cursor as string | null;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(seen.some((o) => o.direction === 'out' && o.value === (10n ** 15n).toString())).toBe(true);
    expect(seen.some((o) => o.token?.symbol === 'LUSD' && o.value === '1000000')).toBe(true);
    const a = await r.get(`/api/chains/ETH/account/${me!.address}?tokens=true`);
    expect(a.status).toBe(200);
    expect((a.body.tokens as any[]).map((t) => t.symbol)).toContain('LUSD');
    const n = await r.get(`/api/chains/ETH/nfts/${me!.address}`);
    expect(n.status).toBe(200);
    expect((n.body.collections as any[]).map((c) => c.symbol).sort()).toEqual(['LITEM', 'LPUNK']);
    expect(n.body.nfts.length).toBeGreaterThan(0);
  });

  it("past Etherscan's 3 calls a second (status 0 inside a 200) the next explorer serves: never a 500", async () => {
    const pages = await Promise.all(
      Array.from({ length: 6 }, () => r.get(`/api/chains/ETH/history/${me!.address}?pageSize=5`)),
    );
    for (const p of pages) expect(p.status).toBe(200);
    expect(pages.some((p) => p.body.provider === 'explorer#3')).toBe(true);
  });

  it("past the first node's limit (-32005 inside a 200) the next node serves: never a 500", async () => {
    for (let i = 0; i < 30; i++) {
      const a = await r.get(`/api/chains/ETH/account/${me!.address}`);
      expect(a.status).toBe(200);
    }
    expect(rpc1.requests.length).toBeGreaterThan(30); // it did refuse
    expect((await r.get(`/api/chains/ETH/account/${me!.address}`)).body.provider).toBe('rpc#3');
  });
});

describe('ETH: a submit that reaches the chain but never answers', () => {
  const r = useRehearsal(evmFamily, env);
  beforeAll(() => {
    rpc1.reset();
    rpc2.reset();
    // The first eth_sendRawTransaction either node gets (the pool's main node is whichever answered its health check
    // first) reaches the chain, and its answer is lost.
    let dropped = false;
    const once = (q: { rpcMethods: string[] }) => {
      if (dropped || !q.rpcMethods.includes('eth_sendRawTransaction')) return false;
      dropped = true;
      return true;
    };
    for (const s of [rpc1, rpc2]) {
      s.fault = 'dropAfterForward';
      s.faultWhen = once;
    }
  });
  afterAll(() => {
    for (const s of [rpc1, rpc2]) s.fault = undefined;
  });

  it('resends the same bytes to the next node and answers the same hash; one transfer on chain', async () => {
    const before = await balance(r, other!.address);
    const tx = await send(r, 2n * 10n ** 15n);
    const b = await r.post('/api/chains/ETH/broadcast', { rawTx: tx.rawTx });
    expect(b.body).toMatchObject({ hash: tx.hash });
    expect(b.status).toBe(200);
    const sent = [...rpc1.requests, ...rpc2.requests]
      .filter((q) => q.rpcMethods.includes('eth_sendRawTransaction'))
      .map((q) => (JSON.parse(q.body) as { params: unknown[] }).params[0]);
    expect(sent).toEqual([tx.rawTx, tx.rawTx]);
    expect((await confirm(r, tx.hash)).at(-1)).toBe('confirmed');
    expect((await balance(r, other!.address)) - before).toBe(2n * 10n ** 15n);
  });
});
