/**
 * The TRON family's screen rules (pure; the chain's rules live in chain-tron): when an account may be deleted, the
 * next index, the text of the family's errors and of the review's burn sentence.
 */
import { CHAINS, formatUnits, type Issue } from '@secux-companion/core';
import {
  TronError,
  burnSentenceParams,
  type TronCosts,
  type TronErrorCode,
} from '@secux-companion/chain-tron';
import type { TFunction } from 'i18next';
import type { TokenHolding } from '@secux-companion/chain-common';

export interface TronAccount {
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

/** Deleting a TRX account: not while it holds TRX or tokens, nor with history (err-11). */
export function tronDeleteIssue(a: { balance: bigint; txCount: number }, tokens = 0): Issue | undefined {
  if (a.balance > 0n) return { code: 'cannotDeleteActiveAccount' };
  if (a.txCount > 0 || tokens > 0) return { code: 'err-11', params: { tokenType: 'TRX' } };
  return undefined;
}

/**
 * err-39 when the TRX balance cannot cover a new recipient's creation fee (the chain's parameters) even before any
 * amount: nothing can be sent there, so the amount field closes (spec 01 §4 Send form behaviour, §5 Tron).
 */
export function creationFeeIssue(trxBalance: bigint, creationFee: bigint | undefined): Issue | undefined {
  return creationFee !== undefined && trxBalance < creationFee
    ? { code: 'err-39', params: { coin: 'TRX' } }
    : undefined;
}

const ERROR_KEYS: Record<TronErrorCode, string> = {
  tronFeeLimitExceeded: 'tron.errors.feeLimitExceeded',
  tronTokenBalance: 'tron.errors.tokenBalance',
  tronEstimateFailed: 'tron.errors.estimateFailed',
  tronBadSignature: 'tron.errors.badSignature',
};

/** The translated text of a chain-tron error, or undefined for any other error. */
export function tronErrorText(t: TFunction, e: unknown): string | undefined {
  if (!(e instanceof TronError)) return undefined;
  return t(ERROR_KEYS[e.code], { ...(e.params ?? {}) });
}

/** The review's plain sentence, translated: what the send burns and why. */
export function burnSentenceText(t: TFunction, costs: TronCosts): string {
  if (costs.total === 0n) return t('tron.review.burnsNothing', { energy: costs.energyAvailable.toString() });
  return t('tron.review.burnSentence', burnSentenceParams(costs));
}

/** Sun as TRX text (no grouping; for messages). */
export function sunText(sun: bigint): string {
  return formatUnits(sun, CHAINS.TRX.decimals);
}
