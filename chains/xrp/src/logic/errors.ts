/**
 * Errors of the XRP family that have no catalogue key in core yet. `code` is the key the web family will map to a
 * translated text (en, zh-TW, pt); `message` is the English explanation.
 */
export type XrpErrorCode =
  /** A first payment to an inactive account below the base reserve (the ledger would answer tecNO_DST_INSUF_XRP). */
  | 'xrpActivationBelowReserve'
  /** The recipient account requires a destination tag (lsfRequireDestTag) and none was given. */
  | 'xrpDestinationTagRequired'
  /** The device signed with a key that is not the account's, or the signature does not verify. */
  | 'xrpBadSignature';

export class XrpError extends Error {
  override readonly name = 'XrpError';
  constructor(
    readonly code: XrpErrorCode,
    message: string,
    readonly params?: Readonly<Record<string, string | number>>,
  ) {
    super(message);
  }
}
