import { IndexedDbStorage, SecuxEmulator, type EmulatorConfig } from '@secux-companion/emulator';
import { emulatorChoice } from './emulatorChoice';

interface ServerEmulatorConfig {
  enabled: boolean;
  config: Pick<
    EmulatorConfig,
    'mnemonic' | 'mcuVersion' | 'seVersion' | 'deviceType' | 'walletStatus' | 'startInBootloader'
  >;
}

/** The emulator's starting configuration comes from the server's environment (WALLET_EMULATOR_*). */
async function fetchConfig(): Promise<ServerEmulatorConfig['config']> {
  const res = await fetch('/api/emulator/config');
  if (!res.ok) throw new Error(`emulator configuration unavailable (HTTP ${res.status})`);
  const body = (await res.json()) as ServerEmulatorConfig;
  if (!body.enabled) throw new Error('the emulator is disabled on this server');
  return body.config ?? {};
}

let instance: SecuxEmulator | null = null;

/** One software SecuX device per page; its account table lives in IndexedDB like a real device's flash. */
export async function createBrowserEmulator(): Promise<{ emulator: SecuxEmulator; via: 'usb' | 'ble' }> {
  if (!instance) {
    const config = await fetchConfig();
    instance = new SecuxEmulator({ ...config, storage: new IndexedDbStorage() });
  }
  return { emulator: instance, via: emulatorChoice.get().via };
}
