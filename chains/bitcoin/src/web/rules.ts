/** Account rules of the account list (create, rename, delete) and the receive index. */
import { validateAccountName, type Bip, type ChainSymbol, type Issue } from '@secux-companion/core';
import { isEmptyAccount } from '@secux-companion/web-kit/accounts/createRules';
import { accountAt, type AppAccount } from './account';

/** The account a new account of `bip` would follow (the highest index of that purpose), if any. */
export function previousAccount(accounts: readonly AppAccount[], bip: Bip): AppAccount | undefined {
  return accounts.filter((a) => a.bip === bip).sort((a, b) => b.index - a.index)[0];
}

export function nextAccountIndex(accounts: readonly AppAccount[], bip: Bip): number {
  const prev = previousAccount(accounts, bip);
  return prev ? prev.index + 1 : 0;
}

/**
 * Creating an account: not allowed while the previous account of that purpose is empty (zero balance and
 * no transactions) — warning warm-002.
 */
export function createAccountIssue(accounts: readonly AppAccount[], bip: Bip): Issue | undefined {
  const prev = previousAccount(accounts, bip);
  return prev && isEmptyAccount(prev) ? { code: 'warm-002' } : undefined;
}

/** Deleting: only an empty account (no balance, no history); otherwise err-11. */
export function deleteAccountIssue(a: AppAccount): Issue | undefined {
  return isEmptyAccount(a) ? undefined : { code: 'err-11', params: { tokenType: a.chain } };
}

/** Name rules (1-15 characters, allowed characters, unique): err-38, err-29, err-25. */
export function accountNameIssue(
  name: string,
  accounts: readonly AppAccount[],
  current?: AppAccount,
): Issue | undefined {
  return validateAccountName(
    name,
    accounts.filter((a) => a.id !== current?.id).map((a) => a.name),
    current?.name,
  );
}

/** A new (empty) account of `bip` at the next index. */
export function newAccount(
  chain: ChainSymbol,
  accounts: readonly AppAccount[],
  bip: Bip,
  xpub: string,
  name?: string,
): AppAccount {
  return accountAt(chain, bip, nextAccountIndex(accounts, bip), {
    idx: Date.now(),
    extendPubKey: xpub,
    ...(name !== undefined ? { name } : {}),
  });
}
