/**
 * After a broadcast the Status step says the transaction is pending and follows it (GET …/tx-status, asked again
 * after a growing pause) until the chain decides: confirmed, or failed with the chain's reason; the account's history
 * is read again then. A broadcast that failed on the way offers Retry, which sends the same signed transaction again
 * (the device is not asked again). The chain adapter is a mock; fetch answers the product API.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { SignedTransaction } from '@secux-companion/chain-common';
import { setupUiTests } from '../test/ui';
import { theme } from '../theme';
import { accountKeys } from '../accounts/queryKeys';
import { SendFlowModal } from './SendFlowModal';
import { BroadcastStatus } from './SendSteps';
import { broadcastWith } from './txFlow';
import { TX_STATUS_FIRST_MS, txStatusDelay } from './txStatus';
import { useSendFlow } from './useSendFlow';

setupUiTests();

const HASH = 'ab'.repeat(32);
type Answer = { status: number; body: unknown };
const pending = {
  hash: HASH,
  state: 'pending',
  final: false,
  confirmations: null,
  blockHeight: null,
  provider: 'n#1',
};
const confirmed = { ...pending, state: 'confirmed', final: true, confirmations: 1, blockHeight: 1001 };
const failed = { ...confirmed, state: 'failed', reason: 'tecUNFUNDED_PAYMENT' };

/** fetch: tx-status answers in turn (the last one repeats), the transaction log takes anything. */
function productApi(answers: Answer[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = String(input);
      if (url.includes('/tx-status/')) {
        asked.push(url);
        const a = answers[Math.min(asked.length - 1, answers.length - 1)]!;
        return new Response(JSON.stringify(a.body), { status: a.status });
      }
      return new Response('{}');
    }),
  );
  return asked;
}

function renderWith(client: QueryClient, node: ReactNode) {
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme}>{node}</MantineProvider>
    </QueryClientProvider>,
  );
}
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** The account page's history query (kept by the test's client while the send is on screen). */
function History({ read }: { read: () => void }) {
  useQuery({ queryKey: accountKeys.history('acct-1'), queryFn: () => (read(), []), staleTime: Infinity });
  return null;
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Status after a broadcast: pending until the chain decides', () => {
  it('says pending, asks again after a growing pause, then confirmed; the history is read again', async () => {
    const asked = productApi([
      { status: 200, body: pending },
      { status: 200, body: pending },
      { status: 200, body: confirmed },
    ]);
    const read = vi.fn();
    renderWith(
      newClient(),
      <>
        <History read={read} />
        <BroadcastStatus
          result={{ kind: 'success', hash: HASH, resultCode: 'state-010', chain: 'XRP' }}
          explorerUrl={() => undefined}
          onDone={() => {}}
          testIds="send"
        />
      </>,
    );
    const line = screen.getByTestId('send-tx-state');
    // Announced to screen readers as it changes.
    expect(line.getAttribute('role')).toBe('status');
    expect(line.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toBe(`/api/chains/XRP/tx-status/${HASH}`);
    expect(line.getAttribute('data-state')).toBe('pending');
    expect(line.textContent).toBe('Pending: the network has the transaction and has not confirmed it yet.');
    await waitFor(() => expect(read).toHaveBeenCalledTimes(1));

    await act(() => vi.advanceTimersByTimeAsync(TX_STATUS_FIRST_MS));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(line.getAttribute('data-state')).toBe('pending');
    // The second pause is longer than the first.
    expect(txStatusDelay(2)).toBeGreaterThan(txStatusDelay(1));
    await act(() => vi.advanceTimersByTimeAsync(txStatusDelay(2)));
    await waitFor(() => expect(line.getAttribute('data-state')).toBe('confirmed'));
    expect(line.textContent).toBe('Confirmed by the network.');
    // Final: the account's history is read again, and nothing more is asked.
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(asked).toHaveLength(3);
  });

  it('failed on the chain: the reason is shown; a chain the server cannot follow stops asking', async () => {
    productApi([{ status: 200, body: failed }]);
    renderWith(
      newClient(),
      <BroadcastStatus
        result={{ kind: 'success', hash: HASH, resultCode: 'state-010', chain: 'XRP' }}
        explorerUrl={() => undefined}
        onDone={() => {}}
        testIds="send"
      />,
    );
    const line = screen.getByTestId('send-tx-state');
    await waitFor(() => expect(line.getAttribute('data-state')).toBe('failed'));
    expect(line.textContent).toBe('Failed on the network: tecUNFUNDED_PAYMENT');
    vi.unstubAllGlobals();

    const asked = productApi([
      { status: 404, body: { error: 'chain EVM is not served', code: 'unknown_chain', statusCode: 404 } },
    ]);
    const client = newClient();
    renderWith(
      client,
      <BroadcastStatus
        result={{ kind: 'success', hash: HASH, resultCode: 'state-010', chain: 'EVM' }}
        explorerUrl={() => undefined}
        onDone={() => {}}
        testIds="other"
      />,
    );
    const other = screen.getByTestId('other-tx-state');
    await waitFor(() => expect(other.textContent).toMatch(/block explorer/));
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(asked).toHaveLength(1);
  });
});

describe('a broadcast that failed on the way', () => {
  /** One send through the shared flow with a mocked adapter: the device signs once. */
  function Send({
    adapter,
    sign,
  }: {
    adapter: { broadcast: (tx: SignedTransaction) => Promise<string> };
    sign: () => Promise<SignedTransaction>;
  }) {
    const flow = useSendFlow<string>({
      sign: () => sign(),
      broadcast: (tx) => broadcastWith(adapter, 'XRP', tx, { kind: 'payment' }),
      prompts: [],
    });
    return (
      <SendFlowModal
        flow={flow}
        title="Send"
        testIds="send"
        details={null}
        canContinue
        onContinue={() => void flow.start(async () => 'built')}
        reviewRows={() => []}
        explorerUrl={() => undefined}
        onClose={() => {}}
        onDone={() => {}}
      />
    );
  }

  it('Retry sends the same signed transaction again (never signed again), then follows it as pending', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    productApi([{ status: 200, body: pending }]);
    const signed = { hash: HASH, raw: 'SIGNED-BLOB' } as unknown as SignedTransaction;
    const sign = vi.fn(async () => signed);
    const offline = Object.assign(new Error('timeout'), { status: 0, code: 'network' });
    const broadcast = vi
      .fn<(tx: SignedTransaction) => Promise<string>>()
      .mockRejectedValueOnce(offline)
      .mockResolvedValue(HASH);
    renderWith(newClient(), <Send adapter={{ broadcast }} sign={sign} />);

    fireEvent.click(screen.getByTestId('send-continue'));
    fireEvent.click(await screen.findByTestId('send-sign'));
    fireEvent.click(await screen.findByTestId('send-broadcast'));
    await screen.findByTestId('send-failed');
    expect(screen.getByTestId('send-retry-hint').textContent).toMatch(/same signed transaction/);

    fireEvent.click(screen.getByTestId('send-retry'));
    await screen.findByTestId('send-success');
    expect(screen.getByTestId('send-txid').textContent).toBe(HASH);
    expect(broadcast).toHaveBeenCalledTimes(2);
    // The very same signed transaction both times; the device signed once.
    expect(broadcast.mock.calls[1]![0]).toBe(signed);
    expect(broadcast.mock.calls[0]![0]).toBe(signed);
    expect(sign).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.getByTestId('send-tx-state').getAttribute('data-state')).toBe('pending'),
    );
  });

  it('a node’s refusal offers no Retry', async () => {
    productApi([]);
    const sign = vi.fn(async () => ({ hash: HASH, raw: 'x' }) as unknown as SignedTransaction);
    const refused = Object.assign(new Error('tefPAST_SEQ'), { status: 422, code: 'rejected' });
    renderWith(newClient(), <Send adapter={{ broadcast: vi.fn().mockRejectedValue(refused) }} sign={sign} />);
    fireEvent.click(screen.getByTestId('send-continue'));
    fireEvent.click(await screen.findByTestId('send-sign'));
    fireEvent.click(await screen.findByTestId('send-broadcast'));
    await screen.findByTestId('send-failed');
    expect(screen.queryByTestId('send-retry')).toBeNull();
  });
});
