import { currentDevice } from './runtime';

export type VerifyResult =
  { kind: 'verified'; address: string } | { kind: 'cancelled' } | { kind: 'failed'; error: unknown };

/**
 * Reads the address, then has the user confirm it on the device (EVM: with the chain id, so the device shows
 * the right network). A user cancel (0x9001) is not an error.
 */
export async function verifyAddressOnDevice(path: string, chainId?: number): Promise<VerifyResult> {
  const { UserCancelError } = await import('@secux-companion/device');
  try {
    const device = currentDevice();
    const address = await device.getAddress(path);
    await device.showAddress(path, chainId === undefined ? undefined : { chainId });
    return { kind: 'verified', address };
  } catch (error) {
    if (error instanceof UserCancelError) return { kind: 'cancelled' };
    console.warn('address verification failed', error);
    return { kind: 'failed', error };
  }
}
