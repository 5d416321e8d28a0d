/** Decoding what sendTransaction receives; shared by send (which runs it) and record (which keeps it). */
import {
  getBase58Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Transaction,
} from '@solana/kit';
import { RpcError } from './errors.js';

/** A decoded legacy transaction: its message, static account keys and first signature. */
export function decode(base64: string) {
  const bytes = getBase64Encoder().encode(base64);
  let tx: Transaction;
  let msg;
  try {
    tx = getTransactionDecoder().decode(bytes) as Transaction;
    msg = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
  } catch {
    throw new RpcError(-32602, 'invalid transaction: failed to deserialize');
  }
  if (!('instructions' in msg)) throw new RpcError(-32015, 'Transaction version (1) is not supported');
  const keys = msg.staticAccounts.map(String);
  const signature = getBase58Decoder().decode(Object.values(tx.signatures)[0] ?? new Uint8Array(64));
  return { tx, msg, keys, signature };
}

export type DecodedTx = ReturnType<typeof decode>;
