import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { CoreError } from '@secux-companion/core';
import { onToast, type Toast } from '../lib/toast';
import { renderUi, setupUiTests } from '../test/ui';
import { axeInEveryLanguage } from '../test/axe';
import { DeleteAccountConfirm, deleteBlockIssue } from './AccountForm';
import { AccountActionError } from './store';

setupUiTests();

const account = { id: "ETH:m/44'/60'/1'", name: 'ETH 2' };
let toasts: Toast[] = [];
let stop: () => void = () => undefined;
beforeEach(() => {
  toasts = [];
  stop = onToast((t) => toasts.push(t));
});
afterEach(() => {
  stop();
  vi.restoreAllMocks();
});

describe('delete confirmation', () => {
  it('passes axe (WCAG 2 A and AA; contrast is the browser suite’s) in each language', async () => {
    expect(
      await axeInEveryLanguage([
        [
          'account-delete-confirm',
          <DeleteAccountConfirm account={account} blocked={undefined} onClose={() => {}} />,
        ],
      ]),
    ).toEqual([]);
  }, 30_000);

  it('an account with history or tokens: the alert err-11 with its token type, and no confirmation (spec 01 §6)', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const onClose = vi.fn();
    renderUi(
      <DeleteAccountConfirm
        account={account}
        blocked={{ code: 'err-11', params: { tokenType: 'ERC-20' } }}
        onClose={onClose}
      />,
    );
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith(
      'This account cannot be deleted because it has transaction history or ERC-20 tokens.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toasts).toEqual([]);
  });

  it("an account with a balance: the toast 'Can not delete an active account', no alert, no confirmation", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const onClose = vi.fn();
    renderUi(
      <DeleteAccountConfirm
        account={account}
        blocked={{ code: 'cannotDeleteActiveAccount' }}
        onClose={onClose}
      />,
    );
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(toasts.map((t) => t.message)).toEqual(['Can not delete an active account']);
    expect(alert).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('recognises a refused delete from a family rule or a core check, and nothing else', () => {
    expect(
      deleteBlockIssue(new AccountActionError({ code: 'err-11', params: { tokenType: 'SPL' } })),
    ).toEqual({
      code: 'err-11',
      params: { tokenType: 'SPL' },
    });
    expect(deleteBlockIssue(new CoreError('cannotDeleteActiveAccount'))).toEqual({
      code: 'cannotDeleteActiveAccount',
    });
    expect(deleteBlockIssue(new AccountActionError({ code: 'err-09' }))).toBeUndefined();
    expect(deleteBlockIssue(new Error('boom'))).toBeUndefined();
  });
});
