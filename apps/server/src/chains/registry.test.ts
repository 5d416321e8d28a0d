/** Registry: configuration sources and the no-open-proxy rules. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isPrivateHost } from '@secux-companion/server-kit/env';
import { checkChainEnv, createChainRegistry } from './registry.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-chains-registry-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const noFetch = (async () => {
  throw new Error('no network in this test');
}) as typeof fetch;

describe('chain registry', () => {
  it('local profile: ETH and LTC from DATA_DIR/localnet/endpoints.json, re-read when it changes', () => {
    const dataDir = path.join(tmp, 'a');
    fs.mkdirSync(path.join(dataDir, 'localnet'), { recursive: true });
    const reg = createChainRegistry({ config: { profile: 'local', dataDir }, fetch: noFetch, env: {} });
    // Before localnet wrote its endpoints only the BNB Beacon Chain is listed: retired, served without a node.
    const RETIRED_BNB = {
      chain: 'BNB',
      family: 'bnb',
      providers: [],
      source: 'config',
      retired: true,
      archive: false,
    };
    expect(reg.list()).toEqual([RETIRED_BNB]);
    expect(reg.get('ETH')).toBeUndefined();
    fs.writeFileSync(
      path.join(dataDir, 'localnet', 'endpoints.json'),
      JSON.stringify({
        evm: { rpcUrl: 'http://127.0.0.1:8545', chainId: 31337 },
        ltc: { rpcUrl: 'http://127.0.0.1:19443', rpcUser: 'secux', rpcPassword: 'pw' },
      }),
    );
    const list = reg.list().filter((c) => c.chain !== 'BNB');
    expect(list).toEqual([
      {
        chain: 'LTC',
        family: 'bitcoin',
        network: 'regtest',
        providers: ['localnet-litecoind'],
        source: 'local',
      },
      {
        chain: 'ETH',
        family: 'evm',
        chainId: 31337,
        providers: ['localnet-evm', 'block-scan'],
        source: 'local',
      },
    ]);
    expect(reg.get('eth')).toBeDefined();
    expect(reg.get('BTC')).toBeUndefined(); // no public providers in the local profile unless configured
  });

  it('local profile: LOCAL_* variables win over the file', () => {
    const reg = createChainRegistry({
      config: { profile: 'local', dataDir: path.join(tmp, 'none') },
      fetch: noFetch,
      env: {
        LOCAL_EVM_RPC: 'http://127.0.0.1:9999',
        LOCAL_EVM_CHAIN_ID: '1337',
        LOCAL_LTC_RPC_URL: 'http://127.0.0.1:9998',
        LOCAL_LTC_RPC_USER: 'u',
        LOCAL_LTC_RPC_PASSWORD: 'p',
      },
    });
    expect(reg.list().map((c) => [c.chain, c.chainId ?? c.network])).toEqual([
      ['LTC', 'regtest'],
      ['ETH', 1337],
      ['BNB', undefined],
    ]);
  });

  it('mainnet profile: public defaults, replaceable or disabled per chain; keys never listed', () => {
    const reg = createChainRegistry({
      config: { profile: 'mainnet', dataDir: tmp },
      fetch: noFetch,
      env: {
        ETHERSCAN_API_KEY: 'secret',
        CHAIN_LTC_BLOCKBOOK: 'none',
        CHAIN_LTC_BITCOIN_RPC: 'http://user:pass@10.0.0.5:9332',
        CHAIN_DOGE_BLOCKBOOK: 'none',
      },
    });
    const byChain = Object.fromEntries(reg.list().map((c) => [c.chain, c]));
    expect(byChain.BTC).toMatchObject({
      network: 'main',
      providers: ['blockbook#1', 'blockbook#2', 'mempool#1'],
    });
    expect(byChain.LTC).toMatchObject({ providers: ['bitcoin-rpc#1'] });
    expect(byChain.DOGE).toBeUndefined();
    // ETH: Etherscan V2 with the key, then Blockscout's keyless instance and Trezor's Blockbooks
    expect(byChain.ETH).toMatchObject({
      chainId: 1,
      providers: ['rpc#1', 'rpc#2', 'explorer#1', 'blockscout#1', 'blockbook#1', 'blockbook#2'],
    });
    // BSC: never Etherscan's free plan (it does not serve chain id 56)
    expect(byChain.BSC).toMatchObject({ chainId: 56 });
    expect(byChain.BSC!.providers).not.toContain('explorer#1');
    // TETH is Sepolia (Goerli is shut down), with public nodes and Etherscan V2 by default.
    expect(byChain.TETH).toMatchObject({ chainId: 11155111, providers: ['rpc#1', 'rpc#2', 'explorer#1'] });
    expect(JSON.stringify(reg.list())).not.toMatch(/secret|pass|https?:/);
  });

  it('private host detection and env validation', () => {
    for (const h of [
      'localhost',
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.169.254',
      '::1',
      '[::1]',
      'fe80::1',
      'node.local',
      '0.0.0.0',
      '::ffff:127.0.0.1',
      'LOCALHOST.',
      '64:ff9b::7f00:1',
      '[64:ff9b::127.0.0.1]',
    ])
      expect(isPrivateHost(h), h).toBe(true);
    for (const h of ['polygon-rpc.com', '8.8.8.8', '172.32.0.1', '2001:4860::8888'])
      expect(isPrivateHost(h), h).toBe(false);
    expect(
      checkChainEnv({
        CHAIN_ETH_RPC: 'https://a.example,https://b.example',
        CHAIN_PROVIDER_TIMEOUT_MS: '20000',
      }),
    ).toEqual([]);
    expect(
      checkChainEnv({ CHAIN_ETH_RPC: 'ftp://x', CHAIN_BTC_NETWORK: 'moon', CHAIN_HEALTH_TIMEOUT_MS: 'soon' }),
    ).toEqual([
      'CHAIN_HEALTH_TIMEOUT_MS: must be a whole number',
      'CHAIN_BTC_NETWORK: Invalid option: expected one of "main"|"test"|"regtest"',
      "CHAIN_ETH_RPC: must be a comma separated list of http(s) URLs (or 'none')",
    ]);
  });
});
