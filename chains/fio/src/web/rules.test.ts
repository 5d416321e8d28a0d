import { describe, expect, it } from 'vitest';
import { fioDeleteIssue } from './rules';

describe('FIO account rules', () => {
  it('an account with FIO or history cannot be deleted', () => {
    expect(fioDeleteIssue({ balance: 1n, txCount: 0 })).toEqual({ code: 'cannotDeleteActiveAccount' });
    expect(fioDeleteIssue({ balance: 0n, txCount: 2 })).toMatchObject({ code: 'err-11' });
    expect(fioDeleteIssue({ balance: 0n, txCount: 0 })).toBeUndefined();
  });
});
