import { runtime } from '@secux-companion/web-kit/device/runtime';
import { ROUTES } from '@secux-companion/web-kit/lib/backRule';
import { UninitializedWalletModal, UnsupportedModelModal } from './Modals';

/** Disconnects the device and returns to the landing page. */
function logout() {
  const { device } = runtime.get();
  runtime.set({ device: null });
  void (device?.disconnect() ?? Promise.resolve())
    .catch(() => undefined)
    .finally(() => window.location.assign(ROUTES.ConnMethod));
}

/** Root overlay: the biometric wallet model is not supported; logging out disconnects and returns to landing. */
export default function UnsupportedModelNotice() {
  return <UnsupportedModelModal opened onLogout={logout} />;
}

/** Root overlay: the device has no wallet yet; it is set up on the device, then connected again. */
export function UninitializedWalletNotice() {
  return <UninitializedWalletModal opened onLogout={logout} />;
}
