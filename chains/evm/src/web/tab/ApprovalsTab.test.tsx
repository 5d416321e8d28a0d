/**
 * The Approvals tab (issue 32): live approvals listed with the spender's name, "Unlimited" for a max allowance, the
 * exact amount otherwise, "All items" for an operator approval; Revoke explains what ends, then builds
 * approve(spender, 0) and reviews the contract and the spender before the device is asked. axe-clean in every language.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { decodeFunctionData, erc20Abi, type Hex } from 'viem';
import {
  createEvmAdapter,
  nativeEvmChain,
  type EvmApproval,
  type EvmBackend,
} from '@secux-companion/chain-evm';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { axeInEveryLanguage } from '@secux-companion/web-kit/test/axe';
import type { EvmChain } from '../chains';
import type { EvmAccount } from './account';
import { ApprovalsTab } from './ApprovalsTab';

setupUiTests();

const ME = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const LUSD = '0x9AD50244681e313eeF77adD770A9F3dBE000406b';
const PUNKS = '0x2222222222222222222222222222222222222222';
const ROUTER = '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D';
const OTHER = '0x1111111111111111111111111111111111111111';
const G = 1_000_000_000n;
const lusd = { name: 'Local USD', symbol: 'LUSD', decimals: 6 };

const APPROVALS: EvmApproval[] = [
  {
    kind: 'ERC20',
    contract: LUSD,
    spender: ROUTER,
    spenderName: 'Uniswap V2 Router',
    allowance: 2n ** 256n - 1n,
    token: lusd,
  },
  {
    kind: 'ERC20',
    contract: LUSD,
    spender: OTHER,
    allowance: 250_500_000n,
    totalSupply: 10n ** 12n,
    token: lusd,
  },
  {
    kind: 'ERC721',
    contract: PUNKS,
    spender: OTHER,
    token: { name: 'Local Punks', symbol: 'LPUNK', decimals: 0 },
  },
];

function setup(getApprovals: EvmBackend['getApprovals']) {
  const estimates: (Hex | undefined)[] = [];
  const backend: EvmBackend = {
    getAccount: async () => ({ balance: 10n ** 18n, nonce: 1, txCount: 1 }),
    getNonce: async () => 1,
    getGasPrice: async () => 2n * G,
    getFeeHistory: async () => ({ baseFeePerGas: [G, G, G, G], reward: [[G, G, G]] }),
    estimateGas: async (c) => {
      estimates.push(c.data);
      return 46_000n;
    },
    ethCall: async () => '0x',
    getTransactions: async () => ({ records: [], cursor: null }),
    broadcast: async () => '0x',
    ...(getApprovals ? { getApprovals } : {}),
  };
  const adapter = createEvmAdapter(nativeEvmChain('ETH'), backend);
  const chain = {
    spec: adapter.spec,
    unit: { symbol: 'ETH', decimals: 18, digits: 8 },
    adapter,
    local: true,
  } as unknown as EvmChain;
  const account = {
    id: 'approvals-a',
    name: 'A',
    index: 0,
    bip: 44,
    path: "m/44'/60'/0'",
    address: ME,
  } as EvmAccount;
  return { chain, account, estimates, node: <ApprovalsTab chain={chain} account={account} /> };
}

const live = async () => ({ approvals: APPROVALS, truncated: false, fromBlock: 0 });

describe('Approvals tab', () => {
  it('lists each live approval: spender named, unlimited said as such, the exact amount, all items of a collection', async () => {
    renderUi(setup(live).node);
    const rows = await screen.findAllByTestId('approval-row', {}, { timeout: 5_000 });
    expect(rows).toHaveLength(3);
    expect(screen.queryByTestId('approvals-from-block')).toBeNull();
    expect(within(rows[0]!).getByTestId('approval-spender-name').textContent).toBe('Uniswap V2 Router');
    expect(within(rows[0]!).getByTestId('approval-spender').textContent).toBe(ROUTER);
    expect(within(rows[0]!).getByTestId('approval-amount').textContent).toBe('Unlimited');
    expect(within(rows[1]!).getByTestId('approval-amount').textContent).toBe('250.5 LUSD');
    expect(within(rows[1]!).queryByTestId('approval-spender-name')).toBeNull();
    expect(within(rows[2]!).getByTestId('approval-amount').textContent).toBe('All items');
    expect(within(rows[2]!).getByTestId('approval-revoke').getAttribute('aria-label')).toBe(
      `Revoke the LPUNK approval of ${OTHER}`,
    );
  });

  it('a chain the server cannot search says so instead of an empty list', async () => {
    renderUi(setup(async () => ({ approvals: [], truncated: false, fromBlock: 0, unavailable: true })).node);
    const text = await screen.findByTestId('approvals-unavailable', {}, { timeout: 5_000 });
    expect(text.textContent).toContain('cannot be searched');
    expect(screen.queryByTestId('approvals-empty')).toBeNull();
  });

  it('none found, more than searched, and a read that fails are each said', async () => {
    const empty = renderUi(
      setup(async () => ({ approvals: [], truncated: true, fromBlock: 21_000_000 })).node,
    );
    await screen.findByTestId('approvals-empty', {}, { timeout: 5_000 });
    expect(screen.getByTestId('approvals-truncated')).toBeTruthy();
    // Only recent blocks were searched (a node's scan): said with the first block.
    expect(screen.getByTestId('approvals-from-block').textContent).toContain('21,000,000');
    empty.unmount();
    renderUi(setup(() => Promise.reject(new Error('HTTP 502'))).node);
    const alert = await screen.findByTestId('approvals-error', {}, { timeout: 5_000 });
    expect(alert.getAttribute('role')).toBe('alert');
  });

  it('Revoke: what ends is explained, then approve(spender, 0) is built and reviewed before signing', async () => {
    const s = setup(live);
    renderUi(s.node);
    const rows = await screen.findAllByTestId('approval-row', {}, { timeout: 5_000 });
    fireEvent.click(within(rows[0]!).getByTestId('approval-revoke'));
    const details = await screen.findByTestId('revoke-details');
    expect(details.textContent).toContain(`Uniswap V2 Router (${ROUTER})`);
    expect(details.textContent).toContain('to 0');
    const go = screen.getByTestId('revoke-continue');
    await waitFor(() => expect((go as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(go);
    await screen.findByTestId('send-sign', {}, { timeout: 5_000 });
    const data = s.estimates.at(-1)!;
    expect(decodeFunctionData({ abi: erc20Abi, data })).toEqual({
      functionName: 'approve',
      args: [ROUTER, 0n],
    });
    expect(screen.getByTestId('revoke-review-spender').textContent?.replace(/\s/g, '')).toBe(ROUTER);
    expect(screen.getByTestId('revoke-review-contract').textContent?.replace(/\s/g, '')).toBe(LUSD);
    expect(screen.getByTestId('revoke-review-token').textContent).toBe('LUSD');
    expect(screen.getByTestId('review-fee')).toBeTruthy();
  });

  it('axe finds nothing on the list and on the revoke review, in every language', async () => {
    const openReview = async () => {
      const rows = await screen.findAllByTestId('approval-row', {}, { timeout: 5_000 });
      fireEvent.click(within(rows[1]!).getByTestId('approval-revoke'));
      const go = await screen.findByTestId('revoke-continue');
      await waitFor(() => expect((go as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(go);
      await screen.findByTestId('send-sign', {}, { timeout: 5_000 });
    };
    expect(
      await axeInEveryLanguage([
        ['approvals-table', setup(live).node],
        ['send-sign', setup(live).node, openReview],
      ]),
    ).toEqual([]);
  }, 60_000);
});
