/* eslint-disable @typescript-eslint/no-explicit-any -- Horizon JSON read loosely in tests */
/**
 * startStellar (what startLocalnet runs): the Horizon simulator on loopback on the standalone passphrase, funded for
 * the emulator's first XLM accounts and the memo-required recipient, ledgers closing on the interval.
 */
import { Networks } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MNEMONIC } from '@secux-companion/sim-kit';
import { STELLAR_MEMO_REQUIRED_ACCOUNT, stellarAddressOf } from './simulator.js';
import { startStellar, type StellarInfo } from './start.js';

let started: Awaited<ReturnType<typeof startStellar>>;
let info: StellarInfo;
beforeAll(async () => {
  started = await startStellar({
    mnemonic: DEFAULT_MNEMONIC,
    host: '127.0.0.1',
    port: 0,
    closeIntervalMs: 100,
  });
  info = started.info;
});
afterAll(() => started.stop());

const get = async (path: string) =>
  (await (await fetch(info.horizonUrl + path)).json()) as Record<string, any>;

describe('startStellar', () => {
  it('listens on a loopback port and lists the funded accounts with their paths', async () => {
    expect(info.horizonUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.networkPassphrase).toBe(Networks.STANDALONE);
    expect(info.accounts.map((a) => a.path)).toEqual([
      "m/44'/148'/0'",
      "m/44'/148'/1'",
      `m/44'/148'/${STELLAR_MEMO_REQUIRED_ACCOUNT}'`,
    ]);
    expect(info.accounts.filter((a) => a.memoRequired).map((a) => a.address)).toEqual([
      stellarAddressOf(DEFAULT_MNEMONIC, STELLAR_MEMO_REQUIRED_ACCOUNT),
    ]);
    const acc = await get(`/accounts/${info.accounts[0]!.address}`);
    expect(acc.balances[0].balance).toBe('10000.0000000');
  });

  it('closes ledgers on the interval', async () => {
    const first = (await get('/ledgers?order=desc&limit=1'))._embedded.records[0].sequence as number;
    await new Promise((r) => setTimeout(r, 350));
    expect((await get('/ledgers?order=desc&limit=1'))._embedded.records[0].sequence).toBeGreaterThan(first);
  });
});
