/**
 * XRP Payment: the draft's rules, the unsigned transaction and the signed blob (spec 02 §4, §6; issue 13).
 */
import { CHAINS, CoreError, formatUnits, validateMinimumBalance } from '@secux-companion/core';
import type { SendDraftBase, SignedTransaction, TransactionReview } from '@secux-companion/chain-common';
import { deriveAddress, encode, hashes, verifySignature } from 'xrpl';
import { isValidXrpAddress } from './address';
import { XrpError } from './errors';
import { XRP_TAG_MAX } from './tag';

/** LastLedgerSequence = current ledger + 75 (spec 02 §4). */
export const LAST_LEDGER_OFFSET = 75;

/** A send: recipient, amount in drops, optional destination tag (memo `{ type: 'tag' }`). */
export type XrpDraft = SendDraftBase;

/** The unsigned Payment as the device (SecuX app-xrp) and the codec take it. */
export interface XrpPayment {
  TransactionType: 'Payment';
  Account: string;
  Destination: string;
  /** Drops, decimal string. */
  Amount: string;
  /** Drops, decimal string. */
  Fee: string;
  Sequence: number;
  LastLedgerSequence: number;
  DestinationTag?: number;
}

/** What the account and the recipient look like when building. */
export interface PaymentContext {
  account: string;
  balance: bigint;
  /** The account's next Sequence. */
  sequence: number;
  /** base + owner reserve × owned objects, read live (reserve.ts). */
  reserve: bigint;
  /** The base reserve (the minimum first payment to an inactive account). */
  baseReserve: bigint;
  /** The ledger index the transaction is built against. */
  ledgerIndex: number;
  fee: bigint;
  recipient: { activated: boolean; requireDestinationTag: boolean };
}

export interface BuiltPayment {
  tx: XrpPayment;
  review: TransactionReview;
  /** The payment creates the recipient account (the review says so). */
  activates: boolean;
}

/** Destination tag of a draft: an integer 0 … 2^32−1 when given. */
export function destinationTagOf(draft: XrpDraft): number | undefined {
  const memo = draft.memo;
  if (!memo) return undefined;
  if (
    memo.type !== 'tag' ||
    !Number.isInteger(memo.value) ||
    memo.value < 0 ||
    BigInt(memo.value) > XRP_TAG_MAX
  )
    throw new CoreError('invalidTagOrMemo');
  return memo.value;
}

/**
 * Builds the Payment after the rules that refuse a send before signing:
 * invalid recipient or tag, amount ≤ 0, err-30 when amount + fee would dip below the reserve, a first payment below
 * the base reserve to an inactive account (tecNO_DST_INSUF_XRP), a missing tag the recipient requires.
 * `sendAll` sends balance − reserve − fee.
 */
export function buildPayment(draft: XrpDraft, ctx: PaymentContext): BuiltPayment {
  if (!isValidXrpAddress(draft.recipient)) throw new CoreError('invalidAddress');
  const tag = destinationTagOf(draft);
  const amount = draft.sendAll ? ctx.balance - ctx.reserve - ctx.fee : draft.amount;
  if (amount <= 0n) {
    if (draft.sendAll) throw minimumBalance(ctx.reserve);
    throw new CoreError('amountOrRecipientMissing');
  }
  const issue = validateMinimumBalance(ctx.balance, amount + ctx.fee, ctx.reserve, {
    decimals: CHAINS.XRP.decimals,
    coin: 'XRP',
  });
  if (issue) throw new CoreError(issue.code, issue.params);
  if (!ctx.recipient.activated && amount < ctx.baseReserve) {
    const minimum = formatUnits(ctx.baseReserve, CHAINS.XRP.decimals);
    throw new XrpError(
      'xrpActivationBelowReserve',
      `The recipient account is not active yet. The first payment must be at least ${minimum} XRP (the base reserve) to activate it; the XRP Ledger would refuse a smaller one (tecNO_DST_INSUF_XRP).`,
      { minimum, coin: 'XRP' },
    );
  }
  if (ctx.recipient.requireDestinationTag && tag === undefined)
    throw new XrpError(
      'xrpDestinationTagRequired',
      'The recipient requires a destination tag (often an exchange deposit): enter the tag it gave you.',
    );
  const tx: XrpPayment = {
    TransactionType: 'Payment',
    Account: ctx.account,
    Destination: draft.recipient,
    Amount: amount.toString(),
    Fee: ctx.fee.toString(),
    Sequence: ctx.sequence,
    LastLedgerSequence: ctx.ledgerIndex + LAST_LEDGER_OFFSET,
    ...(tag !== undefined ? { DestinationTag: tag } : {}),
  };
  return {
    tx,
    activates: !ctx.recipient.activated,
    review: {
      recipient: draft.recipient,
      amount,
      fee: ctx.fee,
      total: amount + ctx.fee,
      ...(tag !== undefined ? { memo: { type: 'tag', value: tag } } : {}),
    },
  };
}

function minimumBalance(reserve: bigint): CoreError {
  return new CoreError('err-30', { minimum: formatUnits(reserve, CHAINS.XRP.decimals), coin: 'XRP' });
}

/** The device's answer: its signature (DER hex) and the public key it signed with. */
export interface XrpSignature {
  publicKey: string;
  signature: string;
}

/**
 * Attaches SigningPubKey and TxnSignature, checks that the key is the account's and that the signature verifies,
 * and hashes the blob (xrpl's codec and hashSignedTx).
 */
export function finalizePayment(tx: XrpPayment, sig: XrpSignature): SignedTransaction {
  const publicKey = sig.publicKey.toUpperCase();
  if (deriveAddress(publicKey) !== tx.Account)
    throw new XrpError('xrpBadSignature', 'The device signed with a key that is not this account’s.');
  const raw = encode({ ...tx, SigningPubKey: publicKey, TxnSignature: sig.signature.toUpperCase() });
  let valid = false;
  try {
    valid = verifySignature(raw);
  } catch {
    valid = false;
  }
  if (!valid) throw new XrpError('xrpBadSignature', 'The device’s signature does not verify.');
  return { hash: hashes.hashSignedTx(raw), raw, encoding: 'hex' };
}
