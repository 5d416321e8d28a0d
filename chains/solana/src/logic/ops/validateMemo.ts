/** The memo rule of a Solana send (an SPL Memo instruction holding the user's text). */

/**
 * The longest memo the form accepts, in UTF-8 bytes. A transaction is at most 1232 bytes; the largest send built here
 * (compute budget pair, create-account, memo, TransferChecked with Token-2022 accounts) uses about 600 of them
 * without the memo, so 256 bytes always fits and is what exchanges' memos (ids, references) need.
 */
export const SOLANA_MEMO_MAX_BYTES = 256;

/** The memo's problem, or undefined when it fits: empty, or longer than {@link SOLANA_MEMO_MAX_BYTES} bytes. */
export function solanaMemoIssue(text: string): 'memoEmpty' | 'memoTooLong' | undefined {
  if (text.trim() === '') return 'memoEmpty';
  return new TextEncoder().encode(text).length > SOLANA_MEMO_MAX_BYTES ? 'memoTooLong' : undefined;
}
