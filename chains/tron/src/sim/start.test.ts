import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MNEMONIC } from '@secux-companion/sim-kit';
import { startTron } from './start.js';

let started: Awaited<ReturnType<typeof startTron>>;
beforeAll(async () => {
  started = await startTron({ mnemonic: DEFAULT_MNEMONIC, host: '127.0.0.1', port: 0, blockIntervalMs: 200 });
});
afterAll(() => started?.stop());

describe('startTron', () => {
  it('describes the simulator for endpoints.json and serves the funded emulator accounts', async () => {
    const { info } = started;
    expect(info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.accounts.map((a) => a.path)).toEqual(["m/44'/195'/0'/0/0", "m/44'/195'/1'/0/0"]);
    expect(info.accounts[0]).toMatchObject({
      address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
      balanceSun: '10000000000',
      energy: '100000',
    });
    const r = await fetch(`${info.url}/wallet/getaccount`, {
      method: 'POST',
      body: JSON.stringify({ address: info.accounts[0]!.address, visible: true }),
    });
    expect(((await r.json()) as { balance: number }).balance).toBe(10_000_000_000);
  });

  it('seals blocks on its interval', async () => {
    const head = async () =>
      (
        (await (await fetch(`${started.info.url}/wallet/getnowblock`, { method: 'POST' })).json()) as {
          block_header: { raw_data: { number: number } };
        }
      ).block_header.raw_data.number;
    const first = await head();
    await new Promise((r) => setTimeout(r, 500));
    expect(await head()).toBeGreaterThan(first);
  });
});
