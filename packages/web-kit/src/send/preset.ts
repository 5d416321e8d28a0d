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
 * Request mode (spec 01 §4): the send pays a request. Its amount is the request's and cannot be changed — nor Send
 * all or the asset, which would change it — and Reset keeps the recipient and amount.
 */
export function useRequestMode(): boolean {
  return useSendPreset() !== null;
}

/**
 * A send form's recipient and amount text, its Send all, and `reset`, the flow's Reset of them (spec 01 §4 Send
 * flow 7): it clears the recipient (and so the domain entered there), the amount (back to `fallbackAmount`) and Send
 * all, unless the send pays a request — then the form started with the request's recipient and amount, and keeps
 * them. Every family's form holds these fields with this, so a request of any chain is paid the same way.
 */
export function useSendFields(fallbackAmount = '') {
  const preset = useSendPreset();
  const requestMode = preset !== null;
  const [recipientText, setRecipientText] = useState(preset?.recipient ?? '');
  const [amountText, setAmountText] = useState(preset?.amount ?? fallbackAmount);
  const [sendAll, setSendAll] = useState(false);
  const reset = () => {
    if (requestMode) return;
    setRecipientText('');
    setAmountText(fallbackAmount);
    setSendAll(false);
  };
  return {
    requestMode,
    recipientText,
    setRecipientText,
    amountText,
    setAmountText,
    sendAll,
    setSendAll,
    reset,
  };
}
