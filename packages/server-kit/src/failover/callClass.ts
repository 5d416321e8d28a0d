/** The class of a call (its timeout, first-byte rule and budget): see ../failover.ts. */

/**
 * How long a call may take (mainnet-behaviour.md §0, §11 row 1): `read` cheap lookups (balances, fees, chain info,
 * one transaction), `history` history pages, token discovery and xpub scans, `submit` broadcasts. The facade that
 * makes a call states its class (FailoverOptions.callClass); a call it does not classify is a `read`.
 */
export type CallClass = 'read' | 'history' | 'submit';
export type ClassTimeouts = Record<CallClass, number>;

/** Defaults of CHAIN_READ_TIMEOUT_MS, CHAIN_HISTORY_TIMEOUT_MS and CHAIN_SUBMIT_TIMEOUT_MS. */
export const CLASS_TIMEOUTS: ClassTimeouts = { read: 8_000, history: 30_000, submit: 40_000 };

/** Every class the same timeout (an operator's CHAIN_<SYM>_TIMEOUT_MS). */
export const allClasses = (ms: number): ClassTimeouts => ({ read: ms, history: ms, submit: ms });
