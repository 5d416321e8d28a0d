/**
 * An answer out of bounds is that node's malformed answer: the next node is asked and the client never sees it (the
 * bounds are the failover's check, not a check after it, which would end the request with a 500). Sun are JSON numbers:
 * an honest amount above 2^53 is served with every digit (issue 29: JSON.parse rounded it).
 */
import { tronHex } from '@secux-companion/chain-tron';
import { describe, expect, it } from 'vitest';
import { liarFirst, lying, type Json } from '@secux-companion/server-kit/testing/liar';
import type { Handler, Req } from '@secux-companion/server-kit/testing/servers';
import type { TronAccountRead, TronIndexProvider, TronNodeProvider } from './backend.js';
import { MAX_UNIT_PRICE, TRX_MAX_SUN } from './bounds.js';
import { PARAM_KEYS, TronFacade } from './facade.js';
import { tronFamily } from './index.js';

const ME = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

function node(name: string, energyPrice: bigint, balance: bigint): TronNodeProvider {
  const read: TronAccountRead = { found: true, balance, assets: [] };
  return {
    name,
    timeoutMs: 1000,
    getChainParameters: () =>
      Promise.resolve(
        new Map([
          [PARAM_KEYS.bandwidthPrice, 1000n],
          [PARAM_KEYS.energyPrice, energyPrice],
          [PARAM_KEYS.createAccountFee, 100_000n],
          [PARAM_KEYS.createNewAccountFeeInSystemContract, 1_000_000n],
        ]),
      ),
    getAccount: () => Promise.resolve(read),
    getAccountResource: () =>
      Promise.resolve({
        freeNetLimit: 600n,
        freeNetUsed: 0n,
        netLimit: 0n,
        netUsed: 0n,
        energyLimit: 0n,
        energyUsed: 0n,
      }),
  } as unknown as TronNodeProvider;
}

const index = {
  name: 'index',
  timeoutMs: 1000,
  trc20Balances: () => Promise.resolve([]),
} as unknown as TronIndexProvider;

describe('TRON answers out of bounds', () => {
  it('asks the next node when one gives an absurd energy price', async () => {
    const f = new TronFacade({
      chain: 'TRX',
      nodes: [node('absurd', 10_000_000_000n, 1n), node('sane', 100n, 1n)],
      indexers: [index],
    });
    await expect(f.params()).resolves.toMatchObject({ energyPrice: '100', provider: 'sane' });
  });

  it('asks the next node when one gives a balance above the TRX that exist', async () => {
    const f = new TronFacade({
      chain: 'TRX',
      nodes: [node('absurd', 100n, TRX_MAX_SUN + 1n), node('sane', 100n, 5_000_000n)],
      indexers: [index],
    });
    await expect(f.account(ME, {})).resolves.toMatchObject({ balance: '5000000', provider: 'sane' });
  });

  it('fails as an upstream failure (not an internal error) when every node is out of bounds', async () => {
    const f = new TronFacade({
      chain: 'TRX',
      nodes: [node('absurd', 10_000_000_000n, 1n)],
      indexers: [index],
    });
    await expect(f.params()).rejects.toMatchObject({ statusCode: 502, code: 'upstream_failed' });
  });
});

// ---- TRC-20 balances at most the token's total supply ----

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const word = (n: bigint) => n.toString(16).padStart(64, '0');
const abiText = (t: string) => {
  const hex = Buffer.from(t).toString('hex');
  return word(32n) + word(BigInt(t.length)) + hex.padEnd(64, '0');
};
/** A node whose TRC-20 contract says `supply()` as its totalSupply and `own` as the account's balanceOf. */
function tokenNode(name: string, supply: () => bigint, own: bigint | (() => bigint) = 0n): TronNodeProvider {
  return Object.assign(node(name, 100n, 5_000_000n), {
    triggerConstant: (_o: string, _c: string, call: { selector?: string }) => {
      const result =
        call.selector === 'totalSupply()'
          ? word(supply())
          : call.selector === 'balanceOf(address)'
            ? word(typeof own === 'function' ? own() : own)
            : call.selector === 'decimals()'
              ? word(6n)
              : abiText(call.selector === 'name()' ? 'Tether USD' : 'USDT');
      return Promise.resolve({ ok: true, energyUsed: 0n, result, message: '' });
    },
  });
}
const indexWith = (name: string, balance: bigint | (() => bigint)) =>
  ({
    name,
    timeoutMs: 1000,
    trc20Balances: () =>
      Promise.resolve([{ contract: USDT, balance: typeof balance === 'function' ? balance() : balance }]),
  }) as unknown as TronIndexProvider;

describe("TRC-20 balances at most the token's total supply", () => {
  it('an index claiming more than the supply is refused: the next index answers; alone, 502', async () => {
    const nodes = [tokenNode('node', () => 1000n, 500n)];
    const first = new TronFacade({
      chain: 'TRX',
      nodes,
      indexers: [indexWith('liar', 1001n), indexWith('honest', 500n)],
    });
    const a = await first.account(ME, {});
    expect(a.tokens).toEqual([expect.objectContaining({ contract: USDT, symbol: 'USDT', balance: '500' })]);
    const alone = new TronFacade({ chain: 'TRX', nodes, indexers: [indexWith('liar', 1001n)] });
    await expect(alone.account(ME, {})).rejects.toMatchObject({ statusCode: 502, code: 'upstream_failed' });
  });

  it('exactly the supply is served; a supply grown since it was kept is read again', async () => {
    let supply = 1000n;
    let held = 1000n;
    const f = new TronFacade({
      chain: 'TRX',
      nodes: [
        tokenNode(
          'node',
          () => supply,
          () => held,
        ),
      ],
      indexers: [indexWith('index', () => held)],
    });
    expect((await f.account(ME, {})).tokens[0]).toMatchObject({ balance: '1000' });
    supply = 3000n; // minted since the supply was kept
    held = 2500n;
    expect((await f.account(ME, {})).tokens[0]).toMatchObject({ balance: '2500' });
  });

  it("a token whose own contract says more than its supply is left out (not the index's fault)", async () => {
    const f = new TronFacade({
      chain: 'TRX',
      nodes: [tokenNode('node', () => 1000n, 5000n)],
      indexers: [indexWith('index', 5000n)],
    });
    const a = await f.account(ME, {});
    expect(a.tokens).toEqual([]);
    expect(a.balance).toBe('5000000');
  });

  it('the token lookup: a node whose balanceOf exceeds its totalSupply is refused, the next node answers', async () => {
    const f = new TronFacade({
      chain: 'TRX',
      nodes: [tokenNode('liar', () => 1000n, 1001n), tokenNode('honest', () => 1000n, 700n)],
      indexers: [index],
    });
    await expect(f.token(USDT, { owner: ME })).resolves.toMatchObject({ balance: '700' });
  });
});

// ---- through the routes, with fake TronGrid hosts (issue 29: a balance of 1e12 TRX was served with 200) ----

const OTHER = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
/** 20,000,000,000.123456 TRX: 2e16 sun, above 2^53 (nodes write sun as JSON numbers: issue 29). */
const BIG_SUN = 20_000_000_000_123_456n;
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const transfer = (sun: number | string | bigint) => ({
  txID: '01'.repeat(32),
  blockNumber: 10,
  block_timestamp: 1_700_000_003_000,
  raw_data: {
    contract: [
      {
        type: 'TransferContract',
        parameter: { value: { owner_address: tronHex(OTHER), to_address: tronHex(ME), amount: sun } },
      },
    ],
  },
  ret: [{ contractRet: 'SUCCESS', fee: 0 }],
});
/** A TronGrid host whose account holds `balance` sun and received `sent` sun. */
function answer(path: string, balance: number | bigint, sent: number | bigint): unknown {
  switch (path) {
    case '/wallet/getaccount':
      return { address: tronHex(ME), balance };
    case '/wallet/getaccountresource':
      return { freeNetUsed: 0, freeNetLimit: 600 };
    case '/wallet/getchainparameters':
      return {
        chainParameter: [
          { key: 'getCreateAccountFee', value: 100000 },
          { key: 'getTransactionFee', value: 1000 },
          { key: 'getCreateNewAccountFeeInSystemContract', value: 1000000 },
          { key: 'getEnergyFee', value: 100 },
        ],
      };
    case `/v1/accounts/${ME}`:
      return { success: true, meta: { at: 1, page_size: 1 }, data: [{ address: tronHex(ME), trc20: [] }] };
    case `/v1/accounts/${ME}/transactions`:
      return { success: true, meta: { at: 1, page_size: 1 }, data: [transfer(sent)] };
    case `/v1/accounts/${ME}/transactions/trc20`:
      return { success: true, meta: { at: 1, page_size: 0 }, data: [] };
    default:
      return { Error: 'class java.lang.IllegalArgumentException : unknown' };
  }
}
const honestWith =
  (balance: number | bigint, sent: number | bigint): Handler =>
  (r) => ({ body: answer(r.path, balance, sent) });
const honest = honestWith(1793227200, 5_000_000);
/** An account above 2^53 sun that received a transfer above 2^53 sun. */
const bigHonest = honestWith(BIG_SUN, BIG_SUN);
const liar = (path: string, lie: (b: Json) => void, h = honest): Handler =>
  lying(h, (r: Req, b) => {
    if (r.path === path) lie(b);
  });
const run = (url: string, l: Handler, h = honest) =>
  liarFirst({
    family: tronFamily,
    env: (urls) => ({ CHAIN_TRX_NODES: urls.join(','), CHAIN_TRX_INDEXERS: urls.join(',') }),
    honest: h,
    liar: l,
    url,
  });

describe('TRON bounds by meaning, through the routes', () => {
  it('a balance of 1e12 TRX (more than exist): the next node answers; alone, 502', async () => {
    const { alone, first } = await run(
      `/api/chains/TRX/account/${ME}`,
      liar('/wallet/getaccount', (b) => (b.balance = '1000000000000000000')),
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ balance: '1793227200', provider: 'tron-node#2' });
    expect(alone.status).toBe(502);
  });

  it('a TRX transfer above the supply in the history: the next index answers; alone, 502', async () => {
    const { alone, first } = await run(
      `/api/chains/TRX/history/${ME}`,
      liar(`/v1/accounts/${ME}/transactions`, (b) => (b.data = [transfer((TRX_MAX_SUN + 1n).toString())])),
    );
    expect(first.status).toBe(200);
    expect(first.body.provider).toBe('tron-index#2');
    expect(first.body.operations).toEqual([expect.objectContaining({ value: '5000000' })]);
    expect(alone.status).toBe(502);
  });

  it('a bandwidth price above the plausible one: the next node’s price in the fees; alone, 502', async () => {
    const lie = liar('/wallet/getchainparameters', (b) => {
      for (const p of b.chainParameter)
        if (p.key === 'getTransactionFee') p.value = Number(MAX_UNIT_PRICE) + 1;
    });
    const { alone, first } = await run('/api/chains/TRX/fees', lie);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ tiers: { medium: '270000' }, provider: 'tron-node#2' });
    expect(alone.status).toBe(502);
  });
});

describe('TRON amounts above 2^53', () => {
  it('a balance of 20 G TRX in sun is served exactly; one above the TRX that exist is refused', async () => {
    const { alone, first } = await run(
      `/api/chains/TRX/account/${ME}`,
      liar('/wallet/getaccount', (b) => (b.balance = TRX_MAX_SUN + 1n), bigHonest),
      bigHonest,
    );
    expect(BIG_SUN > SAFE).toBe(true);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ balance: BIG_SUN.toString(), provider: 'tron-node#2' });
    expect(alone.status).toBe(502);
  });

  it('a transfer of 20 G TRX in the history is served exactly; one above the supply is refused', async () => {
    const { alone, first } = await run(
      `/api/chains/TRX/history/${ME}`,
      liar(`/v1/accounts/${ME}/transactions`, (b) => (b.data = [transfer(TRX_MAX_SUN + 1n)]), bigHonest),
      bigHonest,
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.operations).toEqual([
      expect.objectContaining({ direction: 'in', value: BIG_SUN.toString() }),
    ]);
    expect(alone.status).toBe(502);
  });
});
