/**
 * The Stellar family's screen rules (pure; the ledger rules themselves live in chain-stellar): what send-all sends,
 * when an account may be deleted, the memo the form hands to the adapter, and the texts of the family's errors.
 */
import { CHAINS, formatUnits, type Issue } from '@secux-companion/core';
import type { TFunction } from 'i18next';
import {
  StellarError,
  parseStellarMemo,
  type StellarErrorCode,
  type StellarMemo,
  type StellarMemoType,
} from '@secux-companion/chain-stellar';

export interface StellarAccount {
  id: string;
  index: number;
  bip: 44;
  path: string;
  name: string;
  balance: bigint;
  pending: bigint;
  txCount: number;
  address: string;
}

/** Send-all: balance − minimum balance − fee, or 0 when nothing can leave. */
export function stellarSendAllAmount(balance: bigint, minimum: bigint, fee: bigint): bigint {
  const rest = balance - minimum - fee;
  return rest > 0n ? rest : 0n;
}

/** Deleting a Stellar account: not while it holds XLM ('Can not delete an active account'), nor with history (err-11). */
export function stellarDeleteIssue(a: { balance: bigint; txCount: number }): Issue | undefined {
  if (a.balance > 0n) return { code: 'cannotDeleteActiveAccount' };
  if (a.txCount > 0) return { code: 'err-11', params: { tokenType: 'XLM' } };
  return undefined;
}

/** The memo the form's field holds, as the adapter takes it (throws StellarError xlmInvalidMemo). */
export function memoFromField(
  memo: { text: string; type: StellarMemoType } | undefined,
): StellarMemo | undefined {
  return memo ? parseStellarMemo(memo.type, memo.text) : undefined;
}

/** The memo field's rule: the adapter's own (text ≤ 28 bytes, id ≤ 2^64−1, hash / return 64 hex digits). */
export function stellarMemoRule(text: string, type: StellarMemoType): Issue | undefined {
  try {
    parseStellarMemo(type, text);
    return undefined;
  } catch {
    return { code: 'invalidTagOrMemo' };
  }
}

const ERROR_KEYS: Record<StellarErrorCode, string> = {
  xlmMuxedCreate: 'stellar.errors.muxedCreate',
  xlmMuxedMemo: 'stellar.errors.muxedMemo',
  xlmMemoRequired: 'stellar.errors.memoRequired',
  xlmAccountInactive: 'stellar.errors.accountInactive',
  xlmActivationBelowMinimum: 'stellar.errors.activationBelowMinimum',
  xlmInvalidMemo: 'stellar.errors.invalidMemo',
  xlmInvalidAccountPath: 'stellar.errors.invalidAccountPath',
  xlmBadSignature: 'stellar.errors.badSignature',
};

/** The translated text of a chain-stellar error, or undefined for any other error. */
export function stellarErrorText(t: TFunction, e: unknown): string | undefined {
  if (!(e instanceof StellarError)) return undefined;
  return t(ERROR_KEYS[e.code], { ...(e.params ?? {}) });
}

/** Stroops as XLM text (no grouping; for messages). */
export function stroopsText(stroops: bigint): string {
  return formatUnits(stroops, CHAINS.XLM.decimals);
}
