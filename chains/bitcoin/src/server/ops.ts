/** Bitcoin-family transaction → normalized Operation (direction, value, own inputs/outputs with paths). */
import type { Counterparty, Operation } from '@secux-companion/server-kit/types';

export interface UtxoTxLike {
  txid: string;
  blockHeight: number | null;
  time: number | null;
  vsize?: number;
  fee?: string;
  rbf: boolean;
  inputs: {
    txid?: string;
    vout?: number;
    address?: string;
    value?: string;
    isOwn: boolean;
    coinbase?: boolean;
  }[];
  outputs: { n: number; address?: string; value: string; isOwn: boolean }[];
}

export function toUtxoOperation(tx: UtxoTxLike, pathOf: (address: string) => string | undefined): Operation {
  let ownIn = 0n;
  let ownOut = 0n;
  let foreignOut = 0n;
  const senders: Counterparty[] = tx.inputs.map((i, index) => {
    const value = BigInt(i.value ?? '0');
    if (i.isOwn) ownIn += value;
    const path = i.address && i.isOwn ? pathOf(i.address) : undefined;
    return {
      address: i.address ?? (i.coinbase ? 'coinbase' : ''),
      value: value.toString(),
      isOwn: i.isOwn,
      index,
      ...(path ? { path } : {}),
      ...(i.txid !== undefined && i.vout !== undefined ? { prevout: { txid: i.txid, vout: i.vout } } : {}),
    };
  });
  const recipients: Counterparty[] = tx.outputs.map((o) => {
    const value = BigInt(o.value);
    if (o.isOwn) ownOut += value;
    else foreignOut += value;
    const path = o.address && o.isOwn ? pathOf(o.address) : undefined;
    return {
      address: o.address ?? '',
      value: value.toString(),
      isOwn: o.isOwn,
      index: o.n,
      ...(path ? { path } : {}),
    };
  });
  const isOwnTransaction = tx.inputs.some((i) => i.isOwn);
  const direction = isOwnTransaction ? (foreignOut === 0n ? 'self' : 'out') : 'in';
  const value = direction === 'in' ? ownOut : direction === 'out' ? foreignOut : 0n;
  let fee = tx.fee;
  if (
    fee === undefined &&
    tx.inputs.every((i) => i.value !== undefined) &&
    !tx.inputs.some((i) => i.coinbase)
  ) {
    const inSum = tx.inputs.reduce((s, i) => s + BigInt(i.value!), 0n);
    const f = inSum - ownOut - foreignOut;
    fee = f >= 0n ? f.toString() : undefined;
  }
  void ownIn;
  return {
    hash: tx.txid,
    time: tx.time,
    blockHeight: tx.blockHeight,
    direction,
    value: value.toString(),
    fee: fee ?? '0',
    senders,
    recipients,
    isOwnTransaction,
    rbf: tx.rbf,
    ...(tx.vsize !== undefined ? { vsize: tx.vsize } : {}),
  };
}
