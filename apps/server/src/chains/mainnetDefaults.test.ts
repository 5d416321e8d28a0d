/**
 * The mainnet profile's default providers (issue 29, shared/reference/apis/mainnet-behaviour.md): with no setting at
 * all, the hosts the server asks are the maintained public ones chosen per coin (FIO's listed API nodes and its v1
 * history nodes, several TRON full nodes, Groestlcoin's own Blockbook, XDC's listed RPCs, Blockscout's keyless ETH
 * instance), never a host that is gone, and TRON_PRO_API_KEY reaches TronGrid's hosts only.
 *
 * Nothing leaves the machine: a recording fetch refuses every request, and each coin's routes are asked once so that
 * every provider of the call is tried.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createChainRegistry, registerChainRoutes } from './registry.js';

const FIO_KEY = 'FIO5kJKNHwctcfUM5XZyiWSqSTM5HTzznJP9F3ZdbhaQAHEVq575o';
const TRX_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const EVM_ADDRESS = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const TXID = 'ab'.repeat(32);

/** Hosts that are gone or never were mainnet API hosts (mainnet-behaviour.md §1, §3.1, §3.2, §7, §8). */
const DEAD = [
  'cloudflare-eth.com',
  'eth.public-rpc.com',
  ...[1, 2, 3, 4, 5].map((i) => `dash${i}.trezor.io`),
  ...[1, 2].map((i) => `dgb${i}.trezor.io`),
  'fio.eossweden.org',
  'api.bscscan.com',
  'lite-api.jup.ag',
];

interface Asked {
  host: string;
  path: string;
  headers: Record<string, string>;
}

/** The mainnet profile with `env`; every upstream request is recorded and refused. */
async function mainnet(env: Record<string, string> = {}) {
  const asked: Asked[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const u = new URL(String(input));
    asked.push({
      host: u.host,
      path: u.pathname,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    });
    throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
  }) as typeof fetch;
  const registry = createChainRegistry({
    config: { profile: 'mainnet', dataDir: '/nonexistent' },
    fetch: fetchFn,
    env: { CHAIN_BREAKER_FAILURES: '100', ...env },
  });
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 256 } });
  await app.register(
    async (api) => registerChainRoutes(api, { config: {} as never, fetch: fetchFn }, { registry }),
    { prefix: '/api' },
  );
  await app.ready();
  /** The hosts one request asked (in order, each once). */
  const hostsOf = async (url: string) => {
    const from = asked.length;
    const r = await app.inject({ url });
    expect(r.statusCode, `${url}: ${r.body}`).toBeGreaterThanOrEqual(400);
    return [...new Set(asked.slice(from).map((a) => a.host))];
  };
  return { app, asked, hostsOf, registry };
}

describe('mainnet defaults without any setting', () => {
  it('asks the chosen public hosts per coin, and never a dead one', async () => {
    const m = await mainnet();
    // FIO: API nodes from FIO's list (sw/eden is api.fiosweden.org), history from its v1 history nodes only
    expect(await m.hostsOf(`/api/chains/FIO/account/${FIO_KEY}`)).toEqual([
      'fio.blockpane.com',
      'api.fiosweden.org',
      'fio.eosusa.io',
      'fio.greymass.com',
      'fio.eosphere.io',
    ]);
    expect(await m.hostsOf(`/api/chains/FIO/history/${FIO_KEY}`)).toEqual([
      'fio.blockpane.com',
      'api.fiosweden.org',
      'fio.greymass.com',
      'fio.eosphere.io',
      'api.fio.detroitledger.tech',
    ]);
    // TRON: three full nodes; the v1 index is TronGrid's alone
    const before = m.asked.length;
    const trx = await m.hostsOf(`/api/chains/TRX/account/${TRX_ADDRESS}`);
    expect(trx.sort()).toEqual(['api.trongrid.io', 'api.tronstack.io', 'tron-rpc.publicnode.com']);
    const index = m.asked
      .slice(before)
      .filter((a) => a.path.startsWith('/v1/'))
      .map((a) => a.host);
    expect(new Set(index)).toEqual(new Set(['api.trongrid.io']));
    // ETH: history from Blockscout's keyless instance, then Trezor's Blockbooks (asked first: a refused provider
    // is then skipped for a while); its public RPCs
    expect(await m.hostsOf(`/api/chains/ETH/history/${EVM_ADDRESS}`)).toEqual([
      'eth.blockscout.com',
      'eth1.trezor.io',
      'eth2.trezor.io',
    ]);
    expect(await m.hostsOf(`/api/chains/ETH/account/${EVM_ADDRESS}`)).toEqual(
      expect.arrayContaining(['ethereum-rpc.publicnode.com', 'eth.llamarpc.com']),
    );
    // BSC: Trezor's BSC Blockbooks (Etherscan's free plan does not serve it)
    expect(await m.hostsOf(`/api/chains/BSC/history/${EVM_ADDRESS}`)).toEqual([
      'bsc1.trezor.io',
      'bsc2.trezor.io',
    ]);
    // XDC: the RPCs chain lists name
    expect((await m.hostsOf(`/api/chains/XDC/account/${EVM_ADDRESS}`)).sort()).toEqual([
      'erpc.xinfin.network',
      'rpc.xdcrpc.com',
      'rpc.xinfin.network',
      'rpc1.xinfin.network',
    ]);
    // GRS: Groestlcoin's own Blockbook (not a Trezor host)
    expect(await m.hostsOf(`/api/chains/GRS/tx/${TXID}`)).toEqual(['blockbook.groestlcoin.org']);
    for (const c of ['BTC', 'LTC', 'BCH', 'DOGE']) {
      const hosts = await m.hostsOf(`/api/chains/${c}/tx/${TXID}`);
      expect(hosts.length, c).toBeGreaterThan(0);
      for (const h of hosts) expect(h, c).toMatch(/^[a-z]+\d\.trezor\.io$/);
    }
    // DASH and DGB: no confirmed public Blockbook since Trezor's were switched off: unserved, naming the setting
    const unserved = m.registry.unserved();
    for (const c of ['DASH', 'DGB', 'HME'])
      expect(
        unserved.find((u) => u.chain === c),
        c,
      ).toBeDefined();
    for (const url of [
      '/api/chains/XRP/fees',
      '/api/chains/XLM/fees',
      '/api/chains/SOL/fees',
      '/api/chains/BSC/fees',
    ])
      await m.app.inject({ url });
    const everyHost = new Set(m.asked.map((a) => a.host));
    for (const dead of DEAD) expect(everyHost.has(dead), dead).toBe(false);
    await m.app.close();
  });

  it('TRON_PRO_API_KEY goes to TronGrid hosts only', async () => {
    const m = await mainnet({ TRON_PRO_API_KEY: 'tron-pro-key' });
    await m.hostsOf(`/api/chains/TRX/account/${TRX_ADDRESS}`);
    await m.hostsOf(`/api/chains/TRX/history/${TRX_ADDRESS}`);
    const byHost = new Map<string, (string | undefined)[]>();
    for (const a of m.asked)
      byHost.set(a.host, [...(byHost.get(a.host) ?? []), a.headers['tron-pro-api-key']]);
    expect([...byHost.keys()].sort()).toEqual([
      'api.trongrid.io',
      'api.tronstack.io',
      'tron-rpc.publicnode.com',
    ]);
    expect(byHost.get('api.trongrid.io')!.every((k) => k === 'tron-pro-key')).toBe(true);
    for (const other of ['api.tronstack.io', 'tron-rpc.publicnode.com'])
      expect(byHost.get(other)!.every((k) => k === undefined)).toBe(true);
    await m.app.close();
  });
});
