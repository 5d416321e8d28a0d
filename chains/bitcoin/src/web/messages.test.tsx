/**
 * The Messages tab of a bitcoin-family account (issue 32): only Verify, since the device does not sign messages;
 * a BIP-137 signature published by Trezor verifies, a changed message does not. Coins whose wallets sign no
 * messages have no tab.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { NETWORKS } from '@secux-companion/chain-bitcoin';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { MessagesTab } from '@secux-companion/web-kit/accounts/messages/MessagesTab';
import type { BitcoinChain } from './chains';
import type { AppAccount } from './account';
import { family } from './index';

setupUiTests();

const chainOn = (network: (typeof NETWORKS)[keyof typeof NETWORKS]) =>
  ({
    unit: { symbol: 'BTC', decimals: 8, digits: 8 },
    adapter: { network },
    local: false,
  }) as unknown as BitcoinChain;

describe('Messages tab (bitcoin family)', () => {
  it('verifies a BIP-137 signature without the device and refuses it over another message', async () => {
    const chain = chainOn(NETWORKS.BTC);
    const account = { id: 'b', name: 'B', index: 0, bip: 44, path: "m/44'/0'/0'" } as AppAccount;
    renderUi(
      <MessagesTab support={family.messages!(chain)!} family={family} chain={chain} account={account} />,
    );
    expect(screen.queryByTestId('messages-mode')).toBeNull();
    fireEvent.change(screen.getByTestId('verify-address'), {
      target: { value: '1JAd7XCBzGudGpJQSDSfpmJhiygtLQWaGL' },
    });
    fireEvent.change(screen.getByTestId('verify-message'), {
      target: { value: 'This is an example of a signed message.' },
    });
    fireEvent.change(screen.getByTestId('verify-signature'), {
      target: {
        value: 'IP2PL321I4/N0HfVIEw+aUnCYdcAJpzvwdnS3O9rlQI2MO5hf2yKz560DI7dcEycp06kr8OT9D81tOiVgyTL3Rw=',
      },
    });
    fireEvent.click(screen.getByTestId('verify-run'));
    await waitFor(() => expect(screen.getByTestId('verify-result').dataset.result).toBe('valid'));
    fireEvent.change(screen.getByTestId('verify-message'), { target: { value: 'This is another message.' } });
    fireEvent.click(screen.getByTestId('verify-run'));
    await waitFor(() => expect(screen.getByTestId('verify-result').dataset.result).toBe('invalid'));
  });

  it('offers no Messages tab on a chain whose wallets sign no messages (Groestlcoin)', () => {
    expect(family.messages!(chainOn(NETWORKS.GRS))).toBeUndefined();
  });
});
