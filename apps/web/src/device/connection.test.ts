import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage, SecuxEmulator, type EmulatorConfig } from '@secux-companion/emulator';

// The software device the connection opens, set up per test (like WALLET_EMULATOR_WALLET_STATUS on the server).
let config: EmulatorConfig = {};
vi.mock('./emulator', () => ({
  createBrowserEmulator: async () => ({
    emulator: new SecuxEmulator({ ...config, storage: new MemoryStorage() }),
    via: 'usb' as const,
  }),
}));
(globalThis as { __EMULATOR_ENABLED__?: boolean }).__EMULATOR_ENABLED__ = false;

await import('./shims');
const { runConnection } = await import('./connection');
const { session } = await import('../state/session');
const { deviceInfo, initialDeviceInfo } = await import('@secux-companion/web-kit/state/deviceInfo');
const { runtime } = await import('@secux-companion/web-kit/device/runtime');

describe('connection: the wallet status read at connect (spec 01 §4 step 5)', () => {
  beforeEach(async () => {
    // Released first, so the previous test's device goes away without the err-06 alert.
    const previous = runtime.get().device;
    runtime.set({ device: null });
    await previous?.disconnect().catch(() => undefined);
    deviceInfo.set(initialDeviceInfo);
    session.set({ connected: false, routeIntent: null });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // The firmware-release lookup of a ready device finds no server here; the wallet stays usable without it.
    vi.stubGlobal('fetch', () => Promise.reject(new Error('offline')));
  });

  it('a device without a wallet (status 0, no seed) raises the set-up notice and opens no wallet', async () => {
    config = { walletStatus: 0 };
    await runConnection('emulator');
    expect(deviceInfo.get()).toMatchObject({ walletStatus: 0, uninitialized: true });
    expect(session.get().connected).toBe(false);
    expect(session.get().routeIntent).toBeNull();
  });

  it('a ready wallet (status 34) goes to the wallet, with no set-up notice', async () => {
    config = { walletStatus: 34 };
    await runConnection('emulator');
    expect(deviceInfo.get()).toMatchObject({ walletStatus: 34, uninitialized: false });
    expect(session.get().routeIntent).toEqual({ to: '/wallet', replace: true });
  });

  it('a logged-out device (status 1) is not taken for an uninitialized one', async () => {
    config = { walletStatus: 1 };
    await runConnection('emulator');
    expect(deviceInfo.get()).toMatchObject({ walletStatus: 1, uninitialized: false });
  });
});
