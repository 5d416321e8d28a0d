/** The FIO family's screen rules (pure; the chain rules live in chain-fio). */
import type { Issue } from '@secux-companion/core';

export interface FioAccount {
  id: string;
  index: number;
  bip: 44;
  path: string;
  name: string;
  balance: bigint;
  pending: bigint;
  txCount: number;
  /** The account's FIO public key. */
  address: string;
}

/** Not while the account holds FIO, nor with history. */
export function fioDeleteIssue(a: { balance: bigint; txCount: number }): Issue | undefined {
  if (a.balance > 0n) return { code: 'cannotDeleteActiveAccount' };
  if (a.txCount > 0) return { code: 'err-11', params: { tokenType: 'FIO' } };
  return undefined;
}
