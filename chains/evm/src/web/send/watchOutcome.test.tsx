/**
 * 'Transaction failed' (spec 01 catalogue): a broadcast EVM transaction the chain later reports failed (receipt
 * status 0) is told to the user in a toast that stays; a confirmed one ends the watch in silence.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Notifications, notifications } from '@mantine/notifications';
import type { TransactionOutcome } from '@secux-companion/chain-evm';
import type { SignedTransaction } from '@secux-companion/chain-common';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import type { EvmChain } from '../chains';
import { evmSigning } from './evmFlow';
import { showTransactionFailed, watchTransactionOutcome } from './watchOutcome';

setupUiTests();
afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const HASH = `0x${'12'.repeat(32)}`;
const answers = (...outcomes: (TransactionOutcome | Error)[]) => {
  const asked = vi.fn(async () => {
    const next = outcomes.length > 1 ? outcomes.shift()! : outcomes[0]!;
    if (next instanceof Error) throw next;
    return next;
  });
  return { transactionOutcome: asked };
};
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('watching a broadcast transaction’s receipt', () => {
  it('reports a failure once, after the pending reads and a read that failed', async () => {
    const source = answers('pending', new Error('HTTP 502'), 'pending', 'failed');
    const onFailed = vi.fn();
    watchTransactionOutcome(source, HASH, onFailed, { pollMs: 5 });
    await vi.waitFor(() => expect(onFailed).toHaveBeenCalledWith(HASH));
    await settle(40);
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(source.transactionOutcome).toHaveBeenCalledTimes(4);
  });

  it('a confirmed transaction ends the watch without a word; the watch also ends at its time limit', async () => {
    const confirmed = answers('pending', 'confirmed');
    const onFailed = vi.fn();
    watchTransactionOutcome(confirmed, HASH, onFailed, { pollMs: 5 });
    await vi.waitFor(() => expect(confirmed.transactionOutcome).toHaveBeenCalledTimes(2));
    const pending = answers('pending');
    watchTransactionOutcome(pending, HASH, onFailed, { pollMs: 5, maxMs: 30 });
    await settle(120);
    const reads = pending.transactionOutcome.mock.calls.length;
    expect(reads).toBeLessThanOrEqual(7);
    await settle(40);
    expect(pending.transactionOutcome.mock.calls.length).toBe(reads);
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('the EVM broadcast starts the watch for the hash the node answered; a failure shows "Transaction failed."', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    ); // the transaction log
    const adapter = { broadcast: vi.fn(async () => HASH), ...answers('failed') };
    const chain = { adapter, spec: { symbol: 'ETH', chainId: 1 } } as unknown as EvmChain;
    const onFailed = vi.fn();
    const built = {
      intent: { kind: 'coin' },
      review: { recipient: HASH.slice(0, 42), amount: 1n, fee: 1n },
      unsigned: { nonce: 0 },
    };
    const outcome = await evmSigning(chain, { path: "m/44'/60'/0'" }, onFailed).broadcast(
      { hash: HASH } as SignedTransaction,
      built as never,
    );
    expect(outcome).toMatchObject({ kind: 'success', hash: HASH });
    await vi.waitFor(() => expect(onFailed).toHaveBeenCalledWith(HASH));

    renderUi(<Notifications />);
    showTransactionFailed(HASH);
    const toast = await screen.findByTestId('tx-failed-toast');
    expect(toast.textContent).toContain('Transaction failed.');
    expect(toast.textContent).toContain(HASH);
  });
});
