import { createStore, useStore } from '@secux-companion/web-kit/state/store';

export type ConnectionMethod = 'usb' | 'ble' | 'emulator';
export type SettingsTab = 'general' | 'contacts' | 'labels' | 'hiding' | 'mcu' | 'se';

export interface SessionState {
  /** How the device is connected; null before connecting. */
  method: ConnectionMethod | null;
  /** True once a device answered and the wallet is usable. */
  connected: boolean;
  /** The device is in MCU bootloader. */
  bootloader: boolean;
  /** An SE update failed and must be retried. */
  seUpdateError: boolean;
  /** A firmware update is pending (hides the back button on Setting). */
  updatePending: boolean;
  settingsTab: SettingsTab;
  /** Full-screen loader: null when hidden, else the translation key of its message. */
  loading: { messageKey: string } | null;
  /**
   * Where the layers below the app want the user to go (the device layer after connecting): App.tsx
   * navigates and clears it, so no module below it imports the router.
   */
  routeIntent: RouteIntent | null;
}

export interface RouteIntent {
  to: string;
  replace?: boolean;
}

export const initialSession: SessionState = {
  method: null,
  connected: false,
  bootloader: false,
  seUpdateError: false,
  updatePending: false,
  settingsTab: 'general',
  loading: null,
  routeIntent: null,
};

export const session = createStore<SessionState>(initialSession);

export function useSession<S>(select: (s: SessionState) => S): S {
  return useStore(session, select);
}

export function showLoader(messageKey = 'app.loading') {
  session.set({ loading: { messageKey } });
}

export function hideLoader() {
  session.set({ loading: null });
}

/** Asks the app to navigate (see {@link SessionState.routeIntent}). */
export function requestRoute(to: string, options: { replace?: boolean } = {}) {
  session.set({ routeIntent: { to, ...(options.replace ? { replace: true } : {}) } });
}
