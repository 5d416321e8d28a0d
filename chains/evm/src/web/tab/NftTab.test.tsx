/** The NFTs tab when the collections cannot be read: the spec's networkBusy message (spec 02 error table). */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import type { EvmChain } from '../chains';
import type { EvmAccount } from './account';
import { NftTab } from './NftTab';

setupUiTests();

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

describe('NFT tab', () => {
  it('a failed collections read shows "network busy or service interrupted"', async () => {
    const chain = {
      adapter: { getNfts: () => Promise.reject(new Error('HTTP 502')) },
    } as unknown as EvmChain;
    renderUi(<NftTab chain={chain} account={account} onSend={() => {}} />);
    const alert = await screen.findByTestId('nft-error', {}, { timeout: 5_000 });
    expect(alert.textContent).toBe(
      'The network is busy or the service is interrupted. Please try again later.',
    );
  });
});
