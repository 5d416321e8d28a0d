import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { singleAddressAccount } from '@secux-companion/web-kit/singleAddress/plumbing';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import type { XrpChain } from './chain';
import { XrpAccountForm, XrpDeleteAccount } from './XrpAccountForm';
import type { XrpAccount } from './XrpSendModal';

const deleteAccount = vi.fn();
vi.mock('@secux-companion/web-kit/accounts/store', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@secux-companion/web-kit/accounts/store')>()),
  deleteAccount: (...args: unknown[]) => deleteAccount(...args) as Promise<unknown>,
}));

setupUiTests();
afterEach(() => deleteAccount.mockReset());

const account = (index: number, txCount: number, name = `Acc ${index + 1}`) => ({
  ...singleAddressAccount(144, 'X', index, `r${index}`, name),
  txCount,
});
const xrpChain = { coin: 'XRP' } as unknown as XrpChain;
const saveDisabled = () => screen.getByTestId('account-save').hasAttribute('disabled');
const nameInput = () => screen.getByTestId<HTMLInputElement>('account-name-input');

describe('the shared create / rename form of single-address families', () => {
  it('XRP: prefills the next free index and blocks with warm-002 while the previous account is empty', () => {
    renderUi(
      <MemoryRouter>
        <XrpAccountForm
          chain={xrpChain}
          accounts={[account(0, 0)] as XrpAccount[]}
          mode={{ kind: 'create' }}
          onClose={() => {}}
        />
      </MemoryRouter>,
    );
    expect(nameInput().value).toBe('XRP 2');
    screen.getByTestId('account-form-warning');
    expect(saveDisabled()).toBe(true);
  });

  it('XRP: no warning once the previous account was used', () => {
    renderUi(
      <MemoryRouter>
        <XrpAccountForm
          chain={xrpChain}
          accounts={[account(0, 3)] as XrpAccount[]}
          mode={{ kind: 'create' }}
          onClose={() => {}}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('account-form-warning')).toBeNull();
    expect(saveDisabled()).toBe(false);
  });

  it('rename: prefills the current name and refuses another account’s name', () => {
    const accounts = [account(0, 1, 'Main'), account(1, 0, 'Spare')] as XrpAccount[];
    renderUi(
      <MemoryRouter>
        <XrpAccountForm
          chain={xrpChain}
          accounts={accounts}
          mode={{ kind: 'rename', account: accounts[1]! }}
          onClose={() => {}}
        />
      </MemoryRouter>,
    );
    expect(nameInput().value).toBe('Spare');
    expect(screen.queryByTestId('account-form-warning')).toBeNull();
    fireEvent.change(nameInput(), { target: { value: 'Main' } });
    expect(saveDisabled()).toBe(true);
  });
});

describe('the shared delete confirmation', () => {
  it('a used account: the alert err-11 (spec 01 §6), no confirmation and nothing deleted', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const onClose = vi.fn();
    renderUi(<XrpDeleteAccount chain={xrpChain} account={account(0, 2) as XrpAccount} onClose={onClose} />);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(alert).toHaveBeenCalledWith(
      'This account cannot be deleted because it has transaction history or XRP tokens.',
    );
    expect(screen.queryByTestId('account-delete-confirm')).toBeNull();
    expect(deleteAccount).not.toHaveBeenCalled();
    alert.mockRestore();
  });

  it('an empty account is deleted by id and the modal closes', async () => {
    deleteAccount.mockResolvedValue([]);
    const onClose = vi.fn();
    const empty = account(1, 0) as XrpAccount;
    renderUi(<XrpDeleteAccount chain={xrpChain} account={empty} onClose={onClose} />);
    fireEvent.click(screen.getByTestId('account-delete-confirm'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(deleteAccount).toHaveBeenCalledWith(empty.id);
  });
});
