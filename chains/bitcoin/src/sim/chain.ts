/**
 * One bitcoin-family chain kept in memory: blocks, a UTXO set, a mempool, every transaction by id and by address.
 * `submit` applies the node's acceptance rules in Bitcoin Core's order (decode, standardness, finality, conflicts and
 * replacement, missing inputs, fees, then every input's signature) and answers Core's own rejection reasons and
 * JSON-RPC codes; nothing of a refused transaction stays behind. `mine` confirms the whole mempool in one block.
 */
import { Transaction } from 'bitcoinjs-lib';
import type { UtxoCoin } from './coins.js';
import { scriptKind, scriptToAddress, sha256d, txidOf, verifyInput, type Prevout } from './script.js';

/** A refusal as bitcoind's sendrawtransaction answers it (code -25, -26, -27 or -22) with its reason text. */
export class RejectError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const COINBASE_MATURITY = 100;
const MAX_SEQUENCE = 0xffffffff;
/** BIP-125: an input with a sequence below this signals replaceability. */
const RBF_SEQUENCE_LIMIT = 0xfffffffe;
const LOCKTIME_THRESHOLD = 500_000_000;

export interface Coin {
  txid: string;
  vout: number;
  script: Uint8Array;
  value: bigint;
  address: string | null;
  /** Height of the block that created it; null while its transaction waits in the mempool. */
  height: number | null;
  coinbase: boolean;
  /** The transaction that spends it (in a block or in the mempool). */
  spentBy?: string;
}

export interface TxRecord {
  txid: string;
  hex: string;
  tx: Transaction;
  height: number | null;
  /** First seen (mempool) in unix seconds; replaced by the block time once mined. */
  time: number;
  fee: bigint;
  size: number;
  vsize: number;
  coinbase: boolean;
  /** What each input spends (empty for a coinbase). */
  prevouts: (Prevout & { address: string | null; txid: string; vout: number })[];
}

export interface Block {
  hash: string;
  height: number;
  time: number;
  txids: string[];
}

const key = (txid: string, vout: number) => `${txid}:${vout}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export class UtxoChain {
  readonly blocks: Block[] = [];
  readonly coins = new Map<string, Coin>();
  readonly txs = new Map<string, TxRecord>();
  /** Mempool transaction ids in arrival order (a parent always before its children). */
  readonly mempool = new Set<string>();
  /** Transaction ids touching each address (as input or output). */
  readonly byAddress = new Map<string, Set<string>>();

  constructor(readonly coin: UtxoCoin) {
    this.blocks.push({ hash: coin.genesis, height: 0, time: nowSeconds() - 3600, txids: [] });
  }

  get height(): number {
    return this.blocks.length - 1;
  }
  get tip(): Block {
    return this.blocks[this.blocks.length - 1]!;
  }

  /** Mines `count` blocks; each confirms the whole mempool and pays its fees plus `reward` to `payTo`. */
  mine(count: number, payTo: Uint8Array, reward = 0n): Block[] {
    const made: Block[] = [];
    for (let n = 0; n < count; n++) {
      const height = this.height + 1;
      const time = Math.max(this.tip.time + 1, nowSeconds());
      const included = [...this.mempool];
      const fees = included.reduce((s, id) => s + this.txs.get(id)!.fee, 0n);
      const cb = new Transaction();
      cb.version = 2;
      // BIP-34: the height starts the coinbase script (which also makes every coinbase id unique).
      const heightBytes = Buffer.alloc(4);
      heightBytes.writeUInt32LE(height);
      cb.addInput(Buffer.alloc(32), MAX_SEQUENCE, MAX_SEQUENCE, Buffer.concat([Buffer.of(4), heightBytes]));
      cb.addOutput(Buffer.from(payTo), reward + fees);
      const cbid = txidOf(this.coin, cb);
      const txids = [cbid, ...included];
      const hash = Buffer.from(
        sha256d(
          Buffer.concat([
            Buffer.from(this.tip.hash, 'hex'),
            heightBytes,
            ...txids.map((t) => Buffer.from(t, 'hex')),
          ]),
        ),
      )
        .reverse()
        .toString('hex');
      this.record(cb, cbid, [], 0n, true);
      for (const id of txids) {
        const r = this.txs.get(id)!;
        r.height = height;
        r.time = time;
        for (let v = 0; v < r.tx.outs.length; v++) {
          const c = this.coins.get(key(id, v));
          if (c) c.height = height;
        }
      }
      this.mempool.clear();
      const block = { hash, height, time, txids };
      this.blocks.push(block);
      made.push(block);
    }
    return made;
  }

  /** Validates and accepts a raw transaction into the mempool; its id, or a RejectError as bitcoind answers. */
  submit(hex: string): string {
    const tx = this.decode(hex);
    const txid = txidOf(this.coin, tx);
    if (this.mempool.has(txid)) return txid; // bitcoind re-announces a transaction it already holds
    const known = this.txs.get(txid);
    if (known && known.height !== null) {
      const unspent = known.tx.outs.some((_, v) => {
        const c = this.coins.get(key(txid, v));
        return c && !c.spentBy;
      });
      if (unspent) throw new RejectError(-27, 'Transaction outputs already in utxo set');
    }
    this.checkStandard(tx);
    this.checkFinal(tx);

    // Conflicts: unconfirmed spends of the same outputs (replacement), then what is missing or already spent.
    const conflicts = new Set<string>();
    const prevouts: TxRecord['prevouts'] = [];
    const seen = new Set<string>();
    for (const input of tx.ins) {
      const prevTxid = Buffer.from(input.hash).reverse().toString('hex');
      const k = key(prevTxid, input.index);
      if (seen.has(k)) throw new RejectError(-26, 'bad-txns-inputs-duplicate');
      seen.add(k);
      const c = this.coins.get(k);
      if (!c) throw new RejectError(-25, 'bad-txns-inputs-missingorspent');
      if (c.spentBy) {
        if (this.txs.get(c.spentBy)?.height !== null)
          throw new RejectError(-25, 'bad-txns-inputs-missingorspent');
        conflicts.add(c.spentBy);
      }
      prevouts.push({
        txid: prevTxid,
        vout: input.index,
        script: c.script,
        value: c.value,
        address: c.address,
      });
    }
    const evicted = this.replaceable(conflicts);
    for (const p of prevouts)
      if (evicted.has(p.txid)) throw new RejectError(-26, 'bad-txns-spends-conflicting-tx');

    // Fees
    const valueIn = prevouts.reduce((s, p) => s + p.value, 0n);
    const valueOut = tx.outs.reduce((s, o) => s + BigInt(o.value), 0n);
    if (valueIn < valueOut)
      throw new RejectError(
        -26,
        `bad-txns-in-belowout, value in (${coins(valueIn)}) < value out (${coins(valueOut)})`,
      );
    for (const p of prevouts) {
      const c = this.coins.get(key(p.txid, p.vout))!;
      const depth = c.height === null ? 0 : this.height - c.height + 1;
      if (c.coinbase && depth < COINBASE_MATURITY)
        throw new RejectError(
          -26,
          `bad-txns-premature-spend-of-coinbase, tried to spend coinbase at depth ${depth}`,
        );
    }
    const fee = valueIn - valueOut;
    const vsize = tx.virtualSize();
    const minFee = feeFor(vsize, this.coin.minRelayFeePerKvB);
    if (fee < minFee) throw new RejectError(-26, `min relay fee not met, ${fee} < ${minFee}`);
    this.checkReplacementFees(txid, fee, vsize, conflicts, evicted);
    const maxFee = feeFor(vsize, this.coin.maxFeeRatePerKvB);
    if (this.coin.maxFeeCheck === 'mempool' && fee > maxFee)
      throw new RejectError(-26, `absurdly-high-fee, ${fee} > ${maxFee}`);

    // Signatures, input by input
    for (let i = 0; i < tx.ins.length; i++) {
      const why = verifyInput(this.coin, tx, i, prevouts);
      if (why) throw new RejectError(-26, why);
    }
    if (this.coin.maxFeeCheck === 'broadcast' && fee > maxFee)
      throw new RejectError(-25, 'Fee exceeds maximum configured by user (e.g. -maxtxfee, maxfeerate)');

    for (const id of evicted) this.evict(id);
    for (const p of prevouts) this.coins.get(key(p.txid, p.vout))!.spentBy = txid;
    this.record(tx, txid, prevouts, fee, false);
    this.mempool.add(txid);
    return txid;
  }

  private decode(hex: string): Transaction {
    const clean = hex.trim();
    let tx: Transaction;
    try {
      if (!/^([0-9a-fA-F]{2})+$/.test(clean)) throw new Error('not hex');
      tx = Transaction.fromHex(clean);
    } catch {
      throw new RejectError(-22, 'TX decode failed. Make sure the tx has at least one input.');
    }
    // A node without segregated witness cannot read the witness serialisation at all.
    if (!this.coin.bech32 && tx.hasWitnesses())
      throw new RejectError(-22, 'TX decode failed. Make sure the tx has at least one input.');
    if (!tx.ins.length) throw new RejectError(-26, 'bad-txns-vin-empty');
    if (!tx.outs.length) throw new RejectError(-26, 'bad-txns-vout-empty');
    if (tx.isCoinbase()) throw new RejectError(-26, 'coinbase');
    return tx;
  }

  /** IsStandardTx: version, output scripts, dust. */
  private checkStandard(tx: Transaction): void {
    const maxVersion = this.coin.taproot ? 3 : 2;
    if (tx.version < 1 || tx.version > maxVersion) throw new RejectError(-26, 'version');
    for (const o of tx.outs) {
      const s = Uint8Array.from(o.script);
      const kind = scriptKind(s);
      if (s[0] === 0x6a) continue; // OP_RETURN data carrier: never dust
      const segwitKind = kind === 'p2wpkh' || kind === 'p2wsh' || kind === 'p2tr';
      if (kind === 'other' || (segwitKind && !this.coin.bech32) || (kind === 'p2tr' && !this.coin.taproot))
        throw new RejectError(-26, 'scriptpubkey');
      if (BigInt(o.value) < dustThreshold(this.coin, s)) throw new RejectError(-26, 'dust');
    }
  }

  /** IsFinalTx against the next block: a lock time still ahead with a non-final sequence is refused. */
  private checkFinal(tx: Transaction): void {
    if (tx.locktime === 0 || tx.ins.every((i) => i.sequence === MAX_SEQUENCE)) return;
    const next = this.height + 1;
    const ok = tx.locktime < LOCKTIME_THRESHOLD ? tx.locktime < next : tx.locktime < this.tip.time;
    if (!ok) throw new RejectError(-26, 'non-final');
  }

  /** The mempool transactions a replacement would evict (conflicts and their descendants), or a refusal. */
  private replaceable(conflicts: Set<string>): Set<string> {
    const evicted = new Set<string>();
    if (!conflicts.size) return evicted;
    for (const id of conflicts) {
      const signals = this.txs.get(id)!.tx.ins.some((i) => i.sequence < RBF_SEQUENCE_LIMIT);
      if (this.coin.rbf === 'none' || (this.coin.rbf === 'optin' && !signals))
        throw new RejectError(-26, 'txn-mempool-conflict');
    }
    const stack = [...conflicts];
    while (stack.length) {
      const id = stack.pop()!;
      if (evicted.has(id)) continue;
      evicted.add(id);
      const r = this.txs.get(id)!;
      for (let v = 0; v < r.tx.outs.length; v++) {
        const child = this.coins.get(key(id, v))?.spentBy;
        if (child) stack.push(child);
      }
    }
    return evicted;
  }

  /** BIP-125 rules 3, 4 and the feerate rule, with Bitcoin Core's texts. */
  private checkReplacementFees(
    txid: string,
    fee: bigint,
    vsize: number,
    conflicts: Set<string>,
    evicted: Set<string>,
  ): void {
    if (!conflicts.size) return;
    for (const id of conflicts) {
      const old = this.txs.get(id)!;
      // new fee / new vsize <= old fee / old vsize
      if (fee * BigInt(old.vsize) <= old.fee * BigInt(vsize))
        throw new RejectError(
          -26,
          `insufficient fee, rejecting replacement ${txid}; new feerate ${rate(fee, vsize)} <= old feerate ${rate(old.fee, old.vsize)}`,
        );
    }
    const replacedFees = [...evicted].reduce((s, id) => s + this.txs.get(id)!.fee, 0n);
    if (fee < replacedFees)
      throw new RejectError(
        -26,
        `insufficient fee, rejecting replacement ${txid}, less fees than conflicting txs; ${coins(fee)} < ${coins(replacedFees)}`,
      );
    const extra = fee - replacedFees;
    const needed = feeFor(vsize, this.coin.incrementalRelayFeePerKvB);
    if (extra < needed)
      throw new RejectError(
        -26,
        `insufficient fee, rejecting replacement ${txid}, not enough additional fees to relay; ${coins(extra)} < ${coins(needed)}`,
      );
  }

  private evict(id: string): void {
    const r = this.txs.get(id);
    if (!r || r.height !== null) return;
    this.mempool.delete(id);
    for (const p of r.prevouts) {
      const c = this.coins.get(key(p.txid, p.vout));
      if (c?.spentBy === id) delete c.spentBy;
    }
    for (let v = 0; v < r.tx.outs.length; v++) this.coins.delete(key(id, v));
    this.txs.delete(id);
    for (const set of this.byAddress.values()) set.delete(id);
  }

  private record(
    tx: Transaction,
    txid: string,
    prevouts: TxRecord['prevouts'],
    fee: bigint,
    coinbase: boolean,
  ) {
    const addresses = new Set<string>();
    for (const p of prevouts) if (p.address) addresses.add(p.address);
    tx.outs.forEach((o, vout) => {
      const script = Uint8Array.from(o.script);
      const address = scriptToAddress(this.coin, script);
      if (address) addresses.add(address);
      this.coins.set(key(txid, vout), {
        txid,
        vout,
        script,
        value: BigInt(o.value),
        address,
        height: null,
        coinbase,
      });
    });
    for (const a of addresses) {
      let set = this.byAddress.get(a);
      if (!set) this.byAddress.set(a, (set = new Set()));
      set.add(txid);
    }
    this.txs.set(txid, {
      txid,
      hex: tx.toHex(),
      tx,
      height: null,
      time: nowSeconds(),
      fee,
      size: tx.byteLength(),
      vsize: tx.virtualSize(),
      coinbase,
      prevouts,
    });
  }

  /** Confirmations of a height (0 while unconfirmed). */
  confirmations(height: number | null): number {
    return height === null ? 0 : this.height - height + 1;
  }
}

/** Bitcoin Core's GetDustThreshold: what spending the output would cost at the dust relay fee (DOGE: a flat limit). */
export function dustThreshold(coin: UtxoCoin, script: Uint8Array): bigint {
  if (coin.flatDustLimit !== undefined) return BigInt(coin.flatDustLimit);
  const kind = scriptKind(script);
  const outputSize = 8 + 1 + script.length;
  const spendSize =
    kind === 'p2wpkh' || kind === 'p2wsh' || kind === 'p2tr'
      ? 32 + 4 + 1 + 107 / 4 + 4
      : 32 + 4 + 1 + 107 + 4;
  return BigInt(Math.floor(((outputSize + Math.floor(spendSize)) * coin.dustRelayFeePerKvB) / 1000));
}

/** CFeeRate::GetFee: the fee of `vsize` bytes at `perKvB`, rounded up, at least 1 satoshi when the rate is positive. */
export function feeFor(vsize: number, perKvB: number): bigint {
  const f = BigInt(Math.ceil((vsize * perKvB) / 1000));
  return perKvB > 0 && f === 0n ? 1n : f;
}

const coins = (sats: bigint) => {
  const neg = sats < 0n;
  const a = neg ? -sats : sats;
  return `${neg ? '-' : ''}${a / 100_000_000n}.${(a % 100_000_000n).toString().padStart(8, '0')}`;
};
const rate = (fee: bigint, vsize: number) => `${coins((fee * 1000n) / BigInt(vsize))} BTC/kvB`;
