/**
 * The Manage-tokens modal's delete (spec 01 §2): a token leaves the list (and the device) after a confirmation;
 * with none left the add-token form opens.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Device } from '@secux-companion/device';
import type { TokenMetadata } from '@secux-companion/chain-evm';
import { axeInEveryLanguage } from '@secux-companion/web-kit/test/axe';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { runtime } from '@secux-companion/web-kit/device/runtime';
import type { EvmChain } from '../chains';
import type { EvmAccount } from './account';
import { ManageTokensModal } from './ManageTokensModal';
import { readTokenSettings, writeTokenSettings } from './tokens';
import { useAccountTokens } from './useAccountTokens';

setupUiTests();
afterEach(() => {
  runtime.set({ device: null, emulator: null });
  localStorage.clear();
});

const account = {
  id: "ETH:m/44'/60'/0'",
  index: 0,
  bip: 44,
  path: "m/44'/60'/0'",
  address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
  name: 'Account 1',
  balance: 0n,
  pending: 0n,
  txCount: 0,
} as EvmAccount;
const LUSD: TokenMetadata = {
  contract: '0x00000000000000000000000000000000000000a1',
  name: 'Local USD',
  symbol: 'LUSD',
  decimals: 6,
};
const MINE: TokenMetadata = {
  contract: '0x00000000000000000000000000000000000000b2',
  name: 'My Token',
  symbol: 'MINE',
  decimals: 18,
};

function setup(known: TokenMetadata[], enabled: string[], onDevice: TokenMetadata[] = []) {
  writeTokenSettings(1, account.address, { known, enabled });
  const deleteToken = vi.fn(async () => {});
  const getTokens = vi.fn(async () =>
    onDevice.map((d) => ({
      path: "m/44'/60'/0'/0/0",
      contract: d.contract,
      symbol: d.symbol,
      name: d.name,
      decimal: d.decimals,
    })),
  );
  runtime.set({ device: { getTokens, deleteToken } as unknown as Device, emulator: null });
  const chain = {
    spec: { symbol: 'ETH', coin: 'ETH', name: 'Ethereum', decimals: 18, chainId: 1 },
    adapter: {
      discoverListedTokens: async () => [],
      getTokenBalances: async (_a: string, contracts: readonly string[]) =>
        new Map(contracts.map((c) => [c, 0n])),
    },
  } as unknown as EvmChain;
  function Manage() {
    const state = useAccountTokens(chain, account);
    return <ManageTokensModal chain={chain} account={account} state={state} onClose={() => {}} />;
  }
  return { deleteToken, getTokens, node: <Manage /> };
}

function open(known: TokenMetadata[], enabled: string[], onDevice: TokenMetadata[] = []) {
  const { node, ...mocks } = setup(known, enabled, onDevice);
  renderUi(node);
  return mocks;
}

const rows = () => screen.queryAllByTestId('token-row').map((r) => r.getAttribute('data-contract'));

describe('Manage tokens: removing a token', { timeout: 30_000 }, () => {
  it('Remove asks first; confirmed, a token on the device is deleted from it and leaves the list', async () => {
    const { deleteToken } = open([LUSD, MINE], [LUSD.contract]);
    await waitFor(() => expect(rows()).toEqual([LUSD.contract, MINE.contract]));
    // A button named for its token (reachable by Tab, pressed with Enter or Space).
    const remove = screen.getByRole('button', { name: 'Remove LUSD from the list' });
    fireEvent.click(remove);
    const dialog = await screen.findByTestId('token-remove-confirm');
    expect(within(dialog).getByText(/Local USD/)).toBeTruthy();
    expect(deleteToken).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByTestId('token-remove-ok'));
    await waitFor(() => expect(rows()).toEqual([MINE.contract]));
    expect(deleteToken).toHaveBeenCalledWith("m/44'/60'/0'/0/0", LUSD.contract, 1);
    expect(readTokenSettings(1, account.address)).toEqual({ known: [MINE], enabled: [] });
    await waitFor(() => expect(screen.queryByTestId('token-remove-confirm')).toBeNull());
  });

  it('Cancel keeps the token; a token on neither the device nor switched on is only dropped from the list', async () => {
    const { deleteToken } = open([LUSD, MINE], []);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Remove MINE from the list' }));
    fireEvent.click(await screen.findByTestId('token-remove-cancel'));
    await waitFor(() => expect(screen.queryByTestId('token-remove-confirm')).toBeNull());
    expect(rows()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove MINE from the list' }));
    fireEvent.click(await screen.findByTestId('token-remove-ok'));
    await waitFor(() => expect(rows()).toEqual([LUSD.contract]));
    expect(deleteToken).not.toHaveBeenCalled();
  });

  it('a token found on the device but switched off is deleted from the device too (or it would come back); with none left, the add-token form opens', async () => {
    const { deleteToken, getTokens } = open([LUSD], [], [MINE]);
    await waitFor(() => expect(rows()).toEqual([LUSD.contract, MINE.contract]));
    fireEvent.click(screen.getByRole('button', { name: 'Remove MINE from the list' }));
    fireEvent.click(await screen.findByTestId('token-remove-ok'));
    await waitFor(() => expect(rows()).toEqual([LUSD.contract]));
    expect(deleteToken).toHaveBeenCalledWith("m/44'/60'/0'/0/0", MINE.contract, 1);
    // the device's table is read again
    await waitFor(() => expect(getTokens).toHaveBeenCalledTimes(2));
    fireEvent.click(screen.getByRole('button', { name: 'Remove LUSD from the list' }));
    fireEvent.click(await screen.findByTestId('token-remove-ok'));
    expect(await screen.findByTestId('token-contract')).toBeTruthy();
    expect(deleteToken).toHaveBeenCalledTimes(1);
    expect(readTokenSettings(1, account.address)).toEqual({ known: [], enabled: [] });
  });

  it('a device failure keeps the token listed and says why', async () => {
    const { deleteToken } = open([LUSD], [LUSD.contract]);
    deleteToken.mockRejectedValueOnce(new Error('device busy'));
    await waitFor(() => expect(rows()).toEqual([LUSD.contract]));
    fireEvent.click(screen.getByTestId('token-remove'));
    fireEvent.click(await screen.findByTestId('token-remove-ok'));
    expect((await screen.findByTestId('tokens-error')).textContent).toContain('device busy');
    expect(rows()).toEqual([LUSD.contract]);
  });

  it('the list with its Remove buttons and the confirmation pass axe (WCAG 2 A and AA) in each language', async () => {
    const { node } = setup([LUSD, MINE], [LUSD.contract]);
    const found = await axeInEveryLanguage([
      // the Manage-tokens dialog, its rows with a switch and a Remove button each
      ['tokens-search', node, async () => void (await screen.findAllByTestId('token-remove'))],
      [
        'token-remove-confirm',
        node,
        async () => void fireEvent.click((await screen.findAllByTestId('token-remove'))[0]!),
      ],
    ]);
    expect(found).toEqual([]);
  });
});
