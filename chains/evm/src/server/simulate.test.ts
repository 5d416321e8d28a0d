/**
 * Balance changes before signing on EVM (issue 32 item 1): the decoders of eth_simulateV1's Transfer logs (server)
 * and of the product API's answer (client), the deltas rule, and the whole path against anvil — the adapter builds a
 * coin send and an ERC-20 send through the product API and the chain's eth_simulateV1 gives their exact changes; a
 * send the chain refuses is refused with its words.
 */
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simulationVerdict } from '@secux-companion/chain-common';
import { DEFAULT_MNEMONIC, HOST, deriveEthAccounts, freePort } from '@secux-companion/sim-kit';
import { compileContracts, startEvm, type EvmInfo, type StartedEvm } from '@secux-companion/chain-evm/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveChains } from '@secux-companion/server-kit/testing/chainServer';
import { createEvmAdapter, evmDeltas } from '../logic/adapter';
import { nativeEvmChain } from '../logic/chains';
import { createEvmProductApiBackend, parseEvmSimulation } from '../network/productApi';
import { evmFamily } from './index.js';
import { NATIVE_TRANSFER_ADDRESS, TRANSFER_TOPIC, simulateV1, transfersOf } from './simulate.js';
import { ProviderError } from '@secux-companion/server-kit/failover';
import { encodeFunctionData, erc20Abi } from 'viem';

const [me, other] = deriveEthAccounts(DEFAULT_MNEMONIC, 2);
const pad = (a: string) => `0x${'0'.repeat(24)}${a.slice(2).toLowerCase()}`;
const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;
const LUSD = '0x5fbdb2315678afecb367f032d93f642f64180aa3';

describe('eth_simulateV1 decoders and the deltas rule', () => {
  it('transfersOf: coin (ERC-7528 address) and ERC-20 Transfer logs; ERC-721 and other events left out', () => {
    const a = me!.address;
    const b = other!.address;
    expect(
      transfersOf([
        {
          address: NATIVE_TRANSFER_ADDRESS,
          topics: [TRANSFER_TOPIC, pad(a), pad(b)],
          data: word(10n ** 17n),
        },
        { address: LUSD, topics: [TRANSFER_TOPIC, pad(a), pad(b)], data: word(2_500_000n) },
        { address: LUSD, topics: [TRANSFER_TOPIC, pad(a), pad(b), word(7n)], data: '0x' },
        {
          address: LUSD,
          topics: ['0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925', pad(a), pad(b)],
          data: word(1n),
        },
      ]),
    ).toEqual([
      { token: null, from: a.toLowerCase(), to: b.toLowerCase(), amount: '100000000000000000' },
      { token: LUSD, from: a.toLowerCase(), to: b.toLowerCase(), amount: '2500000' },
    ]);
    // A topic that is not an address is a malformed answer (the next node is asked).
    expect(() =>
      transfersOf([{ address: LUSD, topics: [TRANSFER_TOPIC, word(2n ** 200n), pad(b)], data: word(1n) }]),
    ).toThrow(/not an address/);
  });

  it('parseEvmSimulation: gas used within the limit, at most 64 transfers, lowercase addresses', () => {
    const ok = { available: true, status: 'success', gasUsed: '21000', gasPrice: '7', transfers: [] };
    expect(parseEvmSimulation(ok, 21_000n)).toEqual({ ...ok, gasUsed: 21_000n, gasPrice: 7n });
    expect(() => parseEvmSimulation({ ...ok, gasUsed: '21001' }, 21_000n)).toThrow(/malformed/);
    const t = { token: null, from: `0x${'a'.repeat(40)}`, to: `0x${'b'.repeat(40)}`, amount: '1' };
    expect(() =>
      parseEvmSimulation({ ...ok, transfers: Array.from({ length: 65 }, () => t) }, 21_000n),
    ).toThrow(/malformed/);
    expect(() =>
      parseEvmSimulation({ ...ok, transfers: [{ ...t, amount: (2n ** 256n).toString() }] }, 21_000n),
    ).toThrow(/malformed/);
    expect(parseEvmSimulation({ available: false }, 1n)).toEqual({ available: false });
    expect(
      parseEvmSimulation({ available: true, status: 'failed', error: 'insufficient funds' }, 1n),
    ).toMatchObject({
      status: 'failed',
    });
  });

  it('evmDeltas: the fee on the sender, each transfer on its parties, strangers as another account', () => {
    const coin = { symbol: 'ETH', decimals: 18 };
    const A = `0x${'a'.repeat(40)}`;
    const B = `0x${'b'.repeat(40)}`;
    const C = `0x${'c'.repeat(40)}`;
    expect(
      evmDeltas(
        [
          { token: LUSD, from: A, to: B, amount: 5n },
          { token: LUSD, from: B, to: C, amount: 1n },
        ],
        42n,
        { self: A.toUpperCase().replace('0X', '0x'), recipient: B },
        coin,
        () => ({ symbol: 'LUSD', decimals: 6 }),
      ),
    ).toEqual([
      { who: 'self', asset: 'ETH', symbol: 'ETH', decimals: 18, amount: -42n },
      { who: 'self', asset: LUSD, symbol: 'LUSD', decimals: 6, amount: -5n },
      { who: 'recipient', asset: LUSD, symbol: 'LUSD', decimals: 6, amount: 4n },
    ]);
  });
});

describe('EVM balance changes against anvil', () => {
  let net: StartedEvm<EvmInfo>;
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    net = await startEvm({
      host: HOST,
      port: await freePort(),
      chainId: 1,
      accounts: deriveEthAccounts(DEFAULT_MNEMONIC, 3),
      balanceEth: 100,
      blockIntervalMs: 0,
      log: () => undefined,
      artifacts: compileContracts(path.join(os.tmpdir(), 'secux-localnet-cache')).artifacts,
    });
    ({ app, base } = await serveChains({ env: { CHAIN_ETH_RPC: net.info.rpcUrl }, families: [evmFamily] }));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await net?.stop();
  });

  const adapter = () =>
    createEvmAdapter(nativeEvmChain('ETH'), createEvmProductApiBackend({ chain: 'ETH', baseUrl: base }));
  const account = {
    chain: 'ETH' as const,
    index: 0,
    bip: 44 as const,
    path: "m/44'/60'/0'/0/0",
    address: me!.address,
  };

  it('a coin send: the sender pays amount + fee, the recipient gets the amount, and the build agrees', async () => {
    const a = adapter();
    const built = await a.build(account, {
      intent: { kind: 'coin', to: other!.address, amount: 10n ** 17n },
      feeMode: 'medium',
    });
    const sim = await a.simulate!(built);
    expect(sim.kind).toBe('ok');
    if (sim.kind !== 'ok') return;
    expect(sim.fee).toBeGreaterThan(0n);
    expect(sim.fee % 21_000n).toBe(0n); // a plain transfer uses 21 000 gas
    expect(sim.fee).toBeLessThanOrEqual(built.review.fee);
    expect(sim.deltas).toEqual([
      { who: 'self', asset: 'ETH', symbol: 'ETH', decimals: 18, amount: -(10n ** 17n + sim.fee) },
      { who: 'recipient', asset: 'ETH', symbol: 'ETH', decimals: 18, amount: 10n ** 17n },
    ]);
    expect(simulationVerdict(sim)).toEqual({ blocked: false });
  });

  it('an ERC-20 send: the token moves between the parties, the sender pays the fee in ETH', async () => {
    const a = adapter();
    const lusd = net.info.contracts.erc20.toLowerCase();
    const built = await a.build(account, {
      intent: { kind: 'token', contract: lusd, to: other!.address, amount: 2_500_000n },
      feeMode: 'medium',
      token: { symbol: 'LUSD', decimals: 6 },
    });
    const sim = await a.simulate!(built);
    expect(sim).toMatchObject({ kind: 'ok' });
    if (sim.kind !== 'ok') return;
    expect(sim.deltas).toEqual([
      { who: 'self', asset: 'ETH', symbol: 'ETH', decimals: 18, amount: -sim.fee },
      { who: 'self', asset: lusd, symbol: 'LUSD', decimals: 6, amount: -2_500_000n },
      { who: 'recipient', asset: lusd, symbol: 'LUSD', decimals: 6, amount: 2_500_000n },
    ]);
    expect(simulationVerdict(sim)).toEqual({ blocked: false });
  });

  it('a node without eth_simulateV1: its call tracer gives the same transfers and fee; with neither, no simulation', async () => {
    // anvil behind a transport that has no eth_simulateV1 (as a node that does not serve it answers: -32601)
    const forward = async (method: string, params: unknown[]) => {
      const r = await fetch(net.info.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      const b = (await r.json()) as { result?: unknown; error?: { code: number; message: string } };
      if (b.error) throw new ProviderError('server', b.error.message, { upstreamCode: b.error.code });
      return b.result;
    };
    const without = (missing: string[]) => ({
      call: async <T>(method: string, params: unknown[]): Promise<T> => {
        if (missing.includes(method)) throw new ProviderError('unsupported', `${method}: Method not found`);
        return (await forward(method, params)) as T;
      },
      batch: async () => [],
    });
    const lusd = net.info.contracts.erc20.toLowerCase();
    const req = {
      from: me!.address,
      to: lusd,
      value: '0',
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [other!.address, 2_500_000n],
      }),
      gas: '100000',
      nonce: 0,
      maxFeePerGas: '30000000000',
      maxPriorityFeePerGas: '1000000',
    };
    const signal = new AbortController().signal;
    const traced = await simulateV1(without(['eth_simulateV1']), req, signal);
    const simulated = await simulateV1(without([]), req, signal);
    expect(traced).toMatchObject({ available: true, status: 'success' });
    expect(traced.available && traced.status === 'success' && traced.transfers).toEqual([
      { token: lusd, from: me!.address.toLowerCase(), to: other!.address.toLowerCase(), amount: '2500000' },
    ]);
    // the same gas and transfers as the node's own simulation
    expect(simulated.available && simulated.status === 'success' && simulated.transfers).toEqual(
      traced.available && traced.status === 'success' && traced.transfers,
    );
    expect(simulated.available && simulated.status === 'success' && simulated.gasUsed).toBe(
      traced.available && traced.status === 'success' && traced.gasUsed,
    );
    // a coin send: the frame's value
    const coin = await simulateV1(
      without(['eth_simulateV1']),
      { ...req, to: other!.address, value: '7', data: '0x', gas: '21000' },
      signal,
    );
    expect(coin).toMatchObject({
      status: 'success',
      gasUsed: '21000',
      transfers: [{ token: null, amount: '7' }],
    });
    // a revert is the chain's refusal; with neither method there is no simulation
    const revert = await simulateV1(
      without(['eth_simulateV1']),
      {
        ...req,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [other!.address, 10n ** 30n],
        }),
      },
      signal,
    );
    expect(revert).toMatchObject({ available: true, status: 'failed' });
    expect(await simulateV1(without(['eth_simulateV1', 'debug_traceCall']), req, signal)).toEqual({
      available: false,
    });
  });

  it("a send the chain refuses (more than the balance) is 'failed' in the chain's words", async () => {
    const a = adapter();
    const built = await a.build(account, {
      intent: { kind: 'coin', to: other!.address, amount: 10n ** 17n },
      feeMode: 'medium',
    });
    const rich = { ...built, unsigned: { ...built.unsigned, value: 10n ** 24n } };
    const sim = await a.simulate!(rich);
    expect(sim).toMatchObject({
      kind: 'failed',
      reason: expect.stringMatching(/insufficient|funds|balance/i),
    });
  });
});
