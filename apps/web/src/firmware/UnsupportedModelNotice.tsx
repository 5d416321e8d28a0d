import { runtime } from '@secux-companion/web-kit/device/runtime';
import { ROUTES } from '@secux-companion/web-kit/lib/backRule';
import { UnsupportedModelModal } from './Modals';

/** Root overlay: the biometric wallet model is not supported; logging out disconnects and returns to landing. */
export default function UnsupportedModelNotice() {
  const logout = () => {
    const { device } = runtime.get();
    runtime.set({ device: null });
    void (device?.disconnect() ?? Promise.resolve())
      .catch(() => undefined)
      .finally(() => window.location.assign(ROUTES.ConnMethod));
  };
  return <UnsupportedModelModal opened onLogout={logout} />;
}
