/** Signing on the device (signTrx) and finalize with the signer recovered from the txID. */
import type { BuiltTransaction } from '@secux-companion/chain-common';
import { deviceRequest, finalizeTronTransaction, type TronSigned } from '../tx';
import type { TronFamily, TronSignRequest, TronSigner, TronUnsigned } from '../types';

type TronBuilt = BuiltTransaction<TronUnsigned, TronSignRequest>;

export async function sign(signer: TronSigner, built: TronBuilt): Promise<TronFamily['signature']> {
  const { path, tx } = built.signRequest;
  return signer.signTrx(path, deviceRequest(tx));
}

export function finalize(built: TronBuilt, signature: TronFamily['signature']): TronSigned {
  return finalizeTronTransaction(
    built.unsigned.rawHex,
    built.unsigned.tx.from,
    signature.rawTx,
    signature.signature,
  );
}
