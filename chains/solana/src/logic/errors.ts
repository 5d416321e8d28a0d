/**
 * Errors of the Solana family. `code` is the key the web family maps to a translated text (en, zh-TW, pt; keys
 * `solana.errors.<code>`); `message` is the English text (spec 02 quotes the first three).
 */
export type SolanaErrorCode =
  /** A path longer than four segments (spec 02). */
  | 'invalidAccountPath'
  /** The account to send from is not one of the wallet's (spec 02 'Select Account not found'). */
  | 'selectAccountNotFound'
  /** The token is not held by the account or its mint does not exist (spec 02 'Token not found'). */
  | 'tokenNotFound'
  /** Token-2022 NonTransferable mint: the token cannot be sent. */
  | 'nonTransferable'
  /** SOL left after a send would be above 0 but below the rent-exempt minimum (the runtime refuses it). */
  | 'rentExemptRemainder'
  /** A new recipient system account must receive at least the rent-exempt minimum. */
  | 'recipientBelowRent'
  /** The blockhash expired before broadcast: the transaction was rebuilt and must be signed again. */
  | 'blockhashExpired'
  /** The device signed something else than was built, or a signature does not verify. */
  | 'badSignature'
  /** The simulation says the network would refuse the transaction. */
  | 'simulationFailed'
  /** The recipient's token account requires a memo with incoming transfers and none was given. */
  | 'memoRequired'
  /** The memo is longer than SOLANA_MEMO_MAX_BYTES UTF-8 bytes. */
  | 'memoTooLong'
  /** The memo is not text (Solana memos are UTF-8 text). */
  | 'memoInvalid';

export class SolanaError extends Error {
  override readonly name = 'SolanaError';
  constructor(
    readonly code: SolanaErrorCode,
    message: string,
    readonly params?: Readonly<Record<string, string | number>>,
  ) {
    super(message);
  }
}
