import { describe, expect, it } from 'vitest';
import { setupUiTests } from '../test/ui';
import { axeInEveryLanguage } from '../test/axe';
import { DeleteAccountConfirm } from './AccountForm';

setupUiTests();

describe('delete confirmation', () => {
  it('passes axe (WCAG 2 A and AA; contrast is the browser suite’s) in each language, deletable or blocked', async () => {
    const account = { id: "ETH:m/44'/60'/1'", name: 'ETH 2' };
    const confirm = (blocked: boolean) => (
      <DeleteAccountConfirm
        account={account}
        blocked={blocked ? { code: 'err-11', params: { tokenType: 'ERC-20' } } : undefined}
        onClose={() => {}}
      />
    );
    expect(
      await axeInEveryLanguage([
        ['account-delete-confirm', confirm(false)],
        ['account-delete-blocked', confirm(true)],
      ]),
    ).toEqual([]);
  });
});
