import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import type { EvmChain } from './chains';
import type { EvmAccount } from './tab/account';
import { AccountPage } from '@secux-companion/web-kit/accounts/AccountInformation';
import { showAccounts } from '@secux-companion/web-kit/accounts/store';
import { deviceInfo, initialDeviceInfo } from '@secux-companion/web-kit/state/deviceInfo';
import { family } from './index';

// The tabs' own content (device token list, explorer calls) and the send flow are not under test here.
vi.mock('./tab/TokensTab', () => ({
  useAccountTokens: () => ({ settings: { known: [], enabled: [] }, deviceCount: 0, tokens: [] }),
  tokenRedDot: () => false,
  tokenKeys: { balances: (id: string) => ['evm-token-balances', id] },
  TokensTab: () => null,
}));
vi.mock('./tab/NftTab', () => ({ NftTab: () => null, nftKeys: { list: (id: string) => ['evm-nfts', id] } }));
vi.mock('@secux-companion/web-kit/accounts/history/HistoryTab', () => ({ HistoryTab: () => null }));
vi.mock('./tab/ApprovalsTab', () => ({ ApprovalsTab: () => null }));
vi.mock('./send/EvmSendModal', () => ({ EvmSendModal: () => null }));

setupUiTests();
afterEach(() => deviceInfo.set(initialDeviceInfo));

const account: EvmAccount = {
  id: 'a1',
  name: 'Account 1',
  index: 0,
  bip: 44,
  path: "m/44'/60'/0'",
  address: '0x0000000000000000000000000000000000000001',
  balance: 0n,
  pending: 0n,
  txCount: 0,
};

function chainOf(symbol: string, coin: string, hasApprovals = true): EvmChain {
  return {
    spec: { symbol, coin, name: coin, decimals: 18, chainId: 1 },
    unit: { symbol: coin, decimals: 18, digits: 8 },
    adapter: {
      chain: symbol,
      hasApprovals,
      // The balance query never settles: the header shows the stored balance.
      getAccountState: () => new Promise(() => {}),
      explorer: { address: (a: string) => `https://explorer.example/address/${a}` },
    },
    local: false,
  } as unknown as EvmChain;
}

/** The tab test ids of the page of `chain`, then the page is removed. */
function renderedTabs(chain: EvmChain): string[] {
  show(chain);
  const ids = [...document.querySelectorAll('[data-testid^="tab-"]')].map((e) =>
    e.getAttribute('data-testid')!,
  );
  cleanup();
  return ids;
}

function show(chain: EvmChain) {
  showAccounts(
    chain.spec.symbol === 'EVM' ? 'EVM-1' : chain.spec.symbol,
    family,
    chain,
    [account],
    account.id,
  );
  renderUi(
    <MemoryRouter>
      <AccountPage backTo="/" />
    </MemoryRouter>,
  );
}

describe('EVM account page tabs (the shared page with the EVM family slots)', () => {
  it('Approvals (issue 32): on a native chain whose source searches events', () => {
    show(chainOf('ETH', 'ETH'));
    expect(screen.getByTestId('tab-approvals').textContent).toBe('Approvals');
  });

  it('no Approvals tab on a chain the user added, nor where the source cannot search events', () => {
    const added = renderedTabs(chainOf('EVM', 'MATIC'));
    expect(added).not.toContain('tab-approvals');
    expect(added).toContain('tab-tokens');
    expect(renderedTabs(chainOf('BSC', 'BNB', false))).not.toContain('tab-approvals');
  });

  it('a native chain (BSC) has the Tokens and History tabs', () => {
    show(chainOf('BSC', 'BNB'));
    expect(screen.getByTestId('tab-tokens')).toBeTruthy();
    expect(screen.getByTestId('tab-history')).toBeTruthy();
    expect(screen.queryByTestId('tab-nfts')).toBeNull();
    expect(screen.getByTestId('account-name').textContent).toBe('Account 1');
  });

  it('the evmaccount page (a chain the user added) has Tokens and Explorer but no History tab', () => {
    show(chainOf('EVM', 'MATIC'));
    expect(screen.getByTestId('tab-tokens')).toBeTruthy();
    expect(screen.queryByTestId('tab-history')).toBeNull();
    expect(screen.getByTestId('account-explorer').getAttribute('href')).toBe(
      `https://explorer.example/address/${account.address}`,
    );
    expect(screen.getByTestId('account-send')).toBeTruthy();
    expect(screen.getByTestId('account-receive')).toBeTruthy();
  });

  it('NFTs need MCU 2.20: ETH shows the NFTs tab from 2.20, not on 2.12 to 2.19 (C20 exempt)', () => {
    deviceInfo.set({ mcuVersion: '2.19', seVersion: '1.97', deviceType: 'V20' });
    show(chainOf('ETH', 'ETH'));
    expect(screen.getByTestId('tab-tokens')).toBeTruthy();
    expect(screen.queryByTestId('tab-nfts')).toBeNull();
  });

  it('ETH on MCU 2.20 has the NFTs tab', () => {
    deviceInfo.set({ mcuVersion: '2.20', seVersion: '1.97', deviceType: 'V20' });
    show(chainOf('ETH', 'ETH'));
    expect(screen.getByTestId('tab-nfts')).toBeTruthy();
  });

  it('XDC on MCU 2.20 has the NFTs tab too (spec 02 §7: its NFTs by owner)', () => {
    deviceInfo.set({ mcuVersion: '2.20', seVersion: '1.97', deviceType: 'V20' });
    show(chainOf('XDC', 'XDC'));
    expect(screen.getByTestId('tab-tokens')).toBeTruthy();
    expect(screen.getByTestId('tab-nfts')).toBeTruthy();
  });
});
