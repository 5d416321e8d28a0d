/** rippled's engine results and the small pieces every request family shares (error answers, ledger hashes). */
import { isValidClassicAddress } from 'xrpl';

export const RIPPLE_EPOCH = 946684800;
/** Account flag lsfRequireDestTag. */
export const LSF_REQUIRE_DEST_TAG = 0x00020000;
/** Payment flag tfPartialPayment (rippled TxFlags.h); not allowed for XRP to XRP. */
export const TF_PARTIAL_PAYMENT = 0x00020000;

/** Engine results: token → [code, message] (ripple-binary-codec definitions.json, rippled TER.cpp). */
export const TER = {
  tesSUCCESS: [0, 'The transaction was applied. Only final in a validated ledger.'],
  tecUNFUNDED_PAYMENT: [104, 'Insufficient XRP balance to send.'],
  tecNO_DST_INSUF_XRP: [125, 'Destination does not exist. Too little XRP sent to create it.'],
  tecDST_TAG_NEEDED: [143, 'A destination tag is required.'],
  tefBAD_AUTH: [-196, "Transaction's public key is not authorized."],
  tefPAST_SEQ: [-190, 'This sequence number has already passed.'],
  tefMAX_LEDGER: [-187, 'Ledger sequence too high.'],
  telINSUF_FEE_P: [-394, 'Fee insufficient.'],
  temBAD_AMOUNT: [-298, 'Can only send positive amounts.'],
  temBAD_FEE: [-295, 'Invalid fee, negative or not XRP.'],
  temBAD_SEND_XRP_MAX: [-287, 'Malformed: Send max is not allowed for XRP to XRP.'],
  temBAD_SEND_XRP_PARTIAL: [-285, 'Malformed: Partial payment is not allowed for XRP to XRP.'],
  temREDUNDANT: [-275, 'The transaction is redundant.'],
  temDISABLED: [-273, 'The transaction requires logic that is currently disabled.'],
  terINSUF_FEE_B: [-97, "Account balance can't pay fee."],
  terNO_ACCOUNT: [-96, 'The source account does not exist.'],
  terPRE_SEQ: [-92, 'Missing/inapplicable prior transaction.'],
  terQUEUED: [-89, 'Held until escalated fee drops.'],
} as const;
export type EngineResult = keyof typeof TER;

export type Params = Record<string, unknown>;

/** rippled's error result: `error`, `error_message`, `status: "error"` and what else the command adds. */
export const rpcError = (error: string, message: string, extra: Params = {}) => ({
  error,
  error_message: message,
  status: 'error',
  ...extra,
});

export function isAddress(a: string): boolean {
  return isValidClassicAddress(a);
}

export function ledgerHash(index: number): string {
  return index.toString(16).toUpperCase().padStart(64, '0');
}
