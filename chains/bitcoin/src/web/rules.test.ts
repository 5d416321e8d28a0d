import { describe, expect, it } from 'vitest';
import type { Bip } from '@secux-companion/core';
import {
  accountNameIssue,
  createAccountIssue,
  deleteAccountIssue,
  newAccount,
  nextAccountIndex,
} from './rules';
import type { AppAccount } from './account';

function acc(p: Partial<AppAccount> & { index: number; bip: Bip }): AppAccount {
  const path = `m/${p.bip}'/2'/${p.index}'`;
  return {
    id: `LTC:${path}`,
    idx: 1,
    chain: 'LTC',
    coinType: 2,
    path,
    extendPubKey: `xpub-${p.bip}-${p.index}`,
    name: `LTC ${p.index + 1}`,
    balance: 0n,
    pending: 0n,
    txCount: 0,
    ...p,
  };
}

describe('account rules', () => {
  const used = acc({ index: 0, bip: 44, balance: 5n, txCount: 1 });
  const empty = acc({ index: 1, bip: 44 });

  it('a new account needs a non-empty previous account (warm-002)', () => {
    expect(createAccountIssue([used], 44)).toBeUndefined();
    expect(createAccountIssue([used, empty], 44)).toEqual({ code: 'warm-002' });
    expect(createAccountIssue([used, empty], 49)).toBeUndefined();
    expect(nextAccountIndex([used, empty], 44)).toBe(2);
    expect(nextAccountIndex([used], 49)).toBe(0);
    const n = newAccount('LTC', [used], 49, 'x');
    expect([n.path, n.name]).toEqual(["m/49'/2'/0'", 'LTC 1 SegWit']);
  });

  it('only empty accounts can be deleted (err-11)', () => {
    expect(deleteAccountIssue(empty)).toBeUndefined();
    expect(deleteAccountIssue(used)).toEqual({ code: 'err-11', params: { tokenType: 'LTC' } });
    expect(deleteAccountIssue(acc({ index: 2, bip: 44, pending: 10n }))).toBeDefined();
  });

  it('names: 1-15 characters (err-38), allowed characters (err-29), unique (err-25)', () => {
    expect(accountNameIssue('Savings', [used, empty])).toBeUndefined();
    expect(accountNameIssue('a'.repeat(16), [used])).toEqual({ code: 'err-38' });
    expect(accountNameIssue('bad!name', [used])).toEqual({ code: 'err-29' });
    expect(accountNameIssue('', [used])).toEqual({ code: 'err-29' });
    expect(accountNameIssue('LTC 1', [used, empty])).toEqual({ code: 'err-25' });
    // renaming to its own name is fine
    expect(accountNameIssue('LTC 1', [used, empty], used)).toBeUndefined();
  });
});
