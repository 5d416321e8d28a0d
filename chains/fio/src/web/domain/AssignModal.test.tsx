import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { axeInEveryLanguage } from '@secux-companion/web-kit/test/axe';
import type { FioChain } from '../chain';
import { AssignModal } from './AssignModal';
import { ACCOUNT0, fakeDevice, fakeFio, recordTxLogs } from './testFakes';

setupUiTests();
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const remove = {
  chainCode: 'LTC',
  tokenCode: 'LTC',
  publicAddress: 'ltc1qg82tn7a0jvyqf2wps5slpf2fd6grmmfs8qd4qz',
};

/** The remove confirmation of emulator@secux's LTC address, over the fake chain and device; Confirm clicked. */
function removeWith(sign?: () => Promise<string>) {
  const fio = fakeFio();
  const device = fakeDevice(sign);
  const onDone = vi.fn();
  renderUi(
    <AssignModal
      chain={fio.chain}
      handle="emulator@secux"
      owner={ACCOUNT0}
      remove={remove}
      onClose={() => {}}
      onDone={onDone}
    />,
  );
  fireEvent.click(screen.getByTestId('fio-assign-run'));
  return { ...fio, device, onDone };
}

describe('Assign modal', () => {
  it('the remove confirmation passes axe (WCAG 2 A and AA; contrast is the browser suite’s) in each language', async () => {
    // The confirmation reads nothing from the chain until the user confirms.
    const chain = { coin: 'FIO' } as unknown as FioChain;
    const owner = { path: "m/44'/235'/0'", address: 'FIO6m1fMdTpRkRBnedvYshXCxLFiC5suRU8KDfx8xxtXp2hntxpnf' };
    const modal = (
      <AssignModal
        chain={chain}
        handle="emulator@secux"
        owner={owner as never}
        remove={remove}
        onClose={() => {}}
        onDone={() => {}}
      />
    );
    expect(await axeInEveryLanguage([['fio-assign-confirm', modal]])).toEqual([]);
  });

  it('a device signature error (DATA_ERROR) is the catalogue’s "Signature error from Device" (spec 03 §8)', async () => {
    const { names } = removeWith(async () => {
      throw Object.assign(new Error('[SecuX device] DATA_ERROR (0x5001)'), { name: 'DataError' });
    });
    expect((await screen.findByTestId('fio-assign-toast')).textContent).toContain(
      'Signature error from Device',
    );
    expect(screen.getByTestId('fio-assign-toast').textContent).not.toContain('Can not add or delete address');
    expect(names.signAndPush).not.toHaveBeenCalled();
  });

  it('any other failure is the toast "Can not add or delete address"', async () => {
    const fio = removeWith();
    fio.names.signAndPush.mockRejectedValueOnce(new Error('FIO Address not found'));
    expect((await screen.findByTestId('fio-assign-toast')).textContent).toContain(
      'Can not add or delete address',
    );
  });

  it('a removal pushed posts its transaction log', async () => {
    const posts = recordTxLogs();
    const { onDone } = removeWith();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      hash: 'f10tx',
      chain: 'FIO',
      context: { kind: 'removePublicAddresses', to: 'emulator@secux', result: 'state-010' },
    });
  });
});
