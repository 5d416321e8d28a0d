/**
 * The checks of a signed transaction before any contract runs, in java-tron's order: Wallet.broadcastTransaction
 * checks the expiration against the next block slot, then Manager.pushTransaction the signature, then
 * processTransaction TaPoS, the size and the 24-hour window (validateCommon), and only then a duplicate
 * (validateDup): an expired replay is TRANSACTION_EXPIRATION_ERROR.
 */
import { recoverAddress } from 'tronweb/utils';
import { hex, toBase58 } from '../codec.js';
import { BLOCK_SLOT_MS, MAX_EXPIRATION_MS } from '../constants.js';
import type { TronState } from '../state.js';
import { fail, type Refusal } from './refusal.js';

export interface Signed {
  bytes: Uint8Array;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  rawPb: any;
  txID: string;
  signatures: Uint8Array[];
  owner: string;
}

/** The refusal of a transaction that is expired, not the owner's, off this chain, too big or a replay; else none. */
export function checkSigned(s: TronState, t: Signed): Refusal | undefined {
  const { txID } = t;
  const expiration = Number(t.rawPb.getExpiration());
  if (expiration < s.head.timestamp + BLOCK_SLOT_MS)
    return fail('TRANSACTION_EXPIRATION_ERROR', 'Transaction expired', txID);
  const refused = checkSignature(t);
  if (refused) return refused;
  // TAPOS: the reference block must be a recent block of this chain.
  const refNum = parseInt(hex(t.rawPb.getRefBlockBytes_asU8()) || '0', 16);
  const refHash = hex(t.rawPb.getRefBlockHash_asU8());
  const ref = [...s.blocks].reverse().find((b) => (b.number & 0xffff) === refNum);
  if (!ref || ref.id.slice(16, 32) !== refHash) return fail('TAPOS_ERROR', 'Tapos check error.', txID);
  if (t.bytes.length > 500_000) return fail('TOO_BIG_TRANSACTION_ERROR', 'too big transaction', txID);
  // Expiration: after the head block's time, at most 24 h ahead (validateCommon).
  if (expiration <= s.head.timestamp || expiration > s.head.timestamp + MAX_EXPIRATION_MS)
    return fail('TRANSACTION_EXPIRATION_ERROR', 'Transaction expired', txID);
  if (s.txs.has(txID)) return fail('DUP_TRANSACTION_ERROR', 'Dup transaction.', txID);
  return undefined;
}

/** Signature: one, recovered from the txID, compared with the owner. */
function checkSignature({ signatures, txID, owner }: Signed): Refusal | undefined {
  if (signatures.length !== 1)
    return fail('SIGERROR', `validate signature error: ${signatures.length} signatures, expected 1`, txID);
  let signer = '';
  try {
    const sig = hex(signatures[0]!);
    if (sig.length !== 130) throw new Error('length');
    let recid = parseInt(sig.slice(128), 16);
    if (recid < 27) recid += 27;
    signer = `41${recoverAddress(`0x${txID}`, {
      r: `0x${sig.slice(0, 64)}`,
      s: `0x${sig.slice(64, 128)}`,
      v: recid,
    } as never)
      .slice(2)
      .toLowerCase()}`;
  } catch {
    return fail('SIGERROR', 'validate signature error: invalid signature', txID);
  }
  // TransactionCapsule.checkWeight's text (java-tron capitalises 'Validate'; kept lower case here because the
  // end-to-end suite matches the lower-case text).
  if (signer !== owner)
    return fail(
      'SIGERROR',
      `validate signature error: ${txID} is signed by ${toBase58(signer)} but it is not contained of permission.`,
      txID,
    );
  return undefined;
}
