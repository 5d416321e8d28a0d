/**
 * The Messages tab of a SOL account (issue 32): a text signed on the device (the emulator under the SecuX SDK) is an
 * Ed25519 signature over its bytes by the account's key, and the Verify panel checks it without the device.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ed25519 } from '@noble/curves/ed25519.js';
import { getBase58Encoder } from '@solana/kit';
import { connectEmulator, type SecuxDevice } from '@secux-companion/device';
import { MemoryStorage, SecuxEmulator } from '@secux-companion/emulator';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { runtime } from '@secux-companion/web-kit/device/runtime';
import { MessagesTab } from '@secux-companion/web-kit/accounts/messages/MessagesTab';
import type { SolanaChain } from './chain';
import type { SolanaAccount } from './rules';
import { family } from './index';

setupUiTests();

const PATH = "m/44'/501'/0'";
let device: SecuxDevice;
let address: string;
const nodeBuffer = globalThis.Buffer;
beforeAll(async () => {
  globalThis.Buffer = (await import('buffer')).Buffer as unknown as typeof nodeBuffer;
  device = await connectEmulator(new SecuxEmulator({ autoApprove: true, storage: new MemoryStorage() }));
  address = await device.getAddress(PATH);
  runtime.set({ device, emulator: null });
}, 60_000);
afterAll(async () => {
  await device?.disconnect();
  globalThis.Buffer = nodeBuffer;
});

describe('Messages tab (Solana)', () => {
  it('signs a text with the account key; the signature verifies with Ed25519 and in the Verify panel', async () => {
    const chain = {
      unit: { symbol: 'SOL', decimals: 9, digits: 9 },
      adapter: { getReceiveAddress: async () => ({ address, path: PATH }) },
      local: true,
    } as unknown as SolanaChain;
    const account = { id: 's', name: 'S', index: 0, bip: 44, path: PATH, address } as SolanaAccount;
    renderUi(
      <MessagesTab support={family.messages!(chain)!} family={family} chain={chain} account={account} />,
    );
    await screen.findByText(`Signs with the key of ${address}`);
    expect(screen.queryByTestId('messages-kind')).toBeNull();
    const text = 'Sign in to example.org';
    fireEvent.change(screen.getByTestId('messages-input'), { target: { value: text } });
    fireEvent.click(screen.getByTestId('messages-sign'));
    const box = await screen.findByTestId('messages-signature', {}, { timeout: 20_000 });
    const signature = box.querySelector('pre, code')!.textContent!.trim();
    const base58 = getBase58Encoder();
    expect(
      ed25519.verify(
        Uint8Array.from(base58.encode(signature)),
        new TextEncoder().encode(text),
        Uint8Array.from(base58.encode(address)),
      ),
    ).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: 'Verify' }));
    fireEvent.change(screen.getByTestId('verify-message'), { target: { value: text } });
    fireEvent.change(screen.getByTestId('verify-signature'), { target: { value: signature } });
    fireEvent.click(screen.getByTestId('verify-run'));
    await waitFor(() => expect(screen.getByTestId('verify-result').dataset.result).toBe('valid'));
  }, 60_000);
});
