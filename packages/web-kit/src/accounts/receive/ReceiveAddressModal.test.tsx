import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderUi, setupUiTests } from '../../test/ui';
import { ReceiveAddressModal } from './ReceiveAddressModal';

setupUiTests();

const target = { address: 'ltc1qexample', path: "m/84'/2'/0'/0/0" };

function show(showOnDevice: () => Promise<unknown>) {
  renderUi(
    <ReceiveAddressModal
      target={target}
      warning="check the address"
      showOnDevice={showOnDevice}
      onClose={() => {}}
    />,
  );
}

describe('shared receive modal', () => {
  it('copy and QR only after the device confirmed the address', async () => {
    show(() => Promise.resolve());
    expect(screen.queryByTestId('receive-copy')).toBeNull();
    expect(screen.getByTestId('receive-warning').textContent).toBe('check the address');
    fireEvent.click(screen.getByTestId('receive-verify'));
    await waitFor(() => expect(screen.getByTestId('receive-verified')).toBeTruthy());
    expect(screen.getByTestId('receive-copy')).toBeTruthy();
    expect(screen.queryByTestId('receive-warning')).toBeNull();
  });

  it('a failure other than a cancel shows err-10', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    show(() => Promise.reject(new Error('device gone')));
    fireEvent.click(screen.getByTestId('receive-verify'));
    await waitFor(() => expect(screen.getByTestId('receive-error')).toBeTruthy());
    expect(screen.queryByTestId('receive-verified')).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
