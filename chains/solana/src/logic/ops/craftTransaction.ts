/**
 * Crafting a send of SOL or a token: the memo checked, the transfer planned (the recipient's token account created
 * when missing, its rent read live for its real size), the compute-unit limit from a simulation and the priority
 * price from the accounts written, then the balance rules (fee, rent-exempt remainder, recipient's rent).
 */
import { CoreError } from '@secux-companion/core';
import type { AccountDescriptor } from '@secux-companion/chain-common';
import { checkSolanaPath, validateSolanaAddress } from '../address';
import { MAX_COMPUTE_UNITS } from '../constants';
import { SolanaError } from '../errors';
import { computeUnitLimit, priorityPrice, transactionFee } from '../fees';
import { associatedAccountSize, programIdOf, transferFeeOf } from '../token2022';
import {
  associatedTokenAddress,
  budgetInstructions,
  toDeviceInstruction,
  transferInstructions,
  unsignedTransaction,
  writableAccounts,
  type TransferPlan,
} from '../tx';
import type { SolanaAccountInfo, SolanaBlockhash, SolanaBuilt, SolanaDraft, SolanaUnsigned } from '../types';
import { addressOf, type SolanaContext } from './context';
import { SOLANA_MEMO_MAX_BYTES, solanaMemoIssue } from './validateMemo';

/** A planned transfer with what it costs besides the fee. */
interface Planned {
  plan: TransferPlan;
  rent: bigint;
  transferFee: bigint;
  token: SolanaUnsigned['token'];
  recipientExists: boolean;
}

/** The memo's text (trimmed), null without one; a memo that is not text or too long is refused. */
function memoOf(draft: SolanaDraft): string | null {
  if (draft.memo === undefined) return null;
  if (draft.memo.type !== 'text') throw new SolanaError('memoInvalid', 'A Solana memo is text.');
  const text = draft.memo.value.trim();
  const issue = solanaMemoIssue(text);
  if (issue === 'memoTooLong')
    throw new SolanaError('memoTooLong', `The memo is longer than ${SOLANA_MEMO_MAX_BYTES} bytes.`, {
      max: SOLANA_MEMO_MAX_BYTES,
    });
  return issue === undefined ? text : null;
}

/** A SOL send; the amount does not change the compute units, so it is planned with 0 and set once the fee is known. */
async function planSol(
  { backend }: SolanaContext,
  from: string,
  draft: SolanaDraft,
  memo: string | null,
): Promise<Planned> {
  const recipient = await backend.addressInfo(draft.recipient);
  return {
    plan: { kind: 'sol', from, to: draft.recipient, lamports: 0n, ...(memo !== null ? { memo } : {}) },
    rent: 0n,
    transferFee: 0n,
    token: null,
    recipientExists: recipient.exists,
  };
}

/** A token send: the held mint, the amount rules, the recipient's token account (created when missing) and its memo rule. */
async function planToken(
  { backend }: SolanaContext,
  from: string,
  draft: SolanaDraft,
  info: SolanaAccountInfo,
  memo: string | null,
): Promise<Planned> {
  const holding = info.tokens.find((t) => t.mint === draft.token);
  const mint = holding ? await backend.mint(holding.mint) : null;
  if (!holding || !mint) throw new SolanaError('tokenNotFound', 'Token not found');
  if (mint.nonTransferable)
    throw new SolanaError(
      'nonTransferable',
      'This token cannot be transferred (Token-2022 non-transferable).',
    );
  const amount = draft.sendAll ? holding.amount : draft.amount;
  if (amount <= 0n) throw new CoreError('amountOrRecipientMissing');
  if (amount > holding.amount) throw new CoreError('err-31');
  const tokenProgram = programIdOf(mint.program);
  const destination = await associatedTokenAddress(draft.recipient, mint.mint, tokenProgram);
  const dest = await backend.addressInfo(destination);
  const rent = dest.exists ? 0n : await backend.rent(associatedAccountSize(mint.program, mint.extensions));
  if (dest.exists && dest.memoRequired && memo === null)
    throw new SolanaError('memoRequired', 'The recipient requires a memo with every transfer.');
  return {
    plan: {
      kind: 'token',
      from,
      source: holding.tokenAccount,
      mint: mint.mint,
      decimals: mint.decimals,
      tokenProgram,
      recipient: draft.recipient,
      destination,
      amount,
      createDestination: !dest.exists,
      ...(memo !== null ? { memo } : {}),
    },
    rent,
    transferFee: transferFeeOf(amount, mint.transferFee),
    token: {
      mint: mint.mint,
      symbol: mint.symbol ?? holding.symbol ?? `${mint.mint.slice(0, 4)}…${mint.mint.slice(-4)}`,
      decimals: mint.decimals,
      program: mint.program,
    },
    recipientExists: true,
  };
}

/** Compute units from a simulation (price 0 so the fee cannot fail it), price from the accounts written. */
async function computeBudget(
  { backend }: SolanaContext,
  from: string,
  blockhash: SolanaBlockhash,
  plan: TransferPlan,
): Promise<{ unitLimit: number; microLamports: number; fee: bigint }> {
  const body = transferInstructions(plan);
  const [samples, simulated] = await Promise.all([
    backend.priorityFees(writableAccounts(body)).catch(() => null),
    backend
      .simulate(
        unsignedTransaction(from, blockhash.blockhash, [
          ...budgetInstructions(MAX_COMPUTE_UNITS, 0),
          ...body,
        ]),
      )
      .catch(() => null),
  ]);
  if (simulated?.err && plan.kind === 'token')
    throw new SolanaError('simulationFailed', `The network would refuse this transaction: ${simulated.err}`, {
      reason: simulated.err,
    });
  const unitLimit = computeUnitLimit(simulated?.err ? null : (simulated?.unitsConsumed ?? null), body.length);
  const microLamports = priorityPrice(samples);
  return { unitLimit, microLamports, fee: transactionFee(1, unitLimit, microLamports) };
}

/** The balance rules once the fee is known; a SOL send gets its amount (send-all: balance − fee). */
function applyFunds(
  draft: SolanaDraft,
  balance: bigint,
  p: Planned,
  fee: bigint,
  rentFloor: bigint,
): TransferPlan {
  const { plan, rent } = p;
  if (plan.kind === 'sol') {
    const lamports = draft.sendAll ? balance - fee : draft.amount;
    if (lamports <= 0n) throw new CoreError('err-02');
    const left = balance - lamports - fee;
    if (left < 0n) throw new CoreError('err-02');
    if (left > 0n && left < rentFloor) throw rentRemainder(rentFloor);
    if (!p.recipientExists && lamports < rentFloor)
      throw new SolanaError(
        'recipientBelowRent',
        `The recipient account does not exist yet: send at least ${fmt(rentFloor)} SOL (its rent-exempt minimum).`,
        { minimum: fmt(rentFloor) },
      );
    return { ...plan, lamports };
  }
  const left = balance - fee - rent;
  if (left < 0n) throw new CoreError(rent > 0n ? 'err-39' : 'err-36', { coin: 'SOL' });
  if (left > 0n && left < rentFloor) throw rentRemainder(rentFloor);
  return plan;
}

export async function craftTransaction(
  ctx: SolanaContext,
  account: AccountDescriptor,
  draft: SolanaDraft,
): Promise<SolanaBuilt> {
  const from = addressOf(account);
  const path = checkSolanaPath(account.path);
  if (validateSolanaAddress(draft.recipient) !== 'ok') throw new CoreError('invalidAddress');
  if (!draft.sendAll && draft.amount <= 0n) throw new CoreError('amountOrRecipientMissing');
  const [info, blockhash, rentFloor] = await Promise.all([
    ctx.backend.account(from),
    ctx.backend.blockhash(),
    ctx.backend.rent(0),
  ]);
  const memo = memoOf(draft);
  const planned =
    draft.token === undefined
      ? await planSol(ctx, from, draft, memo)
      : await planToken(ctx, from, draft, info, memo);
  const { unitLimit, microLamports, fee } = await computeBudget(ctx, from, blockhash, planned.plan);
  const plan = applyFunds(draft, info.balance, planned, fee, rentFloor);
  const { rent, transferFee, token } = planned;

  const instructions = [...budgetInstructions(unitLimit, microLamports), ...transferInstructions(plan)].map(
    toDeviceInstruction,
  );
  const amount = plan.kind === 'sol' ? plan.lamports : plan.amount;
  return {
    unsigned: {
      plan,
      instructions,
      unitLimit,
      microLamports,
      fee,
      rent,
      transferFee,
      token,
      memo,
      blockhash,
    },
    signRequest: { path, feePayer: from, instructions },
    review: {
      recipient: draft.recipient,
      amount,
      fee,
      feeRate: microLamports,
      ...(memo !== null ? { memo: { type: 'text' as const, value: memo } } : {}),
      total: plan.kind === 'sol' ? amount + fee : fee + rent,
    },
  };
}

function fmt(lamports: bigint): string {
  const s = lamports.toString().padStart(10, '0');
  return `${s.slice(0, -9)}.${s.slice(-9)}`.replace(/\.?0+$/, '');
}

function rentRemainder(minimum: bigint): SolanaError {
  return new SolanaError(
    'rentExemptRemainder',
    `The SOL left in the account would be below its rent-exempt minimum of ${fmt(minimum)} SOL: send all or leave at least that much.`,
    { minimum: fmt(minimum) },
  );
}
