/**
 * Horizon's result codes of a refused transaction (stellar-horizon.md "transaction_failed": `extras.result_codes`,
 * one transaction code and one code per operation) → one clear English sentence. The web family translates the
 * same codes (stellar.json `stellar.results.*`); this text is the server's message.
 */
export interface HorizonResultCodes {
  transaction: string;
  operations?: readonly string[];
}

/** The codes the wallet explains; any other is named as it is. */
export const RESULT_MESSAGES: Readonly<Record<string, string>> = {
  tx_bad_seq:
    'The account’s sequence number has changed (another transaction was sent from it). Refresh and try again.',
  tx_bad_auth: 'The signature is not valid for this account on this network.',
  tx_bad_auth_extra: 'The transaction carries a signature that is not needed.',
  tx_insufficient_fee: 'The fee is below the network’s minimum fee.',
  tx_insufficient_balance: 'Paying the fee would take the account below its minimum balance.',
  tx_no_source_account: 'The sending account does not exist on the network.',
  tx_too_early: 'The transaction is not valid yet.',
  tx_too_late: 'The transaction has expired.',
  tx_missing_operation: 'The transaction has no operation.',
  tx_internal_error: 'The network had an internal error. Try again.',
  op_no_destination:
    'The recipient account does not exist. It must be created with a first payment of at least the minimum balance (createAccount).',
  op_underfunded: 'The account does not hold enough XLM for this amount.',
  op_low_reserve:
    'The amount would leave an account below its minimum balance (a new account needs at least 2 × the base reserve).',
  op_already_exists: 'The account to create already exists.',
  op_malformed: 'The operation is malformed.',
  op_no_trust: 'The recipient has no trustline for this asset.',
  op_line_full: 'The recipient’s trustline cannot hold this amount.',
  op_not_authorized: 'The recipient is not authorized to hold this asset.',
};

/** The most telling code: the first failed operation's when the transaction code is tx_failed. */
export function mainResultCode(codes: HorizonResultCodes): string {
  if (codes.transaction === 'tx_failed') {
    const op = codes.operations?.find((c) => c !== 'op_success');
    if (op) return op;
  }
  return codes.transaction;
}

/** One sentence for a refused transaction, naming the code. */
export function horizonResultMessage(codes: HorizonResultCodes): string {
  const code = mainResultCode(codes);
  const text = RESULT_MESSAGES[code];
  return text ? `${text} (${code})` : `The Stellar network refused the transaction (${code}).`;
}
