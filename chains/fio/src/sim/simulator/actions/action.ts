/**
 * What every action gets and answers, and the charge of the actions paid by a flat fee (a transfer, names,
 * addresses): the fee (or a bundled transaction) is checked before the action's own checks, as fio.contracts do.
 */
import { invalidInput, invalidSignature } from '../errors.js';
import { BUNDLED_END_POINTS, FIO_LOCAL_FEES } from '../fees.js';
import type { FioState, Handle } from '../state.js';

/** One decoded action of a pushed transaction, its signer already proven to be its actor. */
export interface ActionInput {
  name: string;
  endPoint: string;
  d: Record<string, unknown>;
  signer: string;
  maxFee: bigint;
}

/** The action's response (the receipt's response) and the other account whose history it enters. */
export interface ActionResult {
  response: Record<string, unknown>;
  payee?: string;
}

export type Action = (s: FioState, a: ActionInput) => ActionResult;

export interface FlatCharge {
  handleName: string;
  handle: Handle | undefined;
  fee: bigint;
  /** The amount a transfer moves on top of the fee. */
  extra: bigint;
  response: Record<string, unknown>;
  /** Takes the fee and `extra` from the signer's balance as it was before the action. */
  settle(): void;
}

/** The checks of a flat-fee action's handle and fee; nothing is taken until settle(). */
export function chargeFlat(s: FioState, a: ActionInput): FlatCharge {
  const { name, d, signer, endPoint, maxFee } = a;
  const handleName = String(d.fio_address ?? '');
  const handle = s.handles.get(handleName);
  const needsHandle = name === 'addaddress' || name === 'remaddress' || name === 'addbundles';
  if (needsHandle && !handle) throw invalidInput('fio_address', handleName, 'FIO Address not registered');
  if (needsHandle && name !== 'addbundles' && handle!.owner !== signer) throw invalidSignature();
  const fee = BUNDLED_END_POINTS.has(endPoint)
    ? handle!.bundled > 0
      ? 0n
      : FIO_LOCAL_FEES[endPoint]!
    : name === 'addbundles'
      ? FIO_LOCAL_FEES[endPoint]! * BigInt(String(d.bundle_sets ?? '0'))
      : FIO_LOCAL_FEES[endPoint]!;
  if (fee > maxFee) throw invalidInput('max_fee', maxFee, 'Fee exceeds supplied maximum.');
  const balance = s.balances.get(signer) ?? 0n;
  const spendable = s.availableOf(signer);
  const extra = name === 'trnsfiopubky' ? BigInt(String(d.amount ?? '0')) : 0n;
  if (fee > spendable) throw invalidInput('max_fee', maxFee, 'Insufficient funds to cover fee');
  if (fee + extra > spendable) throw invalidInput('amount', extra, 'Insufficient balance');
  return {
    handleName,
    handle,
    fee,
    extra,
    response: { status: 'OK', fee_collected: Number(fee) },
    settle: () => s.balances.set(signer, balance - fee - extra),
  };
}
