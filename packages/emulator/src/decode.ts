/**
 * Decoding of the transaction bytes the SDK sends for XRP, XLM, TRX, SOL and BNB, so the virtual
 * screen shows what a real device shows before signing: recipient, amount (coin unit), fee,
 * token and memo. Every decoder throws on input it does not understand; the caller then falls
 * back to showing a hash of the data ("blind signing").
 *
 * One decoder per chain in decode/; this module gathers them.
 */
export { formatUnits } from './decode/format.js';
export { xrpLines } from './decode/xrp.js';
export { xlmLines } from './decode/xlm.js';
export { trxLines } from './decode/trx.js';
export { solLines } from './decode/sol.js';
export { bnbLines } from './decode/bnb.js';
