import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { RequestManager } from './RequestManager';
import { ACCOUNT0, ACCOUNT1, fakeDevice, fakeFio, request } from './testFakes';

setupUiTests();
afterEach(() => vi.restoreAllMocks());

const LONG_MEMO = 'a'.repeat(50) + 'b'.repeat(50) + 'c'.repeat(20);
const LIST = [
  request({
    id: 6,
    type: 'sent',
    accountPath: ACCOUNT0.path,
    content: { ...request().content!, memo: LONG_MEMO },
  }),
  request({ id: 6 }),
  request({
    id: 5,
    content: { payeePublicAddress: 'addr1', amount: '10', chainCode: 'ADA', tokenCode: 'ADA', memo: '' },
  }),
  request({ id: 4, content: null }),
  request({ id: 3, type: 'sent', status: 'sent_to_blockchain', accountPath: ACCOUNT0.path }),
  request({ id: 2, status: 'rejected' }),
  request({ id: 1, type: 'sent', status: 'cancelled', accountPath: ACCOUNT0.path }),
];

function show() {
  fakeDevice();
  const { chain, names } = fakeFio({ requests: LIST });
  const onAction = vi.fn();
  const onPay = vi.fn();
  renderUi(
    <RequestManager
      chain={chain}
      accounts={[ACCOUNT0, ACCOUNT1]}
      canRequest
      onNew={() => {}}
      onAction={onAction}
      onPay={onPay}
      onClose={() => {}}
    />,
  );
  return { names, onAction, onPay };
}

describe('request manager', () => {
  it("reads every account's requests with the device as the decryption secret", async () => {
    const { names } = show();
    await screen.findByTestId('fio-request-sent-6');
    expect(names.requests).toHaveBeenCalledTimes(1);
    const [descriptors] = names.requests.mock.calls[0] as unknown as [{ path: string; address: string }[]];
    expect(descriptors.map((d) => [d.path, d.address])).toEqual([
      [ACCOUNT0.path, ACCOUNT0.address],
      [ACCOUNT1.path, ACCOUNT1.address],
    ]);
  });

  it("pending: only requested ones, newest first, 'Request' when sent and 'Pending' when received, memo in 50-character chunks", async () => {
    show();
    const pending = await screen.findByTestId('fio-requests-pending');
    await within(pending).findByTestId('fio-request-sent-6');
    const cards = within(pending).getAllByTestId(/^fio-request-(sent|received)-\d+$/);
    expect(cards.map((c) => c.getAttribute('data-testid'))).toEqual([
      'fio-request-sent-6',
      'fio-request-received-6',
      'fio-request-received-5',
      'fio-request-received-4',
    ]);
    const sent = cards[0]!;
    expect(within(sent).getByTestId('fio-request-status').textContent).toBe('Request');
    expect(within(cards[1]!).getByTestId('fio-request-status').textContent).toBe('Pending');
    const chunks = within(within(sent).getByTestId('fio-request-memo')).getAllByText(/^[abc]+$/);
    expect(chunks.map((c) => c.textContent)).toEqual(['a'.repeat(50), 'b'.repeat(50), 'c'.repeat(20)]);
    expect(within(cards[1]!).getByTestId('fio-request-amount').textContent).toBe('0.5 LTC');
  });

  it('a received request can be paid, rejected or marked paid; a sent one cancelled', async () => {
    const { onAction, onPay } = show();
    const received = await screen.findByTestId('fio-request-received-6');
    fireEvent.click(within(received).getByTestId('fio-request-pay'));
    expect(onPay.mock.calls[0]![0]).toMatchObject({ id: 6, type: 'received' });
    fireEvent.click(within(received).getByTestId('fio-request-reject'));
    fireEvent.click(within(received).getByTestId('fio-request-mark-paid'));
    fireEvent.click(within(screen.getByTestId('fio-request-sent-6')).getByTestId('fio-request-cancel'));
    expect(onAction.mock.calls.map(([name, r]) => [name, r.type, r.id])).toEqual([
      ['rejectRequest', 'received', 6],
      ['markPaid', 'received', 6],
      ['cancelRequest', 'sent', 6],
    ]);
    expect(within(screen.getByTestId('fio-request-sent-6')).queryByTestId('fio-request-reject')).toBeNull();
  });

  it("ADA: rejectable but not payable ('not supported')", async () => {
    show();
    const ada = await screen.findByTestId('fio-request-received-5');
    expect(within(ada).queryByTestId('fio-request-pay')).toBeNull();
    expect(within(ada).getByTestId('fio-request-not-supported').textContent).toBe(
      'Paying ADA requests is not supported.',
    );
    within(ada).getByTestId('fio-request-reject');
  });

  it('a request that could not be decrypted is shown as such (and can still be rejected)', async () => {
    show();
    const r = await screen.findByTestId('fio-request-received-4');
    expect(within(r).getByTestId('fio-request-undecryptable').textContent).toBe(
      'The content of this request could not be decrypted.',
    );
    expect(within(r).queryByTestId('fio-request-pay')).toBeNull();
    within(r).getByTestId('fio-request-reject');
  });

  it("history: the rest with 'Fulfilled', 'Rejected', 'Cancelled' and no actions", async () => {
    show();
    await screen.findByTestId('fio-request-sent-6');
    fireEvent.mouseDown(screen.getByTestId('fio-requests-history-tab'));
    fireEvent.click(screen.getByTestId('fio-requests-history-tab'));
    const history = await screen.findByTestId('fio-requests-history');
    const labels = within(history)
      .getAllByTestId('fio-request-status')
      .map((b) => b.textContent);
    expect(labels).toEqual(['Fulfilled', 'Rejected', 'Cancelled']);
    expect(within(history).queryAllByRole('button')).toEqual([]);
  });
});
