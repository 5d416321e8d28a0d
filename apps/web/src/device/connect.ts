import { toast } from '@secux-companion/web-kit/lib/toast';
import { connectionFailureMessageKey } from '@secux-companion/core';
import { i18next } from '@secux-companion/web-kit/i18n';
import { hideLoader, session, showLoader, type ConnectionMethod } from '../state/session';

export const CONNECTION_TOAST_MS = 3000;

/**
 * Connects the chosen way. The device layer (SecuX SDK and emulator) loads lazily here,
 * so the landing page's bundle carries none of it.
 */
export async function connectDevice(method: ConnectionMethod): Promise<void> {
  showLoader('app.loading');
  try {
    // The shims must run before the SDK's modules evaluate, so they load first, on their own.
    await import('./shims');
    const { runConnection } = await import('./connection');
    await runConnection(method);
  } catch (error) {
    console.warn('connection failed', error);
    session.set({ method: null, connected: false });
    toast({
      color: 'red',
      autoClose: CONNECTION_TOAST_MS,
      // The device layer names the cause when it knows it (wrong OTP, USB failure, device stopped answering).
      message: i18next.t(`errors.${connectionFailureMessageKey(error)}`),
    });
  } finally {
    hideLoader();
  }
}
