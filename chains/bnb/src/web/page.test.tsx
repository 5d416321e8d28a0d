/**
 * The BNB Beacon Chain account page (read-only legacy): the retired notice with BNB Chain's recovery link, no Send
 * and no Receive, no state read without an archive; with an archive the asset lines are shown.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { BNB_TOKEN_RECOVERY_URL, createBnbChain, type BnbBackend } from '@secux-companion/chain-bnb';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { AccountPage } from '@secux-companion/web-kit/accounts/AccountInformation';
import { showAccounts } from '@secux-companion/web-kit/accounts/store';
import type { WalletAccount } from '@secux-companion/web-kit/family/types';
import type { BnbChain } from './chain';
import { family } from './index';

setupUiTests();
afterEach(() => vi.restoreAllMocks());

const ADDR = 'bnb1jxfh2g85q3v0tdq56fnevx6xcxtcnhtsmcu64m';
const account: WalletAccount = {
  id: "BNB:m/44'/714'/0'",
  name: 'BNB Account 1',
  index: 0,
  bip: 44,
  path: "m/44'/714'/0'",
  address: ADDR,
  balance: 0n,
  pending: 0n,
  txCount: 0,
};

function chainOf(archive: boolean, reads: string[]): BnbChain {
  const backend: BnbBackend = {
    status: async () => ({ archive, haltHeight: 385_251_927, haltDate: '2024-12-03' }),
    account: async (a) => {
      reads.push(a);
      return {
        balances: [
          { symbol: 'BNB', free: 123_450_000n, locked: 0n, frozen: 0n },
          { symbol: 'BTCB-1DE', free: 200_000_000n, locked: 0n, frozen: 0n },
        ],
        sequence: 2,
      };
    },
    history: async () => ({ operations: [], cursor: null }),
  };
  const status = { archive, haltHeight: 385_251_927, haltDate: '2024-12-03' };
  return {
    adapter: createBnbChain(backend),
    status,
    unit: { symbol: 'BNB', decimals: 8, digits: 8 },
    local: false,
    stateReadable: archive,
  };
}

function show(chain: BnbChain) {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 200 }));
  showAccounts('BNB', family, chain, [account], account.id);
  renderUi(
    <MemoryRouter initialEntries={['/page']}>
      <Routes>
        <Route path="/page" element={<AccountPage backTo="/list" />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('BNB Beacon Chain account page (read-only legacy)', () => {
  it('without an archive: the retired notice and recovery link, no Send or Receive, nothing read, no error', async () => {
    const reads: string[] = [];
    show(chainOf(false, reads));
    const notice = await screen.findByTestId('bnb-retired-notice');
    expect(notice.textContent).toMatch(/shut down on December 3, 2024 at block 385,251,927/);
    expect(notice.textContent).toMatch(/no archive/);
    expect(screen.getByTestId('bnb-recovery-link').getAttribute('href')).toBe(BNB_TOKEN_RECOVERY_URL);
    expect(screen.queryByTestId('account-send')).toBeNull();
    expect(screen.queryByTestId('account-receive')).toBeNull();
    expect(screen.getByTestId('bnb-balance-unavailable')).toBeTruthy();
    expect(screen.queryByText('Failed to load the account data. Please try again.')).toBeNull();
    expect(reads).toEqual([]);
    // Spec 01 §5: BNB's minimum-firmware note.
    expect(screen.getByTestId('bnb-firmware-note').textContent).toBe(
      'This feature requires at least 2.9 firmware version, please update first.',
    );
  });

  it('with an archive: the balance and every asset line, still no Send or Receive', async () => {
    const reads: string[] = [];
    show(chainOf(true, reads));
    expect((await screen.findByTestId('account-coin-balance')).getAttribute('data-sats')).toBe('0');
    fireEvent.click(await screen.findByTestId('tab-bnb-balances'));
    const table = await screen.findByTestId('bnb-balances');
    expect(table.textContent).toMatch(/BTCB-1DE/);
    expect(table.textContent).toMatch(/1\.2345/);
    expect(screen.queryByTestId('account-send')).toBeNull();
    expect(screen.queryByTestId('account-receive')).toBeNull();
    expect(reads).toContain(ADDR);
  });
});
