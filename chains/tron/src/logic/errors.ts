/**
 * Errors of the TRON family that have no catalogue key in core. `code` is the key the web family maps to a translated
 * text (en, zh-TW, pt, `tron.errors.*`); `message` is the English explanation; `params` fill the text.
 */
export type TronErrorCode =
  /** A TRC-20 send whose energy burn exceeds the 40 TRX fee limit (it would end OUT_OF_ENERGY and still burn). */
  | 'tronFeeLimitExceeded'
  /** The token balance does not cover the amount. */
  | 'tronTokenBalance'
  /** The energy estimate failed (the contract would revert: e.g. not a TRC-20 contract). */
  | 'tronEstimateFailed'
  /** The device signed another transaction, with another key, or the signature does not verify. */
  | 'tronBadSignature';

export class TronError extends Error {
  override readonly name = 'TronError';
  constructor(
    readonly code: TronErrorCode,
    message: string,
    readonly params?: Readonly<Record<string, string | number>>,
  ) {
    super(message);
  }
}
