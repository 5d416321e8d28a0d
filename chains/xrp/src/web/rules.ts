/**
 * The XRP family's screen rules (pure; the ledger rules themselves live in chain-xrp): what send-all sends, whether a
 * fee needs a confirmation, when an account may be deleted, and the text of the family's errors.
 */
import { CHAINS, formatUnits, type Issue } from '@secux-companion/core';
import type { TFunction } from 'i18next';
import { XrpError, type XrpErrorCode } from '@secux-companion/chain-xrp';

/** Send-all (spec 01 §4): balance − reserve − fee, or 0 when nothing can leave. */
export function xrpSendAllAmount(balance: bigint, reserve: bigint, fee: bigint): bigint {
  const rest = balance - reserve - fee;
  return rest > 0n ? rest : 0n;
}

/**
 * The fee asks for a confirmation when it is above the network's open-ledger fee (never paid silently) or when the
 * open-ledger fee itself has escalated above the base fee (a busy network): the user sees the figure first.
 */
export function xrpFeeNeedsConfirmation(fee: bigint, tiers: { openLedger: bigint; base: bigint }): boolean {
  return fee > tiers.openLedger || fee > tiers.base;
}

/**
 * Deleting an XRP account (as the other account-based families): not while it holds XRP ('Can not delete an active
 * account'), nor with history (err-11).
 */
export function xrpDeleteIssue(a: { balance: bigint; txCount: number }): Issue | undefined {
  if (a.balance > 0n) return { code: 'cannotDeleteActiveAccount' };
  if (a.txCount > 0) return { code: 'err-11', params: { tokenType: 'XRP' } };
  return undefined;
}

const XRP_ERROR_KEYS: Record<XrpErrorCode, string> = {
  xrpActivationBelowReserve: 'xrp.errors.activationBelowReserve',
  xrpDestinationTagRequired: 'xrp.errors.tagRequired',
  xrpBadSignature: 'xrp.errors.badSignature',
};

/** The translated text of a chain-xrp error, or undefined for any other error. */
export function xrpErrorText(t: TFunction, e: unknown): string | undefined {
  if (!(e instanceof XrpError)) return undefined;
  return t(XRP_ERROR_KEYS[e.code], { ...(e.params ?? {}) });
}

/** Drops as XRP text (no grouping; for messages). */
export function dropsText(drops: bigint): string {
  return formatUnits(drops, CHAINS.XRP.decimals);
}
