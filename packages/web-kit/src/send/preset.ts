/**
 * A send started from elsewhere (paying a FIO payment request): the recipient and amount the family's form starts
 * with, and who hears the broadcast's transaction hash. Whoever opens a family's Send wraps it in
 * SendPresetContext; the shared flow reports the hash, a family's form reads its starting values with useSendPreset.
 * Absent (the account page's Send), every send behaves as before.
 */
import { createContext, useContext, useState } from 'react';

export interface SendPreset {
  /** The recipient address the form starts with. */
  recipient: string;
  /** The amount, as text in the coin's unit, the form starts with. */
  amount: string;
  /** Called once with the transaction hash when the broadcast succeeded. */
  onBroadcast?: (hash: string) => void;
}

export const SendPresetContext = createContext<SendPreset | null>(null);

/** The preset of the send being shown, or null. */
export function useSendPreset(): SendPreset | null {
  return useContext(SendPresetContext);
}

/**
 * A send form's recipient or amount text: it starts with the preset's value (paying a request), else `fallback`.
 * Every family's form keeps its recipient and amount with this, so a request of any chain is paid prefilled.
 */
export function usePresetText(field: 'recipient' | 'amount', fallback = '') {
  const preset = useSendPreset();
  return useState(preset?.[field] ?? fallback);
}
