import { SecuxEmulator, type EmulatorConfig } from '@secux-companion/emulator';
import { connectEmulator } from './connect.js';

export async function setup(config: EmulatorConfig = {}) {
  const emulator = new SecuxEmulator({ autoApprove: true, ...config });
  const device = await connectEmulator(emulator);
  await device.getVersion();
  return { emulator, device };
}
