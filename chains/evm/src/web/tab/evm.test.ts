import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fetchChainRegistry,
  isRegistryChain,
  isUsableRpc,
  readAddedChains,
  writeAddedChains,
} from '../chainsArea/addedChains';
import { mergeKnown, readTokenSettings, writeTokenSettings } from './tokens';
import { safeImageUrl } from './format';

const LUSD = '0x9AD50244681e313eeF77adD770A9F3dBE000406b' as const;

describe('EVM screens: storage and filters', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('keeps known and enabled tokens per chain and address; device tokens join the known list once', () => {
    const address = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
    expect(readTokenSettings(31337, address)).toEqual({ known: [], enabled: [] });
    const token = { contract: LUSD, name: 'Local USD', symbol: 'LUSD', decimals: 6 };
    writeTokenSettings(31337, address, { known: [token], enabled: [LUSD] });
    expect(readTokenSettings(31337, address.toLowerCase())).toEqual({ known: [token], enabled: [LUSD] });
    expect(readTokenSettings(1, address)).toEqual({ known: [], enabled: [] });
    const merged = mergeKnown({ known: [token], enabled: [] }, [
      { ...token, contract: LUSD.toLowerCase() as `0x${string}` },
    ]);
    expect(merged.known).toHaveLength(1);
    localStorage.setItem(
      `secux.evm.tokens.31337.${address.toLowerCase()}`,
      '{"known":[{"contract":1}],"enabled":"x"}',
    );
    expect(readTokenSettings(31337, address)).toEqual({ known: [], enabled: [] });
  });

  it('takes from the registry answer only chains it can use (whole decimals, string RPCs)', () => {
    const ok = {
      chainId: 137,
      name: 'Polygon',
      nativeCurrency: { symbol: 'POL', decimals: 18 },
      rpcs: ['https://rpc'],
    };
    expect(isRegistryChain(ok)).toBe(true);
    expect(isRegistryChain({ ...ok, nativeCurrency: { symbol: 'POL', decimals: 18.5 } })).toBe(false);
    expect(isRegistryChain({ ...ok, nativeCurrency: { symbol: 'POL', decimals: '18' } })).toBe(false);
    expect(isRegistryChain({ ...ok, chainId: 0 })).toBe(false);
    expect(isRegistryChain({ ...ok, rpcs: [42] })).toBe(false);
    expect(isRegistryChain({ ...ok, explorers: [{}] })).toBe(false);
    expect(isRegistryChain(null)).toBe(false);
  });

  it('calls only https RPCs, or http on loopback', () => {
    expect(isUsableRpc('https://polygon-rpc.com/')).toBe(true);
    expect(isUsableRpc('http://127.0.0.1:8545')).toBe(true);
    expect(isUsableRpc('http://localhost:8545')).toBe(true);
    expect(isUsableRpc('http://10.0.0.1:8545')).toBe(false);
    expect(isUsableRpc('https://user:pw@rpc.example')).toBe(false);
    expect(isUsableRpc('https://rpc.example/${KEY}')).toBe(false);
    expect(isUsableRpc('wss://rpc.example')).toBe(false);
    expect(isUsableRpc('not a url')).toBe(false);
  });

  it('filters the chain list: native ids, blacklisted ids and RPCs, testnets (not the local chain)', async () => {
    const chain = (chainId: number, name: string, rpcs: string[], extra = {}) => ({
      chainId,
      name,
      nativeCurrency: { symbol: 'X', decimals: 18 },
      rpcs,
      ...extra,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/blacklist')
          ? new Response(JSON.stringify({ chainIds: [7700], rpcs: ['https://rpc.ankr.com/polygon'] }))
          : new Response(
              JSON.stringify({
                chains: [
                  chain(31337, 'SecuX Localnet', ['http://127.0.0.1:8545'], { local: true }),
                  chain(1, 'Ethereum', ['https://eth.example']),
                  chain(56, 'BNB', ['https://bsc.example']),
                  chain(137, 'Polygon Mainnet', ['https://rpc.ankr.com/polygon', 'https://polygon-rpc.com/']),
                  chain(7700, 'Canto', ['https://canto.example']),
                  chain(80002, 'Polygon Amoy Testnet', ['https://amoy.example']),
                  chain(999, 'Only blocked', ['https://rpc.ankr.com/polygon/x']),
                ],
                unsupported: [{ chainId: 7700, name: 'Canto' }],
              }),
            ),
      ),
    );
    const r = await fetchChainRegistry();
    expect(r.chains.map((c) => c.chainId)).toEqual([31337, 137]);
    expect(r.chains[1]!.rpcs).toEqual(['https://polygon-rpc.com/']);
    expect(r.unsupported).toEqual([{ chainId: 7700, name: 'Canto' }]);
  });

  it('stores added chains with bigint balances', () => {
    writeAddedChains([
      {
        chainId: 137,
        name: 'Polygon Mainnet',
        shortName: 'pol',
        coin: 'POL',
        decimals: 18,
        rpcs: ['https://polygon-rpc.com/', 'http://192.168.1.2:8545'],
        hasValidRpc: false,
        accounts: [
          {
            index: 0,
            name: 'Polygon Main 1',
            address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
            balance: 10n ** 18n,
          },
        ],
      },
    ]);
    const [c] = readAddedChains();
    expect(c!.accounts[0]!.balance).toBe(10n ** 18n);
    expect(c!.rpcs).toEqual(['https://polygon-rpc.com/']);
    expect(c!.hasValidRpc).toBe(true);
  });

  it('shows images only from https and data URLs', () => {
    expect(safeImageUrl('https://img.example/a.png')).toBe('https://img.example/a.png');
    expect(safeImageUrl('data:image/svg+xml;base64,AAA')).toBe('data:image/svg+xml;base64,AAA');
    expect(safeImageUrl('http://img.example/a.png')).toBeUndefined();
    expect(safeImageUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeImageUrl(undefined)).toBeUndefined();
  });
});
