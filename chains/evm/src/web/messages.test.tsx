/**
 * The Messages tab of an ETH account (issue 32): a personal_sign text signed on the device (the emulator under the
 * SecuX SDK) recovers to the account's address with viem, and the Verify panel says so without the device; EIP-712
 * typed data is shown as a tree before it can be signed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { recoverMessageAddress, type Hex } from 'viem';
import { connectEmulator, type SecuxDevice } from '@secux-companion/device';
import { MemoryStorage, SecuxEmulator } from '@secux-companion/emulator';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { axeInEveryLanguage } from '@secux-companion/web-kit/test/axe';
import { runtime } from '@secux-companion/web-kit/device/runtime';
import { MessagesTab } from '@secux-companion/web-kit/accounts/messages/MessagesTab';
import type { EvmChain } from './chains';
import type { EvmAccount } from './tab/account';
import { family } from './index';

setupUiTests();

const PATH = "m/44'/60'/0'/0/0";
let device: SecuxDevice;
let address: string;
const nodeBuffer = globalThis.Buffer;
beforeAll(async () => {
  // The SDK's bytes must be this (jsdom) realm's Uint8Array, as in the browser, where the app's shim provides Buffer.
  globalThis.Buffer = (await import('buffer')).Buffer as unknown as typeof nodeBuffer;
  device = await connectEmulator(new SecuxEmulator({ autoApprove: true, storage: new MemoryStorage() }));
  address = await device.getAddress(PATH);
  runtime.set({ device, emulator: null });
}, 60_000);
afterAll(async () => {
  await device?.disconnect();
  globalThis.Buffer = nodeBuffer;
});

const TYPED = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Permit: [
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  domain: { name: 'Local USD', chainId: 1 },
  message: { spender: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB', value: '1000' },
} as const;

function tab(chainId = 1) {
  const chain = {
    spec: { symbol: 'ETH', coin: 'ETH', name: 'Ethereum', decimals: 18, chainId },
    unit: { symbol: 'ETH', decimals: 18, digits: 8 },
    adapter: { chain: 'ETH', getReceiveAddress: async () => ({ address, path: PATH }) },
    local: false,
  } as unknown as EvmChain;
  const account = { id: 'a', name: 'A', index: 0, bip: 44, path: "m/44'/60'/0'", address } as EvmAccount;
  return <MessagesTab support={family.messages!(chain)!} family={family} chain={chain} account={account} />;
}

const show = (chainId = 1) => renderUi(tab(chainId));

async function signed(): Promise<string> {
  fireEvent.click(screen.getByTestId('messages-sign'));
  const box = await screen.findByTestId('messages-signature', {}, { timeout: 20_000 });
  return box.querySelector('pre, code')!.textContent!.trim();
}

describe('Messages tab (EVM)', () => {
  it('signs a text on the device; the signature recovers to the account and verifies in the Verify panel', async () => {
    show();
    await screen.findByText(`Signs with the key of ${address}`);
    fireEvent.change(screen.getByTestId('messages-input'), {
      target: { value: 'Sign in to example.org: 0xdead' },
    });
    const signature = await signed();
    expect(
      await recoverMessageAddress({ message: 'Sign in to example.org: 0xdead', signature: signature as Hex }),
    ).toBe(address);

    fireEvent.click(screen.getByRole('radio', { name: 'Verify' }));
    expect(screen.getByTestId('verify-address')).toHaveProperty('value', address);
    fireEvent.change(screen.getByTestId('verify-message'), {
      target: { value: 'Sign in to example.org: 0xdead' },
    });
    fireEvent.change(screen.getByTestId('verify-signature'), { target: { value: signature } });
    fireEvent.click(screen.getByTestId('verify-run'));
    expect(await screen.findByTestId('verify-result')).toHaveProperty(
      'textContent',
      `Valid: ${address} signed this message.`,
    );

    fireEvent.change(screen.getByTestId('verify-message'), { target: { value: 'Sign in to evil.example' } });
    fireEvent.click(screen.getByTestId('verify-run'));
    await waitFor(() => expect(screen.getByTestId('verify-result').dataset.result).toBe('invalid'));
  }, 60_000);

  // Signing typed data on the device is shown end to end in Chromium (e2e/evm-eth): under jsdom the SDK's hashing
  // meets two Buffer classes.
  it('shows typed data as a tree before signing and only then offers to sign', async () => {
    show();
    await screen.findByText(`Signs with the key of ${address}`);
    fireEvent.click(screen.getByRole('radio', { name: 'Typed data (EIP-712)' }));
    fireEvent.change(screen.getByTestId('messages-input'), { target: { value: '{"types": ' } });
    expect(await screen.findByText('This is not valid EIP-712 typed data.')).toBeTruthy();
    expect((screen.getByTestId('messages-sign') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByTestId('messages-input'), { target: { value: JSON.stringify(TYPED) } });
    const tree = await screen.findByTestId('messages-preview');
    expect(tree.textContent).toContain('spender: 0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB');
    expect(tree.textContent).toContain('value: 1000');
    expect(tree.textContent).not.toContain('another network');
    expect((screen.getByTestId('messages-sign') as HTMLButtonElement).disabled).toBe(false);
  });

  it('axe finds nothing on the signing panel with typed data shown, in every language', async () => {
    const typed = async () => {
      await screen.findByTestId('messages-sign');
      fireEvent.click(screen.getAllByRole('radio')[3]!);
      fireEvent.change(screen.getByTestId('messages-input'), { target: { value: JSON.stringify(TYPED) } });
      await screen.findByTestId('messages-preview');
    };
    expect(await axeInEveryLanguage([['messages-tab', tab(56), typed]])).toEqual([]);
  }, 60_000);

  it('warns when the typed data names another chain than the account', async () => {
    show(56);
    await screen.findByText(`Signs with the key of ${address}`);
    fireEvent.click(screen.getByRole('radio', { name: 'Typed data (EIP-712)' }));
    fireEvent.change(screen.getByTestId('messages-input'), { target: { value: JSON.stringify(TYPED) } });
    expect((await screen.findByTestId('messages-preview')).textContent).toContain(
      'another network than this account',
    );
  });
});
