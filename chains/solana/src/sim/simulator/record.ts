/**
 * A transaction that landed, kept as the RPC serves it: getTransaction's record (pre/post balances and token
 * balances, logs, fee), its signature under every account it names, and its compute-unit price per written account.
 */
import { getBase58Decoder } from '@solana/kit';
import type { TransactionMetadata } from 'litesvm';
import { tokenBalances } from './accounts.js';
import type { DecodedTx } from './decode.js';
import { feeOf } from './fees.js';
import type { SolanaLedger } from './ledger.js';

interface Outcome {
  /** The TransactionError it landed with, or null. */
  failure: unknown;
  meta: TransactionMetadata;
  preBalances: number[];
  preTokenBalances: unknown[];
}

export function recordTransaction(l: SolanaLedger, d: DecodedTx, o: Outcome): void {
  const { msg, keys, signature } = d;
  const signers = msg.header.numSignerAccounts;
  const writableSigners = signers - msg.header.numReadonlySignerAccounts;
  const writableUnsigned = keys.length - signers - msg.header.numReadonlyNonSignerAccounts;
  const writable = (i: number) => (i < signers ? i < writableSigners : i - signers < writableUnsigned);
  const { fee, price } = feeOf(keys, signers, msg.instructions);
  const slot = Number(l.slot);
  const blockTime = Math.floor(Date.now() / 1000);
  const record = {
    slot,
    blockTime,
    version: 'legacy',
    meta: {
      err: o.failure,
      status: o.failure === null ? { Ok: null } : { Err: o.failure },
      fee: Number(fee),
      preBalances: o.preBalances,
      postBalances: keys.map((k) => Number(l.account(k)?.lamports ?? 0n)),
      preTokenBalances: o.preTokenBalances,
      postTokenBalances: tokenBalances(l, keys),
      logMessages: o.meta.logs(),
      computeUnitsConsumed: Number(o.meta.computeUnitsConsumed()),
      innerInstructions: [],
      rewards: [],
      loadedAddresses: { writable: [], readonly: [] },
    },
    transaction: {
      signatures: [signature],
      message: {
        accountKeys: keys.map((pubkey, i) => ({
          pubkey,
          signer: i < signers,
          writable: writable(i),
          source: 'transaction',
        })),
        recentBlockhash: msg.lifetimeToken,
        instructions: msg.instructions.map((ix) => ({
          programId: keys[ix.programAddressIndex],
          accounts: (ix.accountIndices ?? []).map((i) => keys[i]),
          data: getBase58Decoder().decode(ix.data ?? new Uint8Array()),
          stackHeight: null,
        })),
      },
    },
  };
  l.bySignature.set(signature, { slot, blockTime, signature, err: o.failure, record });
  for (const k of new Set(keys)) {
    const list = l.byAddress.get(k) ?? [];
    list.unshift(signature);
    l.byAddress.set(k, list);
  }
  const slotPrices = l.prices.get(slot) ?? new Map<string, number>();
  keys.forEach((k, i) => {
    if (writable(i)) slotPrices.set(k, Math.min(slotPrices.get(k) ?? Infinity, price));
  });
  l.prices.set(slot, slotPrices);
}
