import { useEffect } from 'react';
import { createStore, useStore } from '../state/store';

/**
 * Modals opened over another modal: the QR scanner and the fee question over a send. Mantine closes every
 * open modal on Escape (each one listens on the window), so the send underneath closed with the scanner and
 * lost what the user had typed. A modal that others open over keeps Escape to itself only while none is over
 * it: Escape then closes the top one alone.
 */
const layers = createStore({ over: 0 });

/** Called by a modal drawn over another modal, for as long as it is mounted. */
export function useOverModal(): void {
  useEffect(() => {
    layers.set((s) => ({ over: s.over + 1 }));
    return () => layers.set((s) => ({ over: s.over - 1 }));
  }, []);
}

/** The `closeOnEscape` of a modal others open over: true while no modal is over it. */
export function useEscapeClosesThis(): boolean {
  return useStore(layers, (s) => s.over === 0);
}
