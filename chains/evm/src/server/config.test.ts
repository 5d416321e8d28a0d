/**
 * The local profile serves every EVM coin of the menu from its own localnet node (endpoints.json `evm` for ETH,
 * `evmCoins.<SYMBOL>` for TETH, BSC, TBSC, XDC and HME): block-scan history, source 'local', the local ERC-20 as the
 * whole token list. CHAIN_<SYMBOL>_RPC replaces a chain's local node. In the mainnet profile, generic EVM chains
 * (EVM-<chainId>) come only from the chain-registry snapshot, with public https RPCs only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createChainRegistry } from '@secux-companion/server-kit/registry';
import { registryRpcs } from './config.js';
import type { EvmFacade } from './facade.js';
import { evmFamily } from './index.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-evm-config-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const noFetch = (async () => {
  throw new Error('no network in this test');
}) as typeof fetch;

const LUSD = '0x9AD50244681e313eeF77adD770A9F3dBE000406b';
const node = (port: number, chainId: number) => ({
  rpcUrl: `http://127.0.0.1:${port}`,
  chainId,
  contracts: { erc20: LUSD, erc721: '0x7f5BF9fC3e8d048947893991358c0A67738484bc' },
});
const COINS = { TETH: 11155111, BSC: 56, TBSC: 97, XDC: 50, HME: 886 } as const;

function registry(endpoints: unknown, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
  fs.mkdirSync(path.join(dataDir, 'localnet'));
  fs.writeFileSync(path.join(dataDir, 'localnet', 'endpoints.json'), JSON.stringify(endpoints));
  return createChainRegistry({
    config: { profile: 'local', dataDir },
    fetch: noFetch,
    env,
    families: [evmFamily],
  });
}

describe('EVM chains in the local profile', () => {
  it('serves TETH, BSC, TBSC, XDC and HME from their localnet nodes, like ETH', () => {
    const reg = registry({
      evm: node(8545, 31337),
      evmCoins: Object.fromEntries(Object.entries(COINS).map(([sym, id], i) => [sym, node(8547 + i, id)])),
    });
    expect(reg.list()).toEqual(
      [['ETH', 31337] as const, ...Object.entries(COINS)].map(([chain, chainId]) => ({
        chain,
        family: 'evm',
        chainId,
        providers: ['localnet-evm', 'block-scan'],
        source: 'local',
      })),
    );
    for (const sym of ['ETH', ...Object.keys(COINS)]) {
      // only the local token: BSC's shipped list names mainnet contracts the local chain does not have
      expect((reg.get(sym) as EvmFacade).cfg.tokenList).toEqual([
        { contract: LUSD, name: 'Local USD', symbol: 'LUSD', decimals: 6 },
      ]);
    }
  });

  it('a chain whose node is missing or malformed is not served; the others still are', () => {
    const reg = registry({
      evm: node(8545, 31337),
      evmCoins: { BSC: node(8548, 56), XDC: { rpcUrl: 'not a url', chainId: 50 } },
    });
    expect(reg.list().map((c) => c.chain)).toEqual(['ETH', 'BSC']);
    // an endpoints file without ETH's node still serves the coins it names
    expect(
      registry({ evmCoins: { HME: node(8551, 886) } })
        .list()
        .map((c) => [c.chain, c.chainId]),
    ).toEqual([['HME', 886]]);
  });

  it("CHAIN_<SYMBOL>_RPC replaces the chain's local node", () => {
    const reg = registry(
      { evm: node(8545, 31337), evmCoins: { TBSC: node(8549, 97), BSC: node(8548, 56) } },
      { CHAIN_TBSC_RPC: 'https://tbsc.example.org' },
    );
    expect(reg.list().find((c) => c.chain === 'TBSC')).toEqual({
      chain: 'TBSC',
      family: 'evm',
      chainId: 97,
      providers: ['rpc#1'],
      source: 'config',
    });
    expect(reg.list().find((c) => c.chain === 'BSC')).toMatchObject({ source: 'local' });
  });
});

describe('EVM chains in the mainnet profile', () => {
  it('generic EVM chains only from the chain-registry snapshot, with public https RPCs only', () => {
    const file = path.join(tmp, 'chains.json');
    fs.writeFileSync(
      file,
      JSON.stringify([
        {
          name: 'Polygon',
          chainId: 137,
          shortName: 'pol',
          rpc: [
            'https://polygon-rpc.com',
            'https://x.infura.io/v3/${INFURA_API_KEY}',
            'wss://ws.example.com',
            'http://plain.example.com',
          ],
          nativeCurrency: { symbol: 'POL', decimals: 18 },
        },
        {
          name: 'Sneaky',
          chainId: 999001,
          rpc: [
            'https://127.0.0.1:8545',
            'https://localhost',
            'https://10.1.2.3',
            'https://[::1]/',
            'https://169.254.169.254/latest',
          ],
        },
      ]),
    );
    const reg = createChainRegistry({
      config: { profile: 'mainnet', dataDir: tmp },
      fetch: noFetch,
      env: { CHAIN_REGISTRY_FILE: file },
      families: [evmFamily],
    });
    expect(reg.get('EVM-137')).toBeDefined();
    expect(reg.get('EVM-999001')).toBeUndefined();
    expect(reg.get('EVM-5')).toBeUndefined();
    expect(
      registryRpcs({
        rpc: [
          'https://polygon-rpc.com',
          'https://u:p@host.example.com',
          'https://192.168.1.1',
          'https://fd00::1',
          'https://LOCALHOST./rpc',
          'https://[64:ff9b::7f00:1]',
          // gone, though chain lists (and the shipped snapshot's chain id 1) still name them
          'https://cloudflare-eth.com',
          'https://eth.public-rpc.com/',
        ],
      }),
    ).toEqual(['https://polygon-rpc.com']);
  });
});
