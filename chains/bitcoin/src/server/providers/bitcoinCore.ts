/**
 * Bitcoin-Core-compatible JSON-RPC (bitcoind, litecoind, …) for people who run their own node.
 *
 * - Confirmed balances: `scantxoutset` over output descriptors (pkh/sh(wpkh)/wpkh/tr of the account xpub, receive
 *   and change chains, indexes 0..range-1), or `addr(…)` for one address. No wallet needed.
 * - Unspent outputs: the scantxoutset ones plus the mempool outputs paying the account (`getrawmempool` +
 *   `getrawtransaction` of each new mempool transaction, cached by txid), each checked with
 *   `gettxout(txid, n, include_mempool=true)`: null = spent, also by a pending transaction (Litecoin Core 0.21 has
 *   no `gettxspendingprevout`); confirmations 0 = pending (height null).
 * - Transaction count and history: a watch-only wallet per account (legacy `createwallet` with
 *   private keys disabled, filled with `importmulti` of the ranged descriptors; litecoind 0.21 has no descriptor
 *   wallets), then `listtransactions`, `gettransaction` and `decoderawtransaction`. The unconfirmed balance is
 *   the unspent total counting the mempool (above) minus the confirmed one.
 * - Transactions by id: `getrawtransaction` (needs -txindex for confirmed transactions outside the wallets).
 * - Broadcast `sendrawtransaction`; fees `estimatesmartfee`; network check `getblockchaininfo.chain`.
 *
 * One operation per file under ./bitcoinCore/ (rpc, resolve, wallet, mempool, utxos, balance, history, txStatus,
 * broadcast, fees), each a function over the shared context (./bitcoinCore/context.ts); this file composes them.
 */
import type { UtxoProvider, UtxoSubject } from '../backend.js';
import { getAccount } from './bitcoinCore/balance.js';
import { broadcast, getRawTx } from './bitcoinCore/broadcast.js';
import { createContext, type BitcoinCoreOptions } from './bitcoinCore/context.js';
import { estimateFees } from './bitcoinCore/fees.js';
import { getHistory } from './bitcoinCore/history.js';
import { resolve } from './bitcoinCore/resolve.js';
import { checkChain, rpc } from './bitcoinCore/rpc.js';
import { getTx } from './bitcoinCore/txStatus.js';
import { getUtxos } from './bitcoinCore/utxos.js';

export type { BitcoinCoreOptions } from './bitcoinCore/context.js';

export function createBitcoinCore(o: BitcoinCoreOptions): UtxoProvider & {
  /** Test helper: the wallet used for a subject. */
  walletOf(subject: UtxoSubject): Promise<string>;
} {
  const ctx = createContext(o);
  return {
    name: o.name,
    kind: 'bitcoinCore',
    timeoutMs: o.timeoutMs,
    cursorKind: 'core',
    // After a failure the chain is checked again on the next call.
    onFailure: () => void (ctx.checkedUntil = 0),
    walletOf: async (subject) => (await resolve(ctx, subject, new AbortController().signal)).wallet,
    getAccount: (q, chain, signal) => getAccount(ctx, q, chain, signal),
    getUtxos: (subject, confirmedOnly, signal) => getUtxos(ctx, subject, confirmedOnly, signal),
    getHistory: (subject, q, signal) => getHistory(ctx, subject, q, signal),
    getTx: (txid, signal) => getTx(ctx, txid, signal),
    getRawTx: (txid, signal) => getRawTx(ctx, txid, signal),
    broadcast: (hex, signal) => broadcast(ctx, hex, signal),
    estimateFees: (signal) => estimateFees(ctx, signal),
    async rpc(method, params, signal) {
      await checkChain(ctx, signal);
      return rpc(ctx, method, params, signal);
    },
  };
}
