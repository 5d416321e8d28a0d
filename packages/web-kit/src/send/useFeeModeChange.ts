import { useDebouncedCallback } from '@mantine/hooks';
import type { FeeMode } from '@secux-companion/core';

/** Spec 01 §4 / §9: the fee lookup after a fee-mode change is debounced 500 ms. */
export const FEE_REFETCH_DELAY_MS = 500;

/**
 * Changing the fee mode: the new mode at once and, for a tier (not Custom), the fee tiers read again 500 ms after
 * the last change, so the figure sent is the network's current one and quick clicks make one request.
 */
export function useFeeModeChange(
  setMode: (mode: FeeMode) => void,
  refetch: () => unknown,
): (mode: FeeMode) => void {
  const refetchLater = useDebouncedCallback(() => void refetch(), FEE_REFETCH_DELAY_MS);
  return (mode) => {
    setMode(mode);
    if (mode === 'Custom') refetchLater.cancel();
    else refetchLater();
  };
}
