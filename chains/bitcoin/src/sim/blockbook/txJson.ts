/** A transaction as Blockbook writes it (`/api/v2/tx`, the `transactions` of an account), empty fields left out. */
import type { TxRecord, UtxoChain } from '../chain.js';
import { dropEmpty } from './answer.js';

/** `own`: the account's addresses, whose inputs and outputs are marked `isOwn`. */
export function txJson(chain: UtxoChain, r: TxRecord, own?: Set<string>): Record<string, unknown> {
  const valueOut = r.tx.outs.reduce((s, o) => s + BigInt(o.value), 0n);
  const valueIn = r.prevouts.reduce((s, p) => s + p.value, 0n);
  const block = r.height === null ? undefined : chain.blocks[r.height];
  return dropEmpty({
    txid: r.txid,
    version: r.tx.version,
    lockTime: r.tx.locktime || undefined,
    vin: r.tx.ins.map((input, n) => {
      const p = r.prevouts[n];
      if (r.coinbase)
        return {
          n,
          sequence: input.sequence,
          coinbase: Buffer.from(input.script).toString('hex'),
          isAddress: false,
        };
      return dropEmpty({
        txid: p!.txid,
        vout: p!.vout || undefined,
        sequence: input.sequence,
        n,
        addresses: p!.address ? [p!.address] : undefined,
        isAddress: !!p!.address,
        isOwn: own && p!.address && own.has(p!.address) ? true : undefined,
        value: p!.value.toString(),
      });
    }),
    vout: r.tx.outs.map((o, n) => {
      const c = chain.coins.get(`${r.txid}:${n}`);
      const address = c?.address ?? null;
      return dropEmpty({
        value: BigInt(o.value).toString(),
        n,
        spent: c?.spentBy ? true : undefined,
        hex: Buffer.from(o.script).toString('hex'),
        addresses: address ? [address] : undefined,
        isAddress: !!address,
        isOwn: own && address && own.has(address) ? true : undefined,
      });
    }),
    blockHash: block?.hash,
    blockHeight: r.height ?? -1,
    confirmations: chain.confirmations(r.height),
    blockTime: r.time,
    size: r.size,
    vsize: r.vsize,
    value: valueOut.toString(),
    valueIn: r.coinbase ? undefined : valueIn.toString(),
    fees: r.coinbase ? undefined : r.fee.toString(),
    hex: r.hex,
    rbf: r.tx.ins.some((i) => i.sequence < 0xfffffffe) && !r.coinbase ? true : undefined,
  });
}
