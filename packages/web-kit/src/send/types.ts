/** The types of the one send flow every family's send uses. */
import type { AccountDescriptor } from '@secux-companion/chain-common';
import type { ReactNode } from 'react';

/**
 * What the send flow needs of an account, whatever its family: chain-common's descriptor (chain, path,
 * bip, xpub or address) plus the app's id (query keys) and name (the modal's title).
 */
export interface SendAccount extends AccountDescriptor {
  id: string;
  name: string;
}

/** Details, Verification, Send, Status. */
export type SendStep = 0 | 1 | 2 | 3;

export interface ReviewRow {
  label: string;
  value: ReactNode;
  testId?: string;
  /** Long values such as addresses wrap anywhere. */
  breakAll?: boolean;
  /** The full address of an address row: shown in groups of four, as the device shows it. */
  address?: string;
  /** The row is the recipient: the look-alike check runs on it (address-poisoning defence). */
  recipient?: boolean;
}

/** Signing progress: inputs signed so far when the device signs several, else 'confirm on the device'. */
export type SigningState = { current: number; total: number } | boolean | null;

/**
 * The fee prompts before Verification:
 * - feeTooHigh: err-28, the fee is above 3 × the network's high fee (EVM except BSC); Continue goes on;
 * - customFee: a custom fee above the estimate asks for confirmation;
 * - higher_fee: the fee's value is above higherFeeLimit (remote config); Continue goes on;
 * - max_fee: above maxFeeLimit; no way on, a button opens the support page.
 * Closing feeTooHigh or customFee returns to Details; closing a fee-limit alert resets the send.
 */
export type FeePrompt =
  | { kind: 'feeTooHigh' }
  | { kind: 'customFee' }
  /** 'higher than $100 (USD)': the limit, the limit's currency and that currency's symbol. */
  | { kind: 'higher_fee'; limit: string; currency: string; symbol: string }
  | { kind: 'max_fee' };
