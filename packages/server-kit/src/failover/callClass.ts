/** The class of a call (its timeout, first-byte rule and budget): see ../failover.ts. */

/**
 * How long a call may take (mainnet-behaviour.md §0, §11 row 1): `read` cheap lookups (balances, fees, chain info,
 * one transaction), `history` history pages, token discovery and xpub scans, `submit` broadcasts.
 */
export type CallClass = 'read' | 'history' | 'submit';
export type ClassTimeouts = Record<CallClass, number>;

/** Defaults of CHAIN_READ_TIMEOUT_MS, CHAIN_HISTORY_TIMEOUT_MS and CHAIN_SUBMIT_TIMEOUT_MS. */
export const CLASS_TIMEOUTS: ClassTimeouts = { read: 8_000, history: 30_000, submit: 40_000 };

/** Every class the same timeout (an operator's CHAIN_<SYM>_TIMEOUT_MS). */
export const allClasses = (ms: number): ClassTimeouts => ({ read: ms, history: ms, submit: ms });

/** Calls named so by the facades that send a transaction. */
const SUBMIT_CALLS = new Set([
  'broadcast',
  'eth_sendRawTransaction',
  'sendrawtransaction',
  'sendTransaction',
]);
/** Calls named so by the facades that list or scan (history pages, token and NFT discovery, token account scans). */
const HISTORY_CALLS = new Set([
  'history',
  'token discovery',
  'tokens',
  'token balances',
  'NFTs',
  'signatures',
  'xpub',
]);

/** The class of a call the facade did not classify itself, from its name (`what`). */
export function callClassOf(what: string): CallClass {
  if (SUBMIT_CALLS.has(what)) return 'submit';
  if (HISTORY_CALLS.has(what) || what.startsWith('history')) return 'history';
  return 'read';
}
