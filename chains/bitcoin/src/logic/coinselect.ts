/**
 * Coin selection (spec 01 §5 "Bitcoin-family build", 02 §5).
 *
 * - Only confirmed outputs are spent (pending ones and outputs spent by a pending
 *   transaction are filtered by {@link usableUtxos} / here by `height === null`).
 * - Fee = rate (sat/vB) × estimated vsize, rounded (core's utxoFee).
 * - Normal send: the fewest inputs, taken by decreasing effective value (value minus the
 *   fee the input costs), such that the change output is at least 546 satoshis. A
 *   change-less selection is used only when it matches exactly, or when its total cost
 *   (fee + satoshis left to the miner, less than a change output costs) is below the fee
 *   of that change solution (bounded scan of CHANGELESS_SCAN_BUDGET outputs).
 *   Failure: 'Insufficient account balance (546)' when the funds would pay amount + fee
 *   but not a 546-satoshi change; 'Insufficient account balance' otherwise.
 * - Send-all: every confirmed output, one output, amount = balance − fee ≥ 546.
 *
 * A binary max-heap keeps the common case (a few inputs out of many) at O(n + k log n).
 */
import { CoreError, DUST_SATOSHIS, utxoFee, utxoSendAllAmount } from '@secux-companion/core';
import type { OutputType } from './address';
import type { Utxo, UtxoTx } from './utxo';
import {
  INPUT_WEIGHT,
  OUTPUT_SCRIPT_LENGTH,
  SEGWIT_OVERHEAD_WEIGHT,
  baseWeight,
  isSegwitInput,
  outputBytes,
} from './vsize';

export interface SelectionRequest<U extends Pick<Utxo, 'value' | 'type' | 'height'> = Utxo> {
  utxos: readonly U[];
  /** Recipient amount (ignored with `sendAll`). */
  amount: bigint;
  /** scriptPubKey length of the recipient output. */
  recipientScriptLength: number;
  /** sat/vB. */
  feeRate: number;
  /** Own change script type. */
  changeType: OutputType;
  sendAll?: boolean;
  /** Inputs that must be spent (RBF: the original inputs). */
  required?: readonly U[];
}

export interface Selection<U = Utxo> {
  inputs: U[];
  /** Recipient amount (balance − fee on send-all). */
  amount: bigint;
  fee: bigint;
  /** 0n when there is no change output. */
  change: bigint;
  vsize: number;
}

/** Outputs examined by the change-less pass at most (keeps selection O(n + budget·log n)). */
export const CHANGELESS_SCAN_BUDGET = 4000;

function feeOf(rate: number, weight: number): bigint {
  return utxoFee(rate, Math.ceil(weight / 4));
}

/** Confirmed outputs not spent by any of the pending transactions. */
export function usableUtxos<U extends Pick<Utxo, 'txid' | 'vout' | 'height'>>(
  utxos: readonly U[],
  pending: readonly Pick<UtxoTx, 'inputs' | 'blockHeight'>[] = [],
): U[] {
  const spent = new Set<string>();
  for (const tx of pending) if (tx.blockHeight === null) for (const i of tx.inputs) spent.add(`${i.txid}:${i.vout}`);
  return utxos.filter((u) => u.height !== null && !spent.has(`${u.txid}:${u.vout}`));
}

export function selectCoins<U extends Pick<Utxo, 'value' | 'type' | 'height'>>(req: SelectionRequest<U>): Selection<U> {
  const { feeRate } = req;
  if (!(Number.isFinite(feeRate) && feeRate > 0)) throw new RangeError(`fee rate must be positive, got ${feeRate}`);
  const confirmed = req.utxos.filter((u) => u.height !== null);
  const required = req.required ?? [];
  const recipientWeight = outputBytes(req.recipientScriptLength) * 4;

  if (req.sendAll) {
    const inputs = [...required, ...confirmed];
    if (inputs.length === 0) throw new CoreError('insufficientBalance');
    let weight = baseWeight(inputs.length, 1) + recipientWeight;
    let total = 0n;
    let segwit = false;
    for (const u of inputs) {
      weight += INPUT_WEIGHT[u.type];
      total += u.value;
      segwit ||= isSegwitInput(u.type);
    }
    if (segwit) weight += SEGWIT_OVERHEAD_WEIGHT;
    const fee = feeOf(feeRate, weight);
    if (total < fee) throw new CoreError('insufficientBalance');
    const amount = utxoSendAllAmount(total, fee); // throws '(546)' below dust
    return { inputs, amount, fee, change: 0n, vsize: Math.ceil(weight / 4) };
  }

  const amount = req.amount;
  const changeWeight = outputBytes(OUTPUT_SCRIPT_LENGTH[req.changeType]) * 4;
  const n = confirmed.length;

  // Effective values (number is exact: any amount < 2^53 satoshis).
  const eff = new Float64Array(n);
  const heap = new Int32Array(n);
  let size = 0;
  for (let i = 0; i < n; i++) {
    const u = confirmed[i]!;
    const e = Number(u.value) - (feeRate * INPUT_WEIGHT[u.type]) / 4;
    if (e > 0) {
      eff[i] = e;
      heap[size++] = i;
    }
  }
  const less = (a: number, b: number) => eff[heap[a]!]! < eff[heap[b]!]!;
  const swap = (a: number, b: number) => {
    const t = heap[a]!;
    heap[a] = heap[b]!;
    heap[b] = t;
  };
  const siftDown = (start: number) => {
    let i = start;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < size && less(m, l)) m = l;
      if (r < size && less(m, r)) m = r;
      if (m === i) return;
      swap(i, m);
      i = m;
    }
  };
  for (let i = (size >> 1) - 1; i >= 0; i--) siftDown(i);
  const initialHeap = heap.slice(0, size);
  const initialSize = size;

  const pop = (): number => {
    const top = heap[0]!;
    size--;
    if (size > 0) {
      heap[0] = heap[size]!;
      siftDown(0);
    }
    return top;
  };

  const inputs: U[] = [...required];
  let inWeight = 0;
  let total = 0n;
  let segwit = false;
  for (const u of required) {
    inWeight += INPUT_WEIGHT[u.type];
    total += u.value;
    segwit ||= isSegwitInput(u.type);
  }

  const weights = () => {
    const common = inWeight + recipientWeight + (segwit ? SEGWIT_OVERHEAD_WEIGHT : 0);
    return {
      withChange: baseWeight(inputs.length, 2) + common + changeWeight,
      withoutChange: baseWeight(inputs.length, 1) + common,
    };
  };

  /**
   * A change-less selection whose total cost (fee + the satoshis left to the miner) is
   * below `best.fee`: inputs by decreasing effective value, skipping those that would
   * leave more than a change output costs. Only ever cheaper than the change solution.
   */
  const changelessBelow = (best: Selection<U>): Selection<U> | null => {
    const slack = (feeRate * changeWeight) / 4;
    const target = Number(amount);
    let accum = 0;
    let inW = 0;
    let segwit: boolean = false;
    const picked: U[] = [];
    const fullWeight = (count: number, w: number, sw: boolean) =>
      baseWeight(count, 1) + recipientWeight + w + (sw ? SEGWIT_OVERHEAD_WEIGHT : 0);
    for (let budget = CHANGELESS_SCAN_BUDGET; size > 0 && budget > 0; budget--) {
      const u = confirmed[pop()]!;
      const v = Number(u.value);
      const w = inW + INPUT_WEIGHT[u.type];
      const sw: boolean = segwit || isSegwitInput(u.type);
      const fee = Math.round(feeRate * Math.ceil(fullWeight(picked.length + 1, w, sw) / 4));
      if (accum + v > target + fee + slack) continue;
      accum += v;
      inW = w;
      segwit = sw;
      picked.push(u);
      if (accum < target + fee) continue;
      const vsize = Math.ceil(fullWeight(picked.length, inW, segwit) / 4);
      const cost = picked.reduce((s, x) => s + x.value, 0n) - amount;
      if (cost < utxoFee(feeRate, vsize)) return null;
      return cost < best.fee ? { inputs: picked, amount, fee: cost, change: 0n, vsize } : null;
    }
    return null;
  };

  let lastNoChangeRemainder: bigint | null = null;
  for (;;) {
    if (inputs.length > 0) {
      const w = weights();
      const feeWith = feeOf(feeRate, w.withChange);
      const change = total - amount - feeWith;
      if (change >= DUST_SATOSHIS) {
        const withChange = { inputs, amount, fee: feeWith, change, vsize: Math.ceil(w.withChange / 4) };
        if (required.length > 0) return withChange;
        // Re-heap only the outputs that can be part of a cheaper change-less selection.
        const limit = Number(amount + feeWith);
        size = 0;
        for (let j = 0; j < initialSize; j++) {
          const idx = initialHeap[j]!;
          if (Number(confirmed[idx]!.value) < limit) heap[size++] = idx;
        }
        for (let j = (size >> 1) - 1; j >= 0; j--) siftDown(j);
        return changelessBelow(withChange) ?? withChange;
      }
      const feeWithout = feeOf(feeRate, w.withoutChange);
      const remainder = total - amount - feeWithout;
      if (remainder === 0n) return { inputs, amount, fee: feeWithout, change: 0n, vsize: Math.ceil(w.withoutChange / 4) };
      lastNoChangeRemainder = remainder;
    }
    if (size === 0) break;
    const i = pop();
    const u = confirmed[i]!;
    inputs.push(u);
    inWeight += INPUT_WEIGHT[u.type];
    total += u.value;
    segwit ||= isSegwitInput(u.type);
  }
  if (lastNoChangeRemainder !== null && lastNoChangeRemainder > 0n) throw new CoreError('insufficientBalanceDust');
  throw new CoreError('insufficientBalance');
}
