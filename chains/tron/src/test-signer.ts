/** A software TRON signer for tests (what the device does): builds the same raw_data and signs its txID. */
import { SigningKey, pkToAddress } from 'tronweb/utils';
import type { TronSigner } from './logic/adapter';
import { rawDataHex, serializeSignedTransaction, txIdOf, type TronDeviceTx } from './logic/tx';

export const TEST_KEY = '0x' + '1f'.repeat(32);
export const OTHER_KEY = '0x' + '2e'.repeat(32);
export const addressOfKey = (key: string) => pkToAddress(key.slice(2));

export function deviceTxOf(req: Record<string, unknown>): TronDeviceTx {
  const kind = 'contract' in req ? 'trc20' : 'token' in req ? 'trc10' : 'trx';
  return { ...(req as object), kind } as TronDeviceTx;
}

export function signRawHex(rawHex: string, key: string): string {
  const sig = new SigningKey(key).sign(`0x${txIdOf(rawHex)}`);
  return `${sig.r.slice(2)}${sig.s.slice(2)}${(sig.v - 27).toString(16).padStart(2, '0')}`;
}

export const softSigner = (key = TEST_KEY): TronSigner => ({
  async signTrx(_path, req) {
    const raw = rawDataHex(deviceTxOf(req));
    const signature = signRawHex(raw, key);
    return { rawTx: serializeSignedTransaction(raw, [signature]), signature };
  },
});
