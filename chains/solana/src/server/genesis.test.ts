/**
 * The Solana chain check: a node of another cluster (devnet, testnet) is never served as mainnet. Every node's
 * getGenesisHash must be mainnet-beta's in the mainnet profile, and the localnet file's (else the first node's) in the
 * local profile; a mismatch is `wrongChain` (the next node answers), checked on first use and again after a failure.
 * The localnet's LiteSVM node answers its own genesis, or mainnet-beta's when it stands in for mainnet.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChainApiError } from '@secux-companion/server-kit/failover';
import { createChainRegistry } from '@secux-companion/server-kit/registry';
import { rpcHandler, startServer, type TestServer } from '@secux-companion/server-kit/testing/servers';
import {
  LOCAL_GENESIS_HASH as SOLANA_LOCAL_GENESIS_HASH,
  MAINNET_GENESIS_HASH as LOCALNET_MAINNET,
  SolanaSimulator,
} from '../sim/index.js';
import type { SolanaFacade } from './facade.js';
import { SOLANA_MAINNET_GENESIS_HASH } from './genesis.js';
import { solanaFamily } from './index.js';

const DEVNET = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG';
const ME = 'GjJyeC1r2RgkuoCWMyPYkCWSGSGLcz266EaAkLA27AhL';

interface FakeNode {
  url: string;
  genesis: string;
  /** getBalance answers 503 this many more times. */
  failBalance: number;
  asked: string[];
}
const servers: TestServer[] = [];
async function fakeNode(genesis: string, lamports: number): Promise<FakeNode> {
  const n: FakeNode = { url: '', genesis, failBalance: 0, asked: [] };
  const node = rpcHandler({
    getGenesisHash: () => n.genesis,
    getBalance: () => ({ context: { slot: 10 }, value: lamports }),
    getTokenAccountsByOwner: () => ({ context: { slot: 10 }, value: [] }),
    getSignaturesForAddress: () => [],
  });
  const server = await startServer((req) => {
    const { method } = req.json as { method: string };
    n.asked.push(method);
    if (method === 'getBalance' && n.failBalance > 0) {
      n.failBalance -= 1;
      return { status: 503, body: 'busy' };
    }
    return node(req);
  });
  servers.push(server);
  n.url = server.url;
  return n;
}

const tmps: string[] = [];
function facadeOf(
  profile: 'mainnet' | 'local',
  env: Record<string, string>,
  localnet?: unknown,
): SolanaFacade {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-sol-genesis-'));
  tmps.push(dataDir);
  if (localnet) {
    fs.mkdirSync(path.join(dataDir, 'localnet'));
    fs.writeFileSync(path.join(dataDir, 'localnet', 'endpoints.json'), JSON.stringify(localnet));
  }
  const registry = createChainRegistry({
    config: { profile, dataDir },
    fetch,
    env,
    families: [solanaFamily],
  });
  const f = registry.get('SOL');
  if (!f) throw new Error('SOL is not served');
  return f as SolanaFacade;
}

async function balance(f: SolanaFacade) {
  try {
    const a = await f.account(ME, {});
    return { balance: a.balance, provider: a.provider };
  } catch (e) {
    if (e instanceof ChainApiError) return { status: e.statusCode, attempts: e.extra.attempts };
    throw e;
  }
}

// The facade asks a random node first: always the first configured one here.
beforeEach(() => void vi.spyOn(Math, 'random').mockReturnValue(0));
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  for (const t of tmps) fs.rmSync(t, { recursive: true, force: true });
});

describe('Solana genesis check, mainnet profile', () => {
  it('a devnet node configured for SOL is skipped (wrongChain): the mainnet node answers', async () => {
    const devnet = await fakeNode(DEVNET, 1);
    const mainnet = await fakeNode(SOLANA_MAINNET_GENESIS_HASH, 7);
    const f = facadeOf('mainnet', { CHAIN_SOL_RPC: `${devnet.url},${mainnet.url}` });
    expect((await balance(f)).balance).toBe('7');
    // Not even asked for the balance: the check comes first.
    expect(devnet.asked).not.toContain('getBalance');
    expect(devnet.asked).toContain('getGenesisHash');
  });

  it('only devnet nodes: the call fails, never a devnet balance', async () => {
    const devnet = await fakeNode(DEVNET, 1);
    const f = facadeOf('mainnet', { CHAIN_SOL_RPC: devnet.url });
    expect(await balance(f)).toMatchObject({
      status: 502,
      attempts: [{ provider: 'solana#1', kind: 'wrongChain' }],
    });
  });

  it('checked on first use, and again after a failure', async () => {
    const first = await fakeNode(SOLANA_MAINNET_GENESIS_HASH, 5);
    const second = await fakeNode(SOLANA_MAINNET_GENESIS_HASH, 7);
    const f = facadeOf('mainnet', {
      CHAIN_SOL_RPC: `${first.url},${second.url}`,
      CHAIN_BREAKER_FAILURES: '5',
    });
    expect((await balance(f)).balance).toBe('5');
    expect((await balance(f)).balance).toBe('5');
    expect(first.asked.filter((m) => m === 'getGenesisHash')).toHaveLength(1);
    // The node is re-pointed at devnet and fails once: the next call checks it again and leaves it.
    first.genesis = DEVNET;
    first.failBalance = 1;
    expect((await balance(f)).balance).toBe('7');
    first.asked.length = 0;
    expect((await balance(f)).balance).toBe('7');
    expect(first.asked).toEqual(['getGenesisHash']);
  });
});

describe('Solana genesis check, local profile', () => {
  it("the endpoints file's genesis: a node of another ledger is skipped", async () => {
    const stranger = await fakeNode(DEVNET, 1);
    const local = await fakeNode(SOLANA_LOCAL_GENESIS_HASH, 9);
    const f = facadeOf(
      'local',
      {},
      {
        solana: { rpcUrls: [stranger.url, local.url], genesisHash: SOLANA_LOCAL_GENESIS_HASH },
      },
    );
    expect((await balance(f)).balance).toBe('9');
    expect(stranger.asked).not.toContain('getBalance');
  });

  it("without one in the file: the first node's genesis, and the others must agree", async () => {
    const local = await fakeNode(SOLANA_LOCAL_GENESIS_HASH, 9);
    const stranger = await fakeNode(DEVNET, 1);
    const f = facadeOf('local', {}, { solana: { rpcUrls: [local.url, stranger.url] } });
    expect((await balance(f)).balance).toBe('9');
    // The local node fails: the other one, of another ledger, is not served instead.
    local.failBalance = 5;
    expect(await balance(f)).toMatchObject({ status: 502 });
    expect(stranger.asked).not.toContain('getBalance');
  });
});

describe('the localnet LiteSVM node', () => {
  it("answers its own genesis by default, mainnet-beta's when it stands in for mainnet", () => {
    expect(new SolanaSimulator({ slotMs: 0 }).handle('getGenesisHash', [])).toBe(SOLANA_LOCAL_GENESIS_HASH);
    expect(SOLANA_LOCAL_GENESIS_HASH).not.toBe(SOLANA_MAINNET_GENESIS_HASH);
    expect(LOCALNET_MAINNET).toBe(SOLANA_MAINNET_GENESIS_HASH);
    expect(
      new SolanaSimulator({ slotMs: 0, genesisHash: LOCALNET_MAINNET }).handle('getGenesisHash', []),
    ).toBe(SOLANA_MAINNET_GENESIS_HASH);
  });
});
