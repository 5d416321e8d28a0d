import { describe, expect, it } from 'vitest';
import { setupUiTests } from '@secux-companion/web-kit/test/ui';
import { axeInEveryLanguage } from '@secux-companion/web-kit/test/axe';
import type { FioChain } from '../chain';
import { AssignModal } from './AssignModal';

setupUiTests();

describe('Assign modal', () => {
  it('the remove confirmation passes axe (WCAG 2 A and AA; contrast is the browser suite’s) in each language', async () => {
    // The confirmation reads nothing from the chain until the user confirms.
    const chain = { coin: 'FIO' } as unknown as FioChain;
    const owner = { path: "m/44'/235'/0'", address: 'FIO6m1fMdTpRkRBnedvYshXCxLFiC5suRU8KDfx8xxtXp2hntxpnf' };
    const remove = {
      chainCode: 'LTC',
      tokenCode: 'LTC',
      publicAddress: 'ltc1qg82tn7a0jvyqf2wps5slpf2fd6grmmfs8qd4qz',
    };
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
});
