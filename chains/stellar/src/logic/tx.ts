/**
 * A Stellar XLM send (spec 02 §5, issue 13): the rules that refuse it before signing, the transaction built with
 * stellar-sdk (one payment, or createAccount when the recipient does not exist — and then the fee doubles), what the
 * SecuX device takes to sign it, and the signed envelope.
 */
import { CHAINS, CoreError, XLM_FIXED_FEE, formatUnits, validateMinimumBalance } from '@secux-companion/core';
import type { SendDraftBase, SignedTransaction, TransactionReview } from '@secux-companion/chain-common';
import {
  Account,
  Asset,
  Keypair,
  Operation,
  TimeoutInfinite,
  TransactionBuilder,
  xdr,
  type Transaction,
} from '@stellar/stellar-sdk';
import { isValidStellarRecipient, parseStellarRecipient, type StellarRecipient } from './address';
import { StellarError } from './errors';
import { checkStellarMemo, toDeviceMemo, toSdkMemo, type StellarMemo, type StellarMemoType } from './memo';
import { newAccountMinimum } from './reserve';

const DECIMALS = CHAINS.XLM.decimals;

/** A send: recipient (G… or M…), amount in stroops, optional memo of any Stellar type. */
export type StellarDraft = Omit<SendDraftBase, 'memo'> & { memo?: StellarMemo };

/** What the SecuX device SDK (`SecuxXLM.prepareSign`) takes: it rebuilds the same transaction and signs it. */
export interface StellarDeviceTx {
  from: string;
  to: string;
  /** XLM, decimal text (≤ 7 decimals). */
  amount: string;
  /** The source account's CURRENT sequence (the transaction uses sequence + 1). */
  sequence: string;
  /** Whole fee in stroops. */
  fee: string;
  memo?: { Type: StellarMemoType; Value: string };
  networkPassphrase: string;
  needCreateAccount: boolean;
}

export interface PaymentContext {
  /** The sending G… account. */
  account: string;
  balance: bigint;
  /** Current sequence (Horizon's `sequence`). */
  sequence: bigint;
  /** Minimum balance of the sending account (reserve.ts). */
  minimumBalance: bigint;
  /** Native selling liabilities (held by open offers). */
  sellingLiabilities: bigint;
  /** Base reserve read from the network (a new account must start with 2 × it). */
  baseReserve: bigint;
  /** Network base fee per operation (stroops); never below the spec's fixed 100. */
  baseFee: bigint;
  networkPassphrase: string;
  recipient: { activated: boolean; memoRequired: boolean };
}

export interface BuiltPayment {
  /** The unsigned transaction envelope (base64 XDR). */
  xdr: string;
  /** Its hash (hex): what the device's signature must verify against. */
  hash: string;
  device: StellarDeviceTx;
  review: TransactionReview;
  memo?: StellarMemo;
  /** The recipient account is created by this transaction (createAccount, doubled fee). */
  creates: boolean;
  recipient: StellarRecipient;
}

/** The fee of one send: the base fee, doubled when the recipient account is created (spec). */
export function sendFee(baseFee: bigint, creates: boolean): bigint {
  const fee = baseFee > XLM_FIXED_FEE ? baseFee : XLM_FIXED_FEE;
  return creates ? fee * 2n : fee;
}

const xlm = (v: bigint) => formatUnits(v, DECIMALS);

/**
 * Builds the transaction after the rules that refuse a send before signing: invalid recipient or memo, amount ≤ 0,
 * err-30 when amount + fee would dip below the minimum balance, a muxed address for a new account, a new account's
 * first payment below its minimum (op_low_reserve), a missing memo the recipient requires (SEP-29). `sendAll` sends
 * what is spendable minus the fee.
 */
export function buildPayment(draft: StellarDraft, ctx: PaymentContext): BuiltPayment {
  if (!isValidStellarRecipient(draft.recipient)) throw new CoreError('invalidAddress');
  const recipient = parseStellarRecipient(draft.recipient);
  let memo = draft.memo ? checkStellarMemo(draft.memo) : undefined;
  const creates = !ctx.recipient.activated;
  if (recipient.muxedId !== undefined) {
    if (creates)
      throw new StellarError(
        'xlmMuxedCreate',
        `This muxed address (M…) belongs to an account that does not exist yet. An account can only be created at its base address ${recipient.account}.`,
        { account: recipient.account },
      );
    if (memo && !(memo.type === 'id' && memo.value.toString() === recipient.muxedId))
      throw new StellarError(
        'xlmMuxedMemo',
        `A muxed address (M…) carries its own id (${recipient.muxedId}); leave the memo empty.`,
        { id: recipient.muxedId },
      );
    // The device signs payments to G… accounts only: the muxed id travels as the memo id, as custodians read it.
    memo = { type: 'id', value: BigInt(recipient.muxedId) };
  }
  if (ctx.recipient.memoRequired && !memo)
    throw new StellarError(
      'xlmMemoRequired',
      'The recipient requires a memo (SEP-29: often an exchange deposit). Enter the memo it gave you.',
    );
  const fee = sendFee(ctx.baseFee, creates);
  const usable = ctx.balance - ctx.minimumBalance - ctx.sellingLiabilities;
  const amount = draft.sendAll ? usable - fee : draft.amount;
  const minimum = () => new CoreError('err-30', { minimum: xlm(ctx.minimumBalance), coin: 'XLM' });
  if (amount <= 0n) {
    if (draft.sendAll) throw minimum();
    throw new CoreError('amountOrRecipientMissing');
  }
  const issue = validateMinimumBalance(
    ctx.balance - ctx.sellingLiabilities,
    amount + fee,
    ctx.minimumBalance,
    { decimals: DECIMALS, coin: 'XLM' },
  );
  if (issue) throw new CoreError(issue.code, issue.params);
  if (creates && amount < newAccountMinimum(ctx.baseReserve)) {
    const min = xlm(newAccountMinimum(ctx.baseReserve));
    throw new StellarError(
      'xlmActivationBelowMinimum',
      `The recipient account does not exist yet. Sending creates it, and a new account must start with at least ${min} XLM (2 × the base reserve); the network would refuse less (op_low_reserve).`,
      { minimum: min, coin: 'XLM' },
    );
  }
  const op = creates
    ? Operation.createAccount({ destination: recipient.account, startingBalance: xlm(amount) })
    : Operation.payment({ destination: recipient.account, asset: Asset.native(), amount: xlm(amount) });
  const tx = new TransactionBuilder(new Account(ctx.account, ctx.sequence.toString()), {
    fee: fee.toString(),
    networkPassphrase: ctx.networkPassphrase,
    ...(memo ? { memo: toSdkMemo(memo) } : {}),
  })
    .addOperation(op)
    .setTimeout(TimeoutInfinite)
    .build();
  return {
    xdr: tx.toXDR(),
    hash: Buffer.from(tx.hash()).toString('hex'),
    device: {
      from: ctx.account,
      to: recipient.account,
      amount: xlm(amount),
      sequence: ctx.sequence.toString(),
      fee: fee.toString(),
      ...(memo ? { memo: toDeviceMemo(memo) } : {}),
      networkPassphrase: ctx.networkPassphrase,
      needCreateAccount: creates,
    },
    review: { recipient: draft.recipient, amount, fee, total: amount + fee },
    ...(memo ? { memo } : {}),
    creates,
    recipient,
  };
}

/** The device's answer: the ed25519 signature (hex, 64 bytes). */
export interface StellarSignature {
  signature: string;
}

/** The unsigned transaction back from its XDR. */
export function transactionOf(xdrText: string, networkPassphrase: string): Transaction {
  return TransactionBuilder.fromXDR(xdrText, networkPassphrase) as Transaction;
}

/**
 * Attaches the device's signature to the transaction the adapter built, after checking that it verifies against the
 * source account's key over this transaction's hash (so a signature by another key, or over another transaction, is
 * refused here and never broadcast).
 */
export function finalizePayment(
  xdrText: string,
  networkPassphrase: string,
  sig: StellarSignature,
): SignedTransaction {
  const tx = transactionOf(xdrText, networkPassphrase);
  const key = Keypair.fromPublicKey(tx.source);
  const signature = /^[0-9a-fA-F]{128}$/.test(sig.signature) ? Buffer.from(sig.signature, 'hex') : undefined;
  if (!signature || !key.verify(tx.hash(), signature))
    throw new StellarError(
      'xlmBadSignature',
      'The device’s signature does not verify with this account’s key.',
    );
  tx.signatures.push(new xdr.DecoratedSignature({ hint: key.signatureHint(), signature }));
  return {
    hash: Buffer.from(tx.hash()).toString('hex'),
    raw: tx.toEnvelope().toXDR('base64'),
    encoding: 'base64',
  };
}
