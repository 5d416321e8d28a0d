import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { BtcBuiltTransaction } from '@secux-companion/chain-bitcoin';
import { SendPresetContext } from '@secux-companion/web-kit/send/preset';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import type { AppAccount } from '../account';
import type { BitcoinChain } from '../chains';
import { SendModal } from './SendModal';

setupUiTests();
afterEach(() => vi.unstubAllGlobals());

const TO = 'rltc1qpayee0000000000000000000000000000000';
const account = {
  id: 'LTC:84:0',
  chain: 'LTC',
  bip: 84,
  index: 0,
  path: "m/84'/2'/0'",
  name: 'Litecoin 1',
} as unknown as AppAccount;

function fakeChain() {
  const build = vi.fn(
    async (_a: unknown, draft: { recipient: string; amount?: bigint }) =>
      ({
        unsigned: { kind: 'send', feeRate: 2 },
        signRequest: { inputs: [{}] },
        review: {
          recipient: draft.recipient,
          amount: draft.amount ?? 0n,
          fee: 300n,
          feeRate: 2,
          total: (draft.amount ?? 0n) + 300n,
        },
      }) as unknown as BtcBuiltTransaction,
  );
  const chain = {
    networkId: 'litecoin-regtest',
    unit: { symbol: 'LTC', decimals: 8, digits: 8 },
    local: true,
    adapter: {
      getAccountState: async () => ({ balance: 10n ** 8n, available: 10n ** 8n, pending: 0n, txCount: 1 }),
      getFees: async () => ({ tiers: { high: 3, medium: 2, low: 1 }, unit: 'sat/vB', hidden: false }),
      keysOf: () => ({ receive: () => ({ address: 'rltc1qown' }) }),
      validateAddress: (a: string) => (a.startsWith('rltc1q') ? 'ok' : 'invalid'),
      build,
      reviewRows: (b: BtcBuiltTransaction) => [
        { labelKey: 'send.recipient', value: { type: 'address', value: b.review.recipient } },
      ],
      explorer: { tx: () => undefined, address: () => undefined },
    },
  } as unknown as BitcoinChain;
  return { chain, build };
}

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;

describe('bitcoin send', () => {
  it("paying a request: Reset keeps the request's recipient and amount, and the amount (with Send all) cannot be changed", async () => {
    // No price: the fee-limit alert stays silent.
    vi.stubGlobal('fetch', async () => new Response('{}'));
    const { chain, build } = fakeChain();
    renderUi(
      <SendPresetContext.Provider value={{ recipient: TO, amount: '0.5' }}>
        <SendModal account={account} chain={chain} onClose={() => {}} onDone={() => {}} />
      </SendPresetContext.Provider>,
    );
    await screen.findByTestId('send-available');
    expect(input('send-recipient').value).toBe(TO);
    expect(input('send-amount').value).toBe('0.5');
    expect(input('send-amount').disabled).toBe(true);
    expect(input('send-all').disabled).toBe(true);
    await waitFor(() =>
      expect((screen.getByTestId('send-continue') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('send-continue'));
    await screen.findByTestId('send-review');
    expect(build.mock.calls[0]![1]).toMatchObject({ recipient: TO, amount: 50_000_000n });
    fireEvent.click(screen.getByTestId('send-back'));
    await screen.findByTestId('send-available');
    expect(input('send-recipient').value).toBe(TO);
    expect(input('send-amount').value).toBe('0.5');
    expect(input('send-amount').disabled).toBe(true);
  });

  it('without a request, Reset empties the recipient and amount, and the amount is editable', async () => {
    vi.stubGlobal('fetch', async () => new Response('{}'));
    const { chain } = fakeChain();
    renderUi(<SendModal account={account} chain={chain} onClose={() => {}} onDone={() => {}} />);
    await screen.findByTestId('send-available');
    expect(input('send-amount').disabled).toBe(false);
    fireEvent.change(input('send-recipient'), { target: { value: TO } });
    fireEvent.change(input('send-amount'), { target: { value: '0.25' } });
    await waitFor(() =>
      expect((screen.getByTestId('send-continue') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('send-continue'));
    await screen.findByTestId('send-review');
    fireEvent.click(screen.getByTestId('send-back'));
    await screen.findByTestId('send-available');
    expect(input('send-recipient').value).toBe('');
    expect(input('send-amount').value).toBe('');
  });
});
