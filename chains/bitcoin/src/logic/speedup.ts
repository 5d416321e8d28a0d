/**
 * Speeding up a pending BTC transaction (spec 01 §4 "Speed-up (BTC)", §5):
 * - RBF replaces the user's own pending outgoing transaction: same inputs (plus more
 *   confirmed ones if needed), same recipient and amount, fee rate ≥ original + network
 *   rate, BIP-125 sequence. No input left to raise the fee → 'No more utxo for RBF'.
 * - CPFP spends the account's outputs of the pending transaction to a recipient with the
 *   child fee rate of core's cpfpFeeRate ('Please check recipient's address is filled',
 *   'Insufficient account balance for CPFP').
 * Device type C20 has no RBF.
 */
import {
  CoreError,
  cpfpFeeRate,
  isRbfFeeTooLow,
  rbfMinimumFee,
  utxoFee,
  type ChainSymbol,
} from '@secux-companion/core';
import { addressOutputType, decodeAddress } from './address';
import { assertFeeRate, assertRecipient, makePlan, toBuilt, type BtcBuiltTransaction, type BuildContext } from './build';
import { validateCpfpOutput } from './buildRules';
import { selectCoins, type Selection } from './coinselect';
import type { Utxo, UtxoTx } from './utxo';
import { estimateVsize } from './vsize';

export type SpeedUpKind = 'rbf' | 'cpfp';

/** Anything with a pending flag and addressed inputs/outputs (UtxoTx or a common Operation). */
export interface SpeedUpTx {
  blockHeight: number | null;
  inputs?: readonly { address: string }[];
  outputs?: readonly { address: string }[];
  senders?: readonly { address: string }[];
  recipients?: readonly { address: string }[];
}

const SPEED_UP_CHAINS: readonly ChainSymbol[] = ['BTC', 'TBTC'];

/**
 * 'rbf' for the account's own pending outgoing transaction (not on C20), 'cpfp' for a
 * pending transaction paying the account (or an outgoing one with change on C20),
 * null when not pending, not BTC, or nothing of it belongs to the account.
 */
export function chooseSpeedUp(
  tx: SpeedUpTx,
  ownAddresses: ReadonlySet<string> | readonly string[],
  deviceType: string | undefined,
  options: { chain?: ChainSymbol } = {},
): SpeedUpKind | null {
  if (tx.blockHeight !== null) return null;
  if (options.chain && !SPEED_UP_CHAINS.includes(options.chain)) return null;
  const own = ownAddresses instanceof Set ? ownAddresses : new Set(ownAddresses as readonly string[]);
  const ins = tx.inputs ?? tx.senders ?? [];
  const outs = tx.outputs ?? tx.recipients ?? [];
  const outgoing = ins.some((i) => own.has(i.address));
  if (outgoing && deviceType !== 'C20') return 'rbf';
  return outs.some((o) => own.has(o.address)) ? 'cpfp' : null;
}

/** Fee rate (sat/vB) the transaction paid, rounded up. */
export function paidFeeRate(tx: Pick<UtxoTx, 'fee' | 'vsize'>): number {
  if (tx.vsize <= 0) throw new RangeError('vsize must be positive');
  return Number((tx.fee + BigInt(tx.vsize) - 1n) / BigInt(tx.vsize));
}

export class RbfFeeTooLowError extends Error {
  override readonly name = 'RbfFeeTooLowError';
  constructor(readonly minimum: number) {
    super(`The fee rate must be at least ${minimum} sat/vB`);
  }
}

/** Minimum replacement rate: original rate + current network rate. */
export function rbfFeeFloor(original: Pick<UtxoTx, 'fee' | 'vsize'>, networkFeeRate: number): number {
  return rbfMinimumFee(paidFeeRate(original), networkFeeRate);
}

function ownInputAsUtxo(ctx: BuildContext, i: UtxoTx['inputs'][number]): Utxo {
  const type = addressOutputType(ctx.network, i.address);
  if (!i.isOwn || !i.path || !type) throw new Error('RBF needs a transaction funded only by this account');
  return { txid: i.txid, vout: i.vout, value: i.value, address: i.address, path: i.path, height: 0, type };
}

export interface RbfDraft {
  /** New fee rate (sat/vB, integer in the UI). */
  feeRate: number;
  /** Current network fee rate (the tier used for the minimum). */
  networkFeeRate: number;
}

/**
 * Replacement of `original` (pending, funded by the account). `ctx.utxos` are the usable
 * confirmed outputs that may be added when the change cannot pay the new fee.
 */
export function buildRbf(ctx: BuildContext, original: UtxoTx, draft: RbfDraft): BtcBuiltTransaction {
  if (original.blockHeight !== null) throw new Error('Only a pending transaction can be replaced');
  assertFeeRate(draft.feeRate);
  if (isRbfFeeTooLow(draft.feeRate, paidFeeRate(original), draft.networkFeeRate))
    throw new RbfFeeTooLowError(rbfFeeFloor(original, draft.networkFeeRate));
  const required = original.inputs.map((i) => ownInputAsUtxo(ctx, i));
  const external = original.outputs.filter((o) => !o.isOwn);
  const changeOut = original.outputs.find((o) => o.isOwn && o.path && /\/1\/\d+$/.test(o.path));
  const to = external.length === 1 ? external[0] : external.length === 0 ? original.outputs.find((o) => o !== changeOut) : undefined;
  if (!to || original.outputs.length - (changeOut ? 1 : 0) !== 1)
    throw new Error('The device replaces transactions with one recipient and one change output');
  const recipient = decodeAddress(ctx.network, to.address);
  if (!recipient) throw new CoreError('invalidAddress');
  const spent = new Set(required.map((u) => `${u.txid}:${u.vout}`));
  const extra = ctx.utxos.filter((u) => u.height !== null && !spent.has(`${u.txid}:${u.vout}`));
  let selection: Selection;
  try {
    selection = selectCoins({
      utxos: extra,
      required,
      amount: to.value,
      recipientScriptLength: recipient.script.length,
      feeRate: draft.feeRate,
      changeType: ctx.keys.type,
    });
  } catch (e) {
    if (e instanceof CoreError) throw new CoreError('noMoreUtxoForRbf');
    throw e;
  }
  const changeIndex = changeOut?.path ? Number(/\/(\d+)$/.exec(changeOut.path)![1]) : undefined;
  const plan = makePlan(
    ctx,
    'rbf',
    { address: to.address, script: recipient.script },
    selection,
    draft.feeRate,
    true,
    changeIndex,
  );
  return toBuilt(ctx.network, { ...plan, relatedTx: original.hash });
}

export interface CpfpDraft {
  /** Where the child pays to (usually an own receive address). Required. */
  recipient: string;
  /** Target package fee rate (sat/vB), e.g. the chosen tier. */
  targetFeeRate: number;
  /** Fee and vsize of the unconfirmed ancestors (default: the parent alone). */
  ancestorsFee?: bigint;
  ancestorsVsize?: number;
}

/** Own outputs of the parent as (unconfirmed) inputs. */
export function cpfpInputs(ctx: BuildContext, parent: UtxoTx): Utxo[] {
  return parent.outputs
    .filter((o) => o.isOwn && o.path)
    .map((o) => {
      const type = addressOutputType(ctx.network, o.address);
      if (!type) throw new Error(`Unsupported own output ${o.address}`);
      return { txid: parent.hash, vout: o.vout, value: o.value, address: o.address, path: o.path!, height: null, type };
    });
}

/** Child-pays-for-parent: one output to the recipient = own outputs − child fee. */
export function buildCpfp(ctx: BuildContext, parent: UtxoTx, draft: CpfpDraft): BtcBuiltTransaction {
  if (parent.blockHeight !== null) throw new Error('Only a pending transaction can be sped up');
  if (draft.recipient.trim() === '') throw new CoreError('recipientMissing');
  assertFeeRate(draft.targetFeeRate);
  const script = assertRecipient(ctx.network, draft.recipient);
  const inputs = cpfpInputs(ctx, parent);
  if (inputs.length === 0) throw new CoreError('insufficientBalanceCpfp');
  const childVsize = estimateVsize(
    inputs.map((u) => u.type),
    [script.length],
  );
  const rate = cpfpFeeRate({
    targetFeeRate: Math.ceil(draft.targetFeeRate),
    parentFee: Number(draft.ancestorsFee ?? parent.fee),
    parentVsize: draft.ancestorsVsize ?? parent.vsize,
    childVsize,
  });
  assertFeeRate(rate);
  const fee = utxoFee(rate, childVsize);
  const total = inputs.reduce((s, u) => s + u.value, 0n);
  const output = total - fee;
  const problem = validateCpfpOutput(draft.recipient, output);
  if (problem) throw new CoreError(problem.code, problem.params);
  const plan = makePlan(
    ctx,
    'cpfp',
    { address: draft.recipient, script },
    { inputs, amount: output, fee, change: 0n, vsize: childVsize },
    rate,
    ctx.network.rbf,
  );
  return toBuilt(ctx.network, { ...plan, relatedTx: parent.hash });
}

