/**
 * Errors of the Stellar family that have no catalogue key in core. `code` is the key the web family maps to a
 * translated text (stellar.json, en / zh-TW / pt); `message` is the English explanation.
 */
export type StellarErrorCode =
  /** A muxed (M…) address names an account that does not exist yet: an account is created at its G… address. */
  | 'xlmMuxedCreate'
  /** A muxed (M…) address carries its own id: a memo beside it would contradict it. */
  | 'xlmMuxedMemo'
  /** The recipient declares SEP-29 `config.memo_required` and no memo was given. */
  | 'xlmMemoRequired'
  /** The sending account does not exist on the network yet (nothing to send from). */
  | 'xlmAccountInactive'
  /** The first payment to an inactive account is below the minimum balance of a new account (op_low_reserve). */
  | 'xlmActivationBelowMinimum'
  /** The memo is not of its type's form (text ≤ 28 bytes, id ≤ 2^64−1, hash / return 32 bytes hex). */
  | 'xlmInvalidMemo'
  /** A path longer than four segments (spec 02 §5). */
  | 'xlmInvalidAccountPath'
  /** The device signed with a key that is not the account's, or the signature does not verify. */
  | 'xlmBadSignature';

export class StellarError extends Error {
  override readonly name = 'StellarError';
  constructor(
    readonly code: StellarErrorCode,
    message: string,
    readonly params?: Readonly<Record<string, string | number>>,
  ) {
    super(message);
  }
}
