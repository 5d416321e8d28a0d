import { describe, expect, it, vi } from 'vitest';
import { checkPreviousAccount } from './createRules';
import { AccountActionError } from './store';

const prev = { balance: 0n, pending: 0n, txCount: 0 };
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof AccountActionError ? e.issue.code : e),
  );

describe('creating an account after the previous one (every family)', () => {
  it("a failed read of the previous account's history length is err-17 ('history length error')", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(
      codeOf(checkPreviousAccount(prev, () => Promise.reject(new Error('HTTP 503')))),
    ).resolves.toBe('err-17');
  });

  it('an empty previous account (fresh read) is warm-002; any balance, pending amount or transaction allows it', async () => {
    await expect(codeOf(checkPreviousAccount(prev, () => Promise.resolve(prev)))).resolves.toBe('warm-002');
    for (const fresh of [
      { ...prev, balance: 1n },
      { ...prev, pending: 1n },
      { ...prev, txCount: 1 },
    ])
      await expect(checkPreviousAccount(prev, () => Promise.resolve(fresh))).resolves.toEqual(fresh);
    await expect(
      checkPreviousAccount(undefined, () => Promise.reject(new Error('not read'))),
    ).resolves.toBeUndefined();
  });
});
