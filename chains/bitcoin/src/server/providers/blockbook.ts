/**
 * Blockbook API v2 (bitcoin family): /api/v2/xpub, /address, /balancehistory, /utxo, /tx, /sendtx/, /estimatefee and the /api status
 * (used to check that the server serves the configured coin and network). Shapes: shared/reference/apis/blockbook-v2.md.
 * Blockbook leaves empty fields out, so every field is optional unless it is always present; errors are HTTP 400
 * `{"error": "…"}` (not 404), rate limiting is 429 with Retry-After.
 *
 * One operation per file under ./blockbook/ (balance, utxos, history, txStatus, broadcast, fees), each a function
 * over the shared context (./blockbook/context.ts, with the HTTP call and the chain check); this file composes them.
 */
import type { UtxoProvider } from '../backend.js';
import { getAccount } from './blockbook/balance.js';
import { getBalanceHistory } from './blockbook/balanceHistory.js';
import { broadcast } from './blockbook/broadcast.js';
import { createContext, type BlockbookOptions } from './blockbook/context.js';
import { estimateFees } from './blockbook/fees.js';
import { getHistory } from './blockbook/history.js';
import { getRawTx, getTx } from './blockbook/txStatus.js';
import { getUtxos } from './blockbook/utxos.js';

export type { BlockbookOptions } from './blockbook/context.js';

export function createBlockbook(o: BlockbookOptions): UtxoProvider {
  const ctx = createContext(o);
  return {
    name: o.name,
    kind: 'blockbook',
    timeoutMs: o.timeoutMs,
    cursorKind: 'blockbook',
    // After a failure the chain is checked again on the next call (not trusted for the rest of the 10 minutes).
    onFailure: () => void (ctx.checkedUntil = 0),
    getAccount: (q, chain, signal) => getAccount(ctx, q, chain, signal),
    getUtxos: (subject, confirmedOnly, signal) => getUtxos(ctx, subject, confirmedOnly, signal),
    getHistory: (subject, q, signal) => getHistory(ctx, subject, q, signal),
    getBalanceHistory: (subject, q, signal) => getBalanceHistory(ctx, subject, q, signal),
    getTx: (txid, signal) => getTx(ctx, txid, signal),
    getRawTx: (txid, signal) => getRawTx(ctx, txid, signal),
    broadcast: (hex, signal) => broadcast(ctx, hex, signal),
    estimateFees: (signal) => estimateFees(ctx, signal),
  };
}
