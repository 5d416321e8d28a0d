import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { Operation } from '@secux-companion/chain-common';
import { renderUi, setupUiTests } from '../test/ui';
import { accountsStore } from '../accounts/store';
import type { AnyFamily, FamilyChain, WalletAccount } from '../family/types';
import { ReviewTable } from './SendSteps';
import { RecipientNotice } from './RecipientNotice';
import { RecipientField } from './RecipientField';

setupUiTests();

const OWN = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const FRIEND = '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0';
const LOOK_ALIKE = '0x6fac00000000000000000000000000000000B9c0';

const op = (to: string): Operation => ({
  hash: '0x01',
  time: 1,
  blockHeight: 1,
  direction: 'out',
  value: 1n,
  fee: 0n,
  senders: [{ address: OWN, value: 1n, isOwn: true }],
  recipients: [{ address: to, value: 1n, isOwn: false }],
  isOwnTransaction: true,
  rbf: false,
});

function withHistory(operations: Operation[], read?: Promise<void>) {
  const account = { id: 'ETH:m/44', address: OWN, name: 'A' } as WalletAccount;
  const calls: (string | null)[] = [];
  const chain = {
    adapter: {
      getHistory: async (_d: unknown, cursor: string | null) => {
        calls.push(cursor);
        await read;
        return { operations, cursor: null };
      },
    },
  } as unknown as FamilyChain;
  const family = { descriptor: () => ({}) } as unknown as AnyFamily;
  accountsStore.set({ accounts: [account], selectedId: account.id, family, chain });
  return calls;
}

const field = (value: string) => (
  <RecipientField value={value} onChange={() => {}} resolvedFrom={null} resolving={false} />
);

afterEach(() => accountsStore.set({ accounts: [], selectedId: null, family: null, chain: null }));

describe('recipient notice from the account history', () => {
  it('a look-alike of an address the account sent to raises the strong warning naming both', async () => {
    withHistory([op(FRIEND)]);
    renderUi(<RecipientNotice recipient={LOOK_ALIKE} where="details" />);
    const alert = await screen.findByTestId('recipient-look-alike');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('0x6F ac4D 18c9');
    expect(alert.textContent).toContain('0x6f ac00 0000');
  });

  it('a new address gets the first-send notice; a known one nothing', async () => {
    withHistory([op(FRIEND)]);
    renderUi(<RecipientNotice recipient="0x1111111111111111111111111111111111111111" where="details" />);
    await screen.findByTestId('recipient-first-send');
    renderUi(<RecipientNotice recipient={FRIEND} where="details" />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByTestId('recipient-first-send')).toHaveLength(1);
  });

  it('the review table shows the recipient in groups of four and the warning under it', async () => {
    withHistory([op(FRIEND)]);
    renderUi(
      <ReviewTable
        testId="review"
        rows={[
          {
            label: 'Recipient',
            value: LOOK_ALIKE,
            address: LOOK_ALIKE,
            recipient: true,
            testId: 'review-recipient',
          },
        ]}
      />,
    );
    expect(screen.getByTestId('review-recipient').textContent).toBe(
      '0x6f ac00 0000 0000 0000 0000 0000 0000 0000 00B9 c0',
    );
    expect((await screen.findByTestId('recipient-look-alike')).getAttribute('data-where')).toBe('review');
  });

  it('the field reads the history when the form opens, so the notice comes with the entry (nothing jumps later)', async () => {
    const calls = withHistory([op(FRIEND)]);
    const { rerender } = renderUi(field(''));
    // read before any recipient is entered, once
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(calls).toEqual([null]);
    // the first render with the entry already carries its notice: it does not appear later, under a pointer
    rerender(field(LOOK_ALIKE));
    expect(screen.getByTestId('recipient-look-alike').getAttribute('data-where')).toBe('details');
    rerender(field('0x1111111111111111111111111111111111111111'));
    expect(screen.getByTestId('recipient-first-send')).toBeTruthy();
    expect(calls).toEqual([null]);
  });

  it('while the history is still being read, the notice place holds a checking status', async () => {
    let done!: () => void;
    withHistory([op(FRIEND)], new Promise<void>((r) => (done = r)));
    renderUi(field(LOOK_ALIKE));
    expect(screen.getByTestId('recipient-checking').getAttribute('role')).toBe('status');
    done();
    await screen.findByTestId('recipient-look-alike');
    expect(screen.queryByTestId('recipient-checking')).toBeNull();
  });
});
