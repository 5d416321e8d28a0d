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
