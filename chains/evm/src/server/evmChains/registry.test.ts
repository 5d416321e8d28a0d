import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EVM_CHAIN_SNAPSHOT_FILE,
  addableChains,
  isBlacklistedRpc,
  isTestnetChain,
  loadBlacklists,
  loadSnapshot,
  localChain,
  parseRegistry,
  usableRpcs,
  type RegistryChain,
} from './registry.js';

const entry = (chainId: number, extra: Partial<RegistryChain> = {}): RegistryChain => ({
  name: `Chain ${chainId}`,
  chain: 'X',
  chainId,
  networkId: chainId,
  shortName: `c${chainId}`,
  rpc: [`https://rpc${chainId}.example.org`],
  faucets: [],
  nativeCurrency: { name: 'X', symbol: 'X', decimals: 18 },
  ...extra,
});

describe('the shipped snapshot', () => {
  const snap = loadSnapshot();
  it('is a chains.json-shaped array sorted by chain id with ~30 mainnets and a few testnets', () => {
    expect(snap.length).toBeGreaterThanOrEqual(40);
    expect(snap.map((c) => c.chainId)).toEqual([...snap.map((c) => c.chainId)].sort((a, b) => a - b));
    const raw = JSON.parse(fs.readFileSync(EVM_CHAIN_SNAPSHOT_FILE, 'utf8')) as Record<string, unknown>[];
    for (const c of raw)
      for (const k of [
        'name',
        'chain',
        'chainId',
        'networkId',
        'shortName',
        'rpc',
        'faucets',
        'nativeCurrency',
        'infoURL',
      ])
        expect(c).toHaveProperty(k);
    expect(new Set(snap.map((c) => c.shortName)).size).toBe(snap.length);
    expect(snap.filter((c) => isTestnetChain(c)).length).toBeGreaterThanOrEqual(4);
  });

  it('offers the well-known mainnets and none of the excluded ones', () => {
    const { chains, unsupported } = addableChains(snap, loadBlacklists());
    const ids = chains.map((c) => c.chainId);
    expect(ids.length).toBeGreaterThanOrEqual(28);
    for (const id of [10, 137, 8453, 42161, 43114, 250, 100, 59144, 534352]) expect(ids).toContain(id);
    for (const id of [0, 1, 56, 50]) expect(ids).not.toContain(id); // natively supported
    for (const id of [3, 5, 97, 43113, 80002, 84532, 421614, 11155111, 1666900000])
      expect(ids).not.toContain(id); // test/dev nets
    for (const id of [324, 7700, 1666600000]) expect(ids).not.toContain(id); // blacklisted
    expect(unsupported.map((u) => u.chainId).sort((a, b) => a - b)).toEqual([324, 7700, 1666600000]);
    for (const c of chains) {
      expect(c.rpcs.length).toBeGreaterThan(0);
      expect(c.rpc).toBe(c.rpcs[0]);
      for (const r of c.rpcs) {
        expect(r).toMatch(/^https?:\/\//);
        expect(r).not.toContain('${');
      }
    }
    const polygon = chains.find((c) => c.chainId === 137)!;
    expect(polygon.rpcs).not.toContain('https://rpc.ankr.com/polygon'); // RPC blacklist
    expect(polygon).toMatchObject({
      shortName: 'pol',
      nativeCurrency: { symbol: 'POL', decimals: 18 },
      eip1559: true,
      l1FeeOracle: false,
    });
    expect(chains.find((c) => c.chainId === 10)).toMatchObject({
      l1FeeOracle: true,
      explorers: [{ url: 'https://optimistic.etherscan.io' }, { url: 'https://optimism.blockscout.com' }],
    });
    expect(chains.find((c) => c.chainId === 42161)!.rpcs).toEqual([
      'https://arb1.arbitrum.io/rpc',
      'https://arbitrum-one-rpc.publicnode.com',
    ]);
  });
});

describe('filter rules', () => {
  it('testnet, devnet, previewnet, localnet by name or title; faucets; L2 of a testnet', () => {
    expect(isTestnetChain({ name: 'Foo Testnet' })).toBe(true);
    expect(isTestnetChain({ name: 'Foo devnet' })).toBe(true);
    expect(isTestnetChain({ name: 'Hedera Previewnet' })).toBe(true);
    expect(isTestnetChain({ name: 'Kroma Localnet' })).toBe(true);
    expect(isTestnetChain({ name: 'Arbitrum Sepolia', title: 'Arbitrum Sepolia Rollup Testnet' })).toBe(true);
    expect(isTestnetChain({ name: 'Sepolia', faucets: ['https://faucet'] })).toBe(true);
    expect(isTestnetChain({ name: 'Testnetwork Mainnet' })).toBe(false);
    const r = addableChains(
      [entry(7, { faucets: ['x'] }), entry(8, { parent: { type: 'L2', chain: 'eip155-7' } }), entry(9)],
      { chainIds: [], rpcs: [] },
    );
    expect(r.chains.map((c) => c.chainId)).toEqual([9]);
  });

  it('excludes native ids 0, 1, 56, 50, deprecated chains, duplicates and chains without a usable RPC', () => {
    const r = addableChains(
      [
        entry(0),
        entry(1),
        entry(56),
        entry(50),
        entry(20, { status: 'deprecated' }),
        entry(21),
        entry(21, { name: 'dup' }),
        entry(22, { rpc: ['wss://x.org', 'https://${KEY}.org'] }),
      ],
      { chainIds: [], rpcs: [] },
    );
    expect(r.chains.map((c) => [c.chainId, c.name])).toEqual([[21, 'Chain 21']]);
  });

  it('blacklisted chain ids become the unsupported note', () => {
    const r = addableChains([entry(30), entry(31)], { chainIds: [31], rpcs: [] });
    expect(r.chains.map((c) => c.chainId)).toEqual([30]);
    expect(r.unsupported).toEqual([{ chainId: 31, name: 'Chain 31' }]);
  });

  it('RPCs: http(s) only, no templates, no private hosts, not blacklisted (exact or below)', () => {
    expect(
      usableRpcs(
        [
          'https://a.org',
          'wss://b.org',
          'https://c.org/${KEY}',
          'http://localhost:8545',
          'http://10.0.0.5:8545',
          'https://[::1]:8545',
          'https://bad.org/v1',
          'https://bad.org',
          'https://a.org',
          'ftp://x.org',
          'https://ok.org/rpc',
        ],
        ['https://bad.org'],
      ),
    ).toEqual(['https://a.org', 'https://ok.org/rpc']);
    expect(isBlacklistedRpc('https://rpc.ankr.com/polygon/', ['https://rpc.ankr.com/polygon'])).toBe(true);
    expect(isBlacklistedRpc('https://rpc.ankr.com/polygon_zkevm', ['https://rpc.ankr.com/polygon'])).toBe(
      false,
    );
    expect(isBlacklistedRpc('nonsense', [])).toBe(true);
  });

  it('malformed registry entries are skipped; missing lists are empty', () => {
    expect(parseRegistry({})).toEqual([]);
    expect(
      parseRegistry([null, { name: 'x' }, { ...entry(5), rpc: ['https://a', 3] }]).map((c) => c.rpc),
    ).toEqual([['https://a']]);
    expect(loadBlacklists({ chainIds: '/nonexistent/a.json', rpcs: '/nonexistent/b.json' })).toEqual({
      chainIds: [],
      rpcs: [],
    });
    expect(loadSnapshot('/nonexistent.json')).toEqual([]);
  });
});

describe('the local chain', () => {
  it("is localnet's side chain from DATA_DIR/localnet/endpoints.json; LOCALNET_SIDE_CHAIN_ID overrides its id", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evmchains-'));
    const write = (data: unknown) =>
      fs.writeFileSync(path.join(dir, 'localnet', 'endpoints.json'), JSON.stringify(data));
    const main = { rpcUrl: 'http://127.0.0.1:8545', chainId: 31337 };
    expect(localChain(dir, {})).toBeNull();
    fs.mkdirSync(path.join(dir, 'localnet'));
    write({ evm: main, sideEvm: { rpcUrl: 'http://127.0.0.1:8546', chainId: 31338 } });
    expect(localChain(dir, {})).toEqual({
      chainId: 31338,
      networkId: 31338,
      name: 'Localnet Side Chain',
      chain: 'ETH',
      shortName: 'local-side',
      icon: 'localnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcs: ['http://127.0.0.1:8546'],
      rpc: 'http://127.0.0.1:8546',
      explorers: [],
      eip1559: true,
      l1FeeOracle: false,
      local: true,
    });
    expect(localChain(dir, { LOCALNET_SIDE_CHAIN_ID: '1337' })!.chainId).toBe(1337);
    // The main chain's override no longer matters: the main chain is never offered.
    expect(localChain(dir, { LOCALNET_CHAIN_ID: '1337' })!.chainId).toBe(31338);
    write({ evm: main, sideEvm: { rpcUrl: 'ws://x', chainId: 31338 } });
    expect(localChain(dir, {})).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('an endpoints file without a side chain (older localnet, or disabled) offers nothing local', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evmchains-'));
    fs.mkdirSync(path.join(dir, 'localnet'));
    const file = path.join(dir, 'localnet', 'endpoints.json');
    fs.writeFileSync(file, JSON.stringify({ evm: { rpcUrl: 'http://127.0.0.1:8545', chainId: 31337 } }));
    expect(localChain(dir, {})).toBeNull();
    fs.writeFileSync(
      file,
      JSON.stringify({ evm: { rpcUrl: 'http://127.0.0.1:8545', chainId: 31337 }, sideEvm: null }),
    );
    expect(localChain(dir, {})).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is not offered with the main chain's id (the device entries would collide with native ETH)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evmchains-'));
    fs.mkdirSync(path.join(dir, 'localnet'));
    fs.writeFileSync(
      path.join(dir, 'localnet', 'endpoints.json'),
      JSON.stringify({
        evm: { rpcUrl: 'http://127.0.0.1:8545', chainId: 31337 },
        sideEvm: { rpcUrl: 'http://127.0.0.1:8546', chainId: 31337 },
      }),
    );
    expect(localChain(dir, {})).toBeNull();
    expect(localChain(dir, { LOCALNET_SIDE_CHAIN_ID: '31338' })!.chainId).toBe(31338);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
