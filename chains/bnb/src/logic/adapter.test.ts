import { describe, expect, it } from 'vitest';
import type { DeviceAccountEntry } from '@secux-companion/chain-common';
import { createBnbChain, type BnbBackend } from './adapter';
import { createBnbProductApiChain } from './chain';

const ADDR = 'bnb1jxfh2g85q3v0tdq56fnevx6xcxtcnhtsmcu64m';

function backend(archive: boolean, calls: string[] = []): BnbBackend {
  return {
    status: async () => ({ archive, haltHeight: 385_251_927, haltDate: '2024-12-03' }),
    account: async (a) => {
      calls.push(`account ${a}`);
      return { balances: [{ symbol: 'BNB', free: 100_000_000n, locked: 0n, frozen: 5n }], sequence: 3 };
    },
    history: async () => ({ operations: [], cursor: null }),
  };
}

function device(entries: DeviceAccountEntry[]) {
  const paths: string[] = [];
  return {
    paths,
    getAccounts: async (coinType?: number) => (coinType === 714 ? entries : []),
    getAddress: async (path: string) => {
      paths.push(path);
      return ADDR;
    },
  };
}

const account = { chain: 'BNB' as const, index: 0, bip: 44 as const, path: "m/44'/714'/0'", address: ADDR };

describe('BNB adapter (read-only legacy)', () => {
  it('says readOnly and refuses every send step and the receive address with readOnlyChain', async () => {
    const bnb = createBnbChain(backend(true));
    expect(bnb.capabilities.readOnly).toBe(true);
    await expect(bnb.build(account, { recipient: ADDR, amount: 1n })).rejects.toMatchObject({
      code: 'readOnlyChain',
    });
    await expect(bnb.broadcast({ hash: 'h', raw: '00' })).rejects.toMatchObject({ code: 'readOnlyChain' });
    await expect(bnb.getReceiveAddress(account)).rejects.toMatchObject({ code: 'readOnlyChain' });
    expect(() => bnb.finalize({} as never, {} as never)).toThrow(/read-only/);
  });

  it("discovers the device's accounts only (names kept), addresses derived by the device", async () => {
    const d = device([
      { name: 'Savings', path: "m/44'/714'/2'" },
      { name: 'Main', path: "m/44'/714'/0'" },
    ]);
    const found = await createBnbChain(backend(true)).discoverAccounts(d);
    expect(found.map((f) => [f.descriptor.index, f.name, f.summary.balance])).toEqual([
      [0, 'Main', 100_000_005n],
      [2, 'Savings', 100_000_005n],
    ]);
    expect(d.paths).toEqual(["m/44'/714'/0'/0/0", "m/44'/714'/2'/0/0"]);
  });

  it('without an archive: account 0 is still shown, no balance is read, and reads say chainRetired', async () => {
    const calls: string[] = [];
    const bnb = createBnbChain(backend(false, calls));
    const found = await bnb.discoverAccounts(device([]));
    expect(found).toHaveLength(1);
    expect(found[0]!.descriptor.address).toBe(ADDR);
    expect(calls).toEqual([]);
    await expect(bnb.getAccountState(account)).rejects.toMatchObject({ code: 'chainRetired' });
    await expect(bnb.getHistory(account)).rejects.toMatchObject({ code: 'chainRetired' });
  });

  it('with an archive: balance and sequence, nothing available to spend', async () => {
    const s = await createBnbChain(backend(true)).getAccountState(account);
    expect(s).toMatchObject({ balance: 100_000_005n, txCount: 3, available: 0n });
  });

  it('validates recipients with the bech32 rule and keeps the fixed fee of the spec', async () => {
    const bnb = createBnbChain(backend(true));
    expect(bnb.validateAddress(ADDR)).toBe('ok');
    expect(bnb.validateAddress(ADDR.slice(0, -1) + 'n')).toBe('invalid');
    expect((await bnb.getFees()).tiers.medium).toBe(7_500);
  });

  it('reads the server over the product API (status, account, malformed answers refused)', async () => {
    const urls: string[] = [];
    const answers: Record<string, unknown> = {
      '/api/chains/BNB': {
        chain: 'BNB',
        family: 'bnb',
        archive: true,
        haltHeight: 385251927,
        haltDate: '2024-12-03',
      },
      [`/api/chains/BNB/account/${ADDR}`]: {
        chain: 'BNB',
        address: ADDR,
        balance: '7',
        unconfirmedBalance: '0',
        txCount: 2,
        provider: 'archive#1',
        balances: [{ symbol: 'BNB', free: '7', locked: '0', frozen: '0' }],
      },
    };
    const fetch = async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify(answers[url] ?? { nope: 1 }), {
        status: url in answers ? 200 : 404,
      });
    };
    const bnb = createBnbProductApiChain({ fetch });
    expect(await bnb.getAccountSummary(account)).toEqual({ balance: 7n, pending: 0n, txCount: 2 });
    answers[`/api/chains/BNB/account/${ADDR}`] = {
      balances: [{ symbol: '<b>', free: '1', locked: '0', frozen: '0' }],
      txCount: 0,
    };
    await expect(bnb.getAccountSummary(account)).rejects.toMatchObject({ code: 'malformed' });
  });
});
