import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderUi, setupUiTests } from '../test/ui';
import type { EvmChain } from '../chains/evm';
import type { EvmAccount } from './store';
import { EvmAccountInformation } from './EvmAccountInformation';

// The tabs' own content (device token list, explorer calls) and the send flow are not under test here.
vi.mock('./TokensTab', () => ({
  useAccountTokens: () => ({ settings: { known: [], enabled: [] }, deviceCount: 0, tokens: [] }),
  tokenRedDot: () => false,
  tokenKeys: { balances: (id: string) => ['evm-token-balances', id] },
  TokensTab: () => null,
}));
vi.mock('./NftTab', () => ({ NftTab: () => null, nftKeys: { list: (id: string) => ['evm-nfts', id] } }));
vi.mock('./EvmHistoryTab', () => ({ EvmHistoryTab: () => null, evmHistoryKey: (id: string) => ['evm-history', id] }));
vi.mock('./EvmSendModal', () => ({ EvmSendModal: () => null }));

setupUiTests();

const account = {
  id: 'a1',
  name: 'Account 1',
  index: 0,
  path: "m/44'/60'/0'/0/0",
  address: '0x0000000000000000000000000000000000000001',
  balance: 0n,
} as unknown as EvmAccount;

function chainOf(symbol: string, coin: string): EvmChain {
  return {
    spec: { symbol, coin, name: coin, decimals: 18, chainId: 1 },
    // The balance query never settles: the header shows the stored balance.
    backend: { getAccount: () => new Promise(() => {}) },
    adapter: { explorer: { address: (a: string) => `https://explorer.example/address/${a}` } },
    local: false,
  } as unknown as EvmChain;
}

function show(chain: EvmChain, showExplorer?: boolean) {
  renderUi(
    <EvmAccountInformation
      chain={chain}
      account={account}
      price={null}
      currencySymbol=""
      showExplorer={showExplorer}
      afterSend={() => {}}
    />,
  );
}

describe('EVM account page tabs', () => {
  it('a native chain (BSC) has the Tokens and History tabs', () => {
    show(chainOf('BSC', 'BNB'));
    expect(screen.getByTestId('tab-tokens')).toBeTruthy();
    expect(screen.getByTestId('tab-history')).toBeTruthy();
    expect(screen.getByTestId('account-name').textContent).toBe('Account 1');
  });

  it('the evmaccount page (a chain the user added) has Tokens and Explorer but no History tab', () => {
    show(chainOf('EVM', 'MATIC'), true);
    expect(screen.getByTestId('tab-tokens')).toBeTruthy();
    expect(screen.queryByTestId('tab-history')).toBeNull();
    expect(screen.getByTestId('account-explorer').getAttribute('href')).toBe(`https://explorer.example/address/${account.address}`);
    expect(screen.getByTestId('account-send')).toBeTruthy();
    expect(screen.getByTestId('account-receive')).toBeTruthy();
  });
});
