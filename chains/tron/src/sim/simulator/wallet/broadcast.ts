/** /wallet/broadcasthex and /wallet/broadcasttransaction: the two ways a signed transaction reaches broadcast. */
import { broadcast } from '../broadcast/index.js';
import { Proto, textHex } from '../codec.js';
import type { TronState } from '../state.js';

/**
 * BroadcastHexServlet: ByteArray.fromHexString (bouncycastle Hex) then Transaction.parseFrom; an exception is
 * Util.processError's {"Error": "<class> : <message>"} (HTTP 200).
 */
export function broadcastHex(s: TronState, p: Record<string, unknown>): unknown {
  if (typeof p.transaction !== 'string' || !/^[0-9a-fA-F]*$/.test(p.transaction))
    return {
      Error:
        'class org.bouncycastle.util.encoders.DecoderException : exception decoding Hex string: invalid characters encountered in Hex string',
    };
  // fromHexString pads an odd length with a leading 0
  const even = p.transaction.length % 2 ? `0${p.transaction}` : p.transaction;
  return broadcast(s, Buffer.from(even, 'hex'));
}

/** BroadcastServlet: the transaction as JSON (raw_data_hex and the signatures). */
export function broadcastTransaction(s: TronState, p: Record<string, unknown>): unknown {
  const raw = typeof p.raw_data_hex === 'string' ? p.raw_data_hex : '';
  const sigs = Array.isArray(p.signature)
    ? p.signature.filter((x): x is string => typeof x === 'string')
    : [];
  if (!/^([0-9a-fA-F]{2})+$/.test(raw) || sigs.some((x) => !/^([0-9a-fA-F]{2})+$/.test(x)))
    return {
      result: false,
      code: 'OTHER_ERROR',
      message: textHex('raw_data_hex and signature are required'),
    };
  const pb = new Proto.Transaction();
  pb.setRawData(Proto.Transaction.raw.deserializeBinary(Buffer.from(raw, 'hex')));
  for (const x of sigs) pb.addSignature(Buffer.from(x, 'hex'));
  return broadcast(s, pb.serializeBinary());
}
