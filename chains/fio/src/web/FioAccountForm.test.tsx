import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { singleAddressAccount } from '@secux-companion/web-kit/singleAddress/plumbing';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import type { FioChain } from './chain';
import { FioAccountForm } from './FioAccountForm';
import type { FioAccount } from './rules';

setupUiTests();

const account = (index: number, txCount: number, name = `Acc ${index + 1}`): FioAccount => ({
  ...singleAddressAccount(235, 'FIO', index, `FIO${index}`, name),
  txCount,
});
const fioChain = { coin: 'FIO' } as unknown as FioChain;
const saveDisabled = () => screen.getByTestId('account-save').hasAttribute('disabled');
const nameInput = () => screen.getByTestId<HTMLInputElement>('account-name-input');

describe("FIO's create / rename form (the shared single-address form)", () => {
  it('FIO: names after the chain coin and has no warm-002 check', () => {
    renderUi(
      <MemoryRouter>
        <FioAccountForm
          chain={fioChain}
          accounts={[account(0, 0)]}
          mode={{ kind: 'create' }}
          onClose={() => {}}
        />
      </MemoryRouter>,
    );
    expect(nameInput().value).toBe('FIO 2');
    expect(screen.queryByTestId('account-form-warning')).toBeNull();
    expect(saveDisabled()).toBe(false);
  });
});
