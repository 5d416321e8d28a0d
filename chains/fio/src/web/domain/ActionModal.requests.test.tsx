import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { ActionModal, type FioActionName } from './ActionModal';
import { ACCOUNT0, ACCOUNT1, BUILT, fakeDevice, fakeFio, recordTxLogs, request } from './testFakes';

setupUiTests();
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const HANDLES = [
  { handle: 'emulator@secux', expiration: '2030-01-01T00:00:00', bundled: 1, owner: ACCOUNT0 },
  { handle: 'payer@secux', expiration: '2030-01-01T00:00:00', bundled: 100, owner: ACCOUNT1 },
];

function open(action: FioActionName, target = {}) {
  const device = fakeDevice();
  const fio = fakeFio();
  const onClose = vi.fn();
  const onSuccess = vi.fn();
  renderUi(
    <ActionModal
      chain={fio.chain}
      action={action}
      accounts={[ACCOUNT0, ACCOUNT1]}
      ownDomains={[]}
      target={target}
      handles={HANDLES}
      onClose={onClose}
      onSuccess={onSuccess}
    />,
  );
  return { ...fio, device, onClose, onSuccess };
}

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const next = () => screen.getByTestId('fio-action-next') as HTMLButtonElement;
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });

describe('new payment request (action modal, sendRequest)', () => {
  it('Next only once the payer handle is registered and an amount is typed; the request is built with the device', async () => {
    const { names, reader, device } = open('sendRequest');
    // emulator@secux has 1 bundled transaction; a request spends 2.
    expect(screen.getByTestId('fio-request-bundles').textContent).toContain('needs 2');
    await waitFor(() => expect(input('fio-request-chain').value).toBe('LTC'));
    type('fio-request-amount', '0.5');
    type('fio-request-payer', 'nobody@secux');
    await screen.findByText('This crypto handle is not registered', undefined, { timeout: 3000 });
    expect(next().disabled).toBe(true);
    type('fio-request-payer', 'payer@secux');
    await screen.findByText('Registered', undefined, { timeout: 3000 });
    expect(reader.publicAddress).toHaveBeenLastCalledWith('payer@secux', 'FIO', 'FIO', expect.anything());
    type('fio-request-memo', 'dinner');
    expect(screen.getByText('194 characters left')).toBeTruthy();
    await waitFor(() => expect(next().disabled).toBe(false));
    type('fio-request-amount', '');
    expect(next().disabled).toBe(true);
    type('fio-request-amount', '0.5');

    fireEvent.click(next());
    await screen.findByTestId('fio-review-digest');
    const [descriptor, action, , secrets] = names.build.mock.calls[0] as unknown as [
      { path: string },
      unknown,
      unknown,
      unknown,
    ];
    expect(descriptor.path).toBe(ACCOUNT0.path);
    expect(action).toEqual({
      kind: 'requestFunds',
      handle: 'emulator@secux',
      payerHandle: 'payer@secux',
      payerKey: ACCOUNT1.address,
      content: {
        payeePublicAddress: 'rltc1qpayee',
        amount: '0.5',
        chainCode: 'LTC',
        tokenCode: 'LTC',
        memo: 'dinner',
      },
    });
    expect(secrets).toBe(device);
    expect(screen.getByTestId('fio-review-payer').textContent).toBe('payer@secux');
    expect(screen.getByTestId('fio-review-amount').textContent).toBe('0.5 LTC');
    fireEvent.click(screen.getByTestId('fio-action-confirm'));
    await screen.findByTestId('fio-action-success');
    expect(device.signFio).toHaveBeenCalledWith(BUILT.signRequest.path, BUILT.signRequest.sigData);
  }, 30_000);

  it('the amount input clears a negative value and keeps at most 15 decimals; the memo stops at 200', () => {
    open('sendRequest');
    type('fio-request-amount', '-3');
    expect(input('fio-request-amount').value).toBe('');
    type('fio-request-amount', '1.12345678901234567');
    expect(input('fio-request-amount').value).toBe('1.123456789012345');
    type('fio-request-memo', 'm'.repeat(230));
    expect(input('fio-request-memo').value).toHaveLength(200);
    expect(screen.getByText('0 characters left')).toBeTruthy();
  });
});

describe('reject, cancel and mark-paid start at Verification and run at once', () => {
  it('reject: built for the payer handle and signed without a click', async () => {
    const { names, device, onSuccess } = open('rejectRequest', { request: request({ id: 7 }) });
    await screen.findByTestId('fio-action-success');
    expect(names.build.mock.calls[0]![1]).toEqual({
      kind: 'rejectFundsRequest',
      handle: 'payer@secux',
      requestId: 7,
    });
    expect(names.build.mock.calls[0]![0].path).toBe(ACCOUNT1.path);
    expect(device.signFio).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledWith('rejectRequest', { owner: ACCOUNT1 });
    expect(screen.queryByTestId('fio-action-next')).toBeNull();
  });

  it('each action posts its transaction log after the push (spec 01 §7)', async () => {
    const posts = recordTxLogs();
    open('rejectRequest', { request: request({ id: 7 }) });
    await screen.findByTestId('fio-action-success');
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      hash: 'f10tx',
      chain: 'FIO',
      context: {
        kind: 'rejectFundsRequest',
        to: 'payer@secux',
        from: BUILT.signRequest.path,
        result: 'state-010',
      },
    });
  });

  it('the status is the catalogue’s state-010, or err-08 with the node’s words (spec 03 §8)', async () => {
    open('rejectRequest', { request: request({ id: 7 }) });
    expect((await screen.findByTestId('fio-action-success')).textContent).toBe(
      'Transaction sent successfully.',
    );
    cleanup();
    const { names } = open('cancelRequest', {
      request: request({ id: 8, type: 'sent', accountPath: ACCOUNT0.path }),
    });
    names.signAndPush.mockRejectedValueOnce(new Error('Fio request not found'));
    const failed = await screen.findByTestId('fio-action-failed');
    expect(failed.textContent).toContain('Transaction failed.');
    expect(failed.textContent).toContain('Fio request not found');
    cleanup();
    // A refusal the product API names 'rejected' is err-08 itself: said once.
    const again = open('cancelRequest', {
      request: request({ id: 8, type: 'sent', accountPath: ACCOUNT0.path }),
    });
    again.names.signAndPush.mockRejectedValueOnce(
      Object.assign(new Error('rejected'), { status: 400, code: 'rejected' }),
    );
    expect((await screen.findByTestId('fio-action-failed')).textContent).toBe('Transaction failed.');
  });

  it("cancel: the payee's handle and account", async () => {
    const { names } = open('cancelRequest', {
      request: request({ id: 8, type: 'sent', accountPath: ACCOUNT0.path }),
    });
    await screen.findByTestId('fio-action-success');
    expect(names.build.mock.calls[0]![1]).toEqual({
      kind: 'cancelFundsRequest',
      handle: 'emulator@secux',
      requestId: 8,
    });
    expect(names.build.mock.calls[0]![0].path).toBe(ACCOUNT0.path);
  });

  it('a device failure closes the modal', async () => {
    const onClose = vi.fn();
    const fio = fakeFio();
    fakeDevice(async () => {
      throw Object.assign(new Error('[SecuX device] USER_CANCEL (0x9001)'), { code: 'USER_CANCEL' });
    });
    renderUi(
      <ActionModal
        chain={fio.chain}
        action="rejectRequest"
        accounts={[ACCOUNT0, ACCOUNT1]}
        ownDomains={[]}
        target={{ request: request() }}
        onClose={onClose}
        onSuccess={() => {}}
      />,
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('mark as paid records the request as sent_to_blockchain; a failed push is only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { names, onClose } = open('markPaid', { request: request({ id: 9 }) });
    names.signAndPush.mockRejectedValueOnce(new Error('Request not found'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(names.build.mock.calls[0]![1]).toMatchObject({
      kind: 'recordObtData',
      handle: 'payer@secux',
      requestId: 9,
      payeeHandle: 'emulator@secux',
      content: { status: 'sent_to_blockchain', amount: '0.5', chainCode: 'LTC' },
    });
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByTestId('fio-action-failed')).toBeNull();
  });
});
