/**
 * `submit`: rippled's doSubmit over a signed blob — decoded and its signature verified, then checked (nothing claimed
 * on tem/tef/tel/ter), held when terPRE_SEQ or the server is busy, else applied in the open ledger.
 */
import { decode, hashes, verifySignature } from 'xrpl';
import type { XrplLedger } from './ledger.js';
import { apply, precheck } from './payment.js';
import { TER, rpcError, type EngineResult, type Params } from './ter.js';

export function submit(l: XrplLedger, p: Params): Params {
  const blob = typeof p.tx_blob === 'string' ? p.tx_blob : '';
  // rippled's doSubmit: a blob that is not hex (or empty) is invalidParams; hex that does not deserialize to a
  // transaction is invalidTransaction with the deserializer's exception text.
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(blob))
    return rpcError('invalidParams', 'Invalid parameters.', { error_code: 31 });
  let tx: Record<string, unknown>;
  try {
    tx = decode(blob) as Record<string, unknown>;
  } catch (e) {
    return { error: 'invalidTransaction', error_exception: String((e as Error).message), status: 'error' };
  }
  if (!signed(blob))
    return {
      error: 'invalidTransaction',
      error_exception: 'fails local checks: Invalid signature.',
      status: 'error',
    };
  const hash = hashes.hashSignedTx(blob);
  const answer = (token: EngineResult, applied: boolean) => ({
    accepted: applied,
    applied,
    broadcast: applied,
    kept: applied,
    queued: token === 'terQUEUED',
    engine_result: token,
    engine_result_code: TER[token][0],
    engine_result_message: TER[token][1],
    open_ledger_cost: String(l.baseFee),
    tx_blob: blob.toUpperCase(),
    tx_json: { ...tx, hash },
    validated_ledger_index: l.validatedLedger,
    status: 'success',
  });
  const pre = precheck(l, tx);
  // NetworkOPs: a ter retry result is held and the submit answers kept (accepted), not applied
  if (pre === 'terPRE_SEQ') {
    if (!l.preSeq.some((w) => w.hash === hash)) l.preSeq.push({ tx, hash });
    return { ...answer(pre, false), accepted: true, kept: true };
  }
  if (pre) return answer(pre, false);
  if (l.busy) {
    l.held.push(() => void apply(l, tx, hash));
    return answer('terQUEUED', true);
  }
  const result = apply(l, tx, hash);
  return answer(result, true);
}

/** xrpl's verifySignature; a blob it cannot read is not signed. */
function signed(blob: string): boolean {
  try {
    return verifySignature(blob);
  } catch {
    return false;
  }
}
