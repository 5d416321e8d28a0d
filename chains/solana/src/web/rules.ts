/**
 * The Solana family's screen rules (pure; the chain rules live in chain-solana): account indexes, when an account may
 * be deleted, the device's token entries of an account, and the text of the family's errors.
 */
import type { Issue } from '@secux-companion/core';
import type { TFunction } from 'i18next';
import type { TokenHolding } from '@secux-companion/chain-common';
import { SOLANA_MEMO_MAX_BYTES, SolanaError, solanaMemoIssue } from '@secux-companion/chain-solana';

/**
 * The send form's memo: plain UTF-8 text of at most SOLANA_MEMO_MAX_BYTES (256) bytes — what always fits the
 * transaction next to the largest transfer built (chain-solana explains the figure).
 */
export const SOLANA_MEMO_KIND = { kind: 'plain', maxBytes: SOLANA_MEMO_MAX_BYTES } as const;

/** The memo field's rule (MemoTagField `validate`): within the byte limit, not blank. */
export function solanaMemoRule(text: string): Issue | undefined {
  return solanaMemoIssue(text) === undefined ? undefined : { code: 'invalidTagOrMemo' };
}

export interface SolanaAccount {
  id: string;
  index: number;
  bip: 44;
  path: string;
  name: string;
  balance: bigint;
  pending: bigint;
  txCount: number;
  address: string;
  /** The tokens the account's last read gave (discovery, refresh): the portfolio values them. */
  tokens?: readonly TokenHolding[];
}

/** Not while it holds SOL ('Can not delete an active account'), nor with history or tokens (err-11). */
export function solanaDeleteIssue(a: { balance: bigint; txCount: number }, tokens = 0): Issue | undefined {
  if (a.balance > 0n) return { code: 'cannotDeleteActiveAccount' };
  if (a.txCount > 0 || tokens > 0) return { code: 'err-11', params: { tokenType: 'SPL' } };
  return undefined;
}

/**
 * The device's token table stores a contract in 42 characters (an EVM address's length): a mint is matched by that
 * prefix, as the device gives it back.
 */
export const DEVICE_CONTRACT_CHARS = 42;
export function sameDeviceToken(mint: string, deviceContract: string): boolean {
  return mint.slice(0, DEVICE_CONTRACT_CHARS) === deviceContract.slice(0, DEVICE_CONTRACT_CHARS);
}

/** The translated text of a chain-solana error, or undefined for any other error. */
export function solanaErrorText(t: TFunction, e: unknown): string | undefined {
  if (!(e instanceof SolanaError)) return undefined;
  return t(`solana.errors.${e.code}`, { ...(e.params ?? {}) });
}

/** Seconds a blockhash has left: blocks left × 400 ms. */
export function blockhashSecondsLeft(lastValidBlockHeight: number, blockHeight: number): number {
  return Math.max(0, Math.floor(((lastValidBlockHeight - blockHeight) * 400) / 1000));
}
