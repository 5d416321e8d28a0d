import { currentDevice } from './runtime';

export type VerifyResult = { kind: 'verified'; address: string } | { kind: 'cancelled' } | { kind: 'failed'; error: unknown };

/** Reads the address, then has the user confirm it on the device. A user cancel (0x9001) is not an error. */
export async function verifyAddressOnDevice(path: string): Promise<VerifyResult> {
  const { UserCancelError } = await import('@secux-companion/device');
  try {
    const device = currentDevice();
    const address = await device.getAddress(path);
    await device.showAddress(path);
    return { kind: 'verified', address };
  } catch (error) {
    if (error instanceof UserCancelError) return { kind: 'cancelled' };
    console.warn('address verification failed', error);
    return { kind: 'failed', error };
  }
}
