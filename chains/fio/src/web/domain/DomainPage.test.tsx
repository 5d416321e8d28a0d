/**
 * The Domain page of a device that has no FIO account in its table (spec 03 §2, §7 cryptoAccountRecover): the notice
 * offers to find the device's FIO accounts in place, the FIO account page's discovery runs on the device (the
 * emulator under the SecuX SDK) against the chain, the accounts found are written to the device and the page goes on
 * with their handles.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { connectEmulator, type SecuxDevice } from '@secux-companion/device';
import { MemoryStorage, SecuxEmulator } from '@secux-companion/emulator';
import { FIO_COIN_TYPE, createFioChain, type FioBackend } from '@secux-companion/chain-fio';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { axeInEveryLanguage } from '@secux-companion/web-kit/test/axe';
import { runtime } from '@secux-companion/web-kit/device/runtime';
import { fakeFioBackend } from '../../testing';
import type { FioChain } from '../chain';

const world: { chain: FioChain | null } = { chain: null };
vi.mock('../chain', () => ({ getFioChain: async () => world.chain }));

const { default: DomainPage } = await import('./DomainPage');

setupUiTests();

let device: SecuxDevice;
let usedKey: string;
const nodeBuffer = globalThis.Buffer;
beforeAll(async () => {
  // The SDK's bytes must be this (jsdom) realm's Uint8Array, as in the browser, where the app's shim provides Buffer.
  globalThis.Buffer = (await import('buffer')).Buffer as unknown as typeof nodeBuffer;
  device = await connectEmulator(new SecuxEmulator({ autoApprove: true, storage: new MemoryStorage() }));
  // The first FIO account of the seed has a balance; the next one was never used.
  usedKey = await device.getAddress("m/44'/235'/0'/0/0");
}, 60_000);
afterAll(async () => {
  await device?.disconnect();
  globalThis.Buffer = nodeBuffer;
});

/** A chain where only the key of account 0 has a balance and a handle. */
function chainWith(over: Partial<FioBackend> = {}): FioChain {
  const base = fakeFioBackend();
  const backend = fakeFioBackend(
    {},
    {
      balance: async (key, signal) => {
        const b = await base.balance(key, signal);
        return key === usedKey
          ? { ...b, balance: 5_000_000_000n, available: 5_000_000_000n, txCount: 2 }
          : { ...b, txCount: 0 };
      },
      names: async (key) => ({
        domains: [],
        handles:
          key === usedKey ? [{ handle: 'found@secux', expiration: '2030-01-01T00:00:00', bundled: 80 }] : [],
      }),
      ...over,
    },
  );
  return {
    coin: 'FIO',
    adapter: createFioChain('FIO', backend),
    reader: backend,
    unit: { symbol: 'FIO', decimals: 9, digits: 9 },
    local: true,
  } as unknown as FioChain;
}

/** No key has a balance or history. */
const unused: FioBackend['balance'] = async (key) => ({
  balance: 0n,
  available: 0n,
  staked: 0n,
  locked: 0n,
  srps: '0',
  roe: '1',
  actor: key.slice(3, 15),
  txCount: 0,
});

async function clearFioAccounts() {
  for (const a of await device.getAccounts(FIO_COIN_TYPE)) await device.deleteAccount(a.path);
}

const page = () =>
  renderUi(
    <MemoryRouter>
      <DomainPage />
    </MemoryRouter>,
  );

describe('Domain page without a FIO account on the device', () => {
  beforeEach(async () => {
    await clearFioAccounts();
    runtime.set({ device, emulator: null });
  });

  it('finds the device’s FIO accounts in place, writes them to the device and lists their handles', async () => {
    world.chain = chainWith();
    page();
    expect((await screen.findByTestId('fio-no-account')).textContent).toMatch(
      /Find this device's FIO accounts/,
    );
    fireEvent.click(screen.getByTestId('fio-find-accounts'));
    expect(await screen.findByText('found@secux', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByTestId('fio-no-account')).toBeNull();
    expect((screen.getByTestId('fio-register') as HTMLButtonElement).disabled).toBe(false);
    // The account found is in the device's table now (the FIO account page reads it from there too).
    const saved = await device.getAccounts(FIO_COIN_TYPE);
    expect(saved.map((a) => a.path)).toEqual([expect.stringMatching(/^m\/44'\/235'\/0'/)]);
    expect(saved[0]!.name).toBe('FIO 1');
  }, 60_000);

  it('says so when the device has no FIO account with a balance or history', async () => {
    world.chain = chainWith({ balance: unused });
    page();
    fireEvent.click(await screen.findByTestId('fio-find-accounts'));
    expect((await screen.findByTestId('fio-none-found', {}, { timeout: 20_000 })).textContent).toContain(
      'No FIO account with a balance or history was found on this device',
    );
    expect((screen.getByTestId('fio-register') as HTMLButtonElement).disabled).toBe(true);
    expect(await device.getAccounts(FIO_COIN_TYPE)).toEqual([]);
  }, 60_000);

  it('the notice and its outcome are in every language and pass axe (WCAG 2 A and AA)', async () => {
    world.chain = chainWith({ balance: unused });
    const said: string[] = [];
    const violations = await axeInEveryLanguage([
      [
        'fio-no-account',
        <MemoryRouter key="page">
          <DomainPage />
        </MemoryRouter>,
        async () => {
          fireEvent.click(await screen.findByTestId('fio-find-accounts'));
          said.push((await screen.findByTestId('fio-none-found', {}, { timeout: 20_000 })).textContent ?? '');
        },
      ],
    ]);
    expect(violations).toEqual([]);
    expect(said).toEqual([
      expect.stringContaining('No FIO account with a balance or history'),
      expect.stringContaining('找不到有餘額或交易紀錄的 FIO 帳戶'),
      expect.stringContaining('Nenhuma conta FIO com saldo ou histórico'),
    ]);
  }, 90_000);
});
