import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { useSendPreset } from '@secux-companion/web-kit/send/preset';
import type { AnyFamily, FamilyChain, SendProps, WalletAccount } from '@secux-companion/web-kit/family/types';
import { InvoiceModal } from './InvoiceModal';
import { ACCOUNT1, fakeDevice, fakeFio, request } from './testFakes';

setupUiTests();
afterEach(() => vi.restoreAllMocks());

/** A family whose Send shows the preset it was opened with and broadcasts (or is closed) on a click. */
function fakeFamily(broadcast: boolean) {
  function Send({ onClose, onDone }: SendProps) {
    const preset = useSendPreset();
    return (
      <div>
        <span data-testid="send-preset">{`${preset?.recipient} ${preset?.amount}`}</span>
        <button
          data-testid="send-run"
          onClick={() => {
            if (!broadcast) return onClose();
            preset?.onBroadcast?.('ltc-txid');
            onDone();
          }}
        />
      </div>
    );
  }
  return {
    Send,
    receiveTarget: vi.fn(async () => ({ address: 'rltc1qpayer', path: "m/84'/2'/0'/0/0" })),
  } as unknown as AnyFamily;
}

const ACCOUNT = {
  id: 'LTC:x',
  index: 0,
  bip: 84,
  path: "m/84'/2'/0'",
  name: 'LTC 1',
  balance: 10n ** 8n,
} as WalletAccount;
const R = request({ id: 11, content: { ...request().content!, memo: 'dinner' } });

function open(broadcast = true, sign?: () => Promise<string>) {
  const device = fakeDevice(sign);
  const fio = fakeFio();
  const onDone = vi.fn();
  renderUi(
    <InvoiceModal
      fio={fio.chain}
      request={{ ...R, content: R.content! }}
      payerAccount={ACCOUNT1}
      paying={{ family: fakeFamily(broadcast), chain: {} as FamilyChain, account: ACCOUNT }}
      onClose={() => {}}
      onDone={onDone}
    />,
  );
  return { ...fio, device, onDone };
}

describe('invoice modal', () => {
  it("pays through the family's send (prefilled), then records sent_to_blockchain with the txid while 'Confirm on device' shows", async () => {
    let release: (sig: string) => void = () => {};
    const { names, onDone } = open(true, () => new Promise<string>((r) => (release = r)));
    expect(screen.getByTestId('fio-invoice-address').textContent).toBe('rltc1qpayee');
    expect(screen.getByTestId('fio-invoice-amount').textContent).toBe('0.5 LTC');
    fireEvent.change(screen.getByTestId('fio-invoice-memo'), { target: { value: 'paid, thanks' } });
    fireEvent.click(screen.getByTestId('fio-invoice-pay'));
    expect(screen.getByTestId('send-preset').textContent).toBe('rltc1qpayee 0.5');
    fireEvent.click(screen.getByTestId('send-run'));
    const confirm = await screen.findByTestId('fio-invoice-confirm');
    expect(confirm.textContent).toBe('Confirm on device');
    await waitFor(() => expect(names.build).toHaveBeenCalled());
    const [descriptor, action] = names.build.mock.calls[0] as unknown as [{ path: string }, unknown];
    expect(descriptor.path).toBe(ACCOUNT1.path);
    expect(action).toEqual({
      kind: 'recordObtData',
      handle: 'payer@secux',
      requestId: 11,
      payeeHandle: 'emulator@secux',
      payeeKey: R.payeeKey,
      content: {
        payerPublicAddress: 'rltc1qpayer',
        payeePublicAddress: 'rltc1qpayee',
        amount: '0.5',
        chainCode: 'LTC',
        tokenCode: 'LTC',
        status: 'sent_to_blockchain',
        obtId: 'ltc-txid',
        memo: 'paid, thanks',
      },
    });
    release('SIG_K1_x');
    await screen.findByTestId('fio-invoice-paid');
    expect(screen.getByTestId('fio-invoice-txid').textContent).toBe('ltc-txid');
    expect(names.signAndPush).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('fio-invoice-close'));
    expect(onDone).toHaveBeenCalled();
  });

  it('a failed record is only logged: the payment is shown as done', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { names } = open(true);
    names.signAndPush.mockRejectedValueOnce(new Error('Request not found'));
    fireEvent.click(screen.getByTestId('fio-invoice-pay'));
    fireEvent.click(screen.getByTestId('send-run'));
    await screen.findByTestId('fio-invoice-paid');
    expect(warn).toHaveBeenCalledWith('recording the payment on FIO failed', expect.any(Error));
  });

  it('a send closed before its broadcast records nothing and returns to the invoice', async () => {
    const { names } = open(false);
    fireEvent.click(screen.getByTestId('fio-invoice-pay'));
    fireEvent.click(screen.getByTestId('send-run'));
    await screen.findByTestId('fio-invoice-not-sent');
    screen.getByTestId('fio-invoice-pay');
    expect(names.build).not.toHaveBeenCalled();
  });
});
