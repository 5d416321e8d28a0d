/** BTC-family transaction → the common Operation (direction, value, fee, own flags). */
import type { Counterparty, Operation } from '@secux-companion/chain-common';
import type { UtxoTx } from './types';

/** Marks inputs/outputs as own from an address set (when the API did not flag them). */
export function markOwn(tx: UtxoTx, own: ReadonlySet<string>): UtxoTx {
  return {
    ...tx,
    inputs: tx.inputs.map((i) => ({ ...i, isOwn: i.isOwn || own.has(i.address) })),
    outputs: tx.outputs.map((o) => ({ ...o, isOwn: o.isOwn || own.has(o.address) })),
  };
}

export function toOperation(tx: UtxoTx): Operation {
  let ownIn = 0n;
  let ownOut = 0n;
  let externalOut = 0n;
  for (const i of tx.inputs) if (i.isOwn) ownIn += i.value;
  for (const o of tx.outputs) {
    if (o.isOwn) ownOut += o.value;
    else externalOut += o.value;
  }
  const isOwnTransaction = ownIn > 0n;
  const direction = !isOwnTransaction ? 'in' : externalOut === 0n ? 'self' : 'out';
  const value = direction === 'in' ? ownOut : direction === 'out' ? externalOut : 0n;
  const senders: Counterparty[] = tx.inputs.map((i, index) => ({
    address: i.address,
    value: i.value,
    isOwn: i.isOwn,
    index,
    prevout: { txid: i.txid, vout: i.vout },
    ...(i.path ? { path: i.path } : {}),
  }));
  const recipients: Counterparty[] = tx.outputs.map((o) => ({
    address: o.address,
    value: o.value,
    isOwn: o.isOwn,
    index: o.vout,
    ...(o.path ? { path: o.path } : {}),
  }));
  return {
    hash: tx.hash,
    time: tx.time,
    blockHeight: tx.blockHeight,
    direction,
    value,
    fee: tx.fee,
    senders,
    recipients,
    isOwnTransaction,
    rbf: tx.rbf,
    vsize: tx.vsize,
  };
}

/**
 * A history Operation → the family's transaction, for speed-up (RBF spends the original's own inputs by their
 * outpoints; CPFP spends its own outputs). The one conversion: history itself stays Operations.
 */
export function utxoTxOfOperation(op: Operation): UtxoTx {
  return {
    hash: op.hash,
    blockHeight: op.blockHeight,
    time: op.time,
    vsize: op.vsize ?? 0,
    fee: op.fee,
    rbf: op.rbf,
    inputs: op.senders.map((s) => ({
      txid: s.prevout?.txid ?? '',
      vout: s.prevout?.vout ?? -1,
      value: s.value,
      address: s.address,
      isOwn: s.isOwn,
      ...(s.path ? { path: s.path } : {}),
    })),
    outputs: op.recipients.map((r, i) => ({
      vout: r.index ?? i,
      value: r.value,
      address: r.address,
      isOwn: r.isOwn,
      ...(r.path ? { path: r.path } : {}),
    })),
  };
}

/** Whether a speed-up source is already an Operation (history) rather than a UtxoTx. */
export function isOperation(tx: UtxoTx | Operation): tx is Operation {
  return 'senders' in tx;
}
