/** Envelope signatures checked as stellar-core checks them (hint and ed25519 over the hash), and the memo's shape. */
import { Keypair, type Transaction } from '@stellar/stellar-sdk';

/** A signature of the account's key over the transaction hash (hint and ed25519 verification). */
export function signedBy(tx: Transaction, account: string): boolean {
  return tx.signatures.some((s) => verifies(tx, s, account));
}

/** One decorated signature is the account's key's over the transaction hash (hint and ed25519 verification). */
export function verifies(tx: Transaction, s: unknown, account: string): boolean {
  const key = Keypair.fromPublicKey(account);
  const { hint, signature } = decorated(s);
  return Buffer.from(hint).equals(key.signatureHint()) && key.verify(tx.hash(), Buffer.from(signature));
}

/** A DecoratedSignature's hint and signature, read from its XDR (the object's accessors differ between SDK versions). */
export function decorated(d: unknown): { hint: Uint8Array; signature: Uint8Array } {
  const bytes = Buffer.from((d as { toXDR(): Uint8Array }).toXDR());
  const length = bytes.readUInt32BE(4);
  return { hint: bytes.subarray(0, 4), signature: bytes.subarray(8, 8 + length) };
}

export function memoOf(tx: Transaction): { memo_type: string; memo?: string } {
  const m = tx.memo;
  switch (m.type) {
    case 'text':
      return {
        memo_type: 'text',
        memo: m.value instanceof Uint8Array ? Buffer.from(m.value).toString('utf8') : String(m.value),
      };
    case 'id':
      return { memo_type: 'id', memo: String(m.value) };
    case 'hash':
    case 'return':
      return { memo_type: m.type, memo: Buffer.from(m.value as Uint8Array).toString('base64') };
    default:
      return { memo_type: 'none' };
  }
}
