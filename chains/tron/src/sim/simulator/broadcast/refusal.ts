/** java-tron's refusal of a broadcast transaction (Wallet.broadcastTransaction's GrpcAPI.Return). */
import { textHex } from '../codec.js';

export type Refusal = { result: false; code: string; message: string; txid?: string };

/** Wallet.broadcastTransaction's texts: a ContractValidateException is prefixed 'contract validate error : '. */
export const fail = (code: string, message: string, txid = ''): Refusal => ({
  result: false,
  code,
  message: textHex(code === 'CONTRACT_VALIDATE_ERROR' ? `contract validate error : ${message}` : message),
  ...(txid ? { txid } : {}),
});

export const invalid = (message: string, txid: string) => fail('CONTRACT_VALIDATE_ERROR', message, txid);
