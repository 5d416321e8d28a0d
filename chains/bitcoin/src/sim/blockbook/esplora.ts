/**
 * mempool.space's `GET /api/tx/:txid` (Esplora format, shared/reference/apis/mempool-space.md) over the local chain:
 * what the server's CPFP ancestor walk reads. Errors are electrs' plain text: 400 `Invalid hex string` for a
 * malformed id, 404 `Transaction not found` for one the chain does not hold (never seen, or replaced and gone).
 */
import type { TxRecord, UtxoChain } from '../chain.js';
import type { Answer } from './answer.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** Esplora's `scriptpubkey_type` of an output script. */
function scriptType(s: Uint8Array): string {
  const h = hex(s);
  if (/^0014[0-9a-f]{40}$/.test(h)) return 'v0_p2wpkh';
  if (/^0020[0-9a-f]{64}$/.test(h)) return 'v0_p2wsh';
  if (/^5120[0-9a-f]{64}$/.test(h)) return 'v1_p2tr';
  if (/^76a914[0-9a-f]{40}88ac$/.test(h)) return 'p2pkh';
  if (/^a914[0-9a-f]{40}87$/.test(h)) return 'p2sh';
  if (h.startsWith('6a')) return 'op_return';
  return 'unknown';
}

function output(script: Uint8Array, value: bigint, address: string | null | undefined) {
  return {
    scriptpubkey: hex(script),
    scriptpubkey_type: scriptType(script),
    ...(address ? { scriptpubkey_address: address } : {}),
    value: Number(value),
  };
}

function status(chain: UtxoChain, r: TxRecord) {
  const block = r.height === null ? undefined : chain.blocks[r.height];
  return block
    ? { confirmed: true, block_height: block.height, block_hash: block.hash, block_time: block.time }
    : { confirmed: false };
}

export function esploraTx(chain: UtxoChain, txid: string): Answer {
  if (!/^[0-9a-fA-F]{64}$/.test(txid)) return { status: 400, body: 'Invalid hex string', text: true };
  const id = txid.toLowerCase();
  const r = chain.txs.get(id);
  if (!r || (r.height === null && !chain.mempool.has(id)))
    return { status: 404, body: 'Transaction not found', text: true };
  return {
    status: 200,
    body: {
      txid: r.txid,
      version: r.tx.version,
      locktime: r.tx.locktime,
      vin: r.tx.ins.map((input, n) => {
        const p = r.prevouts[n];
        const witness = input.witness.map(hex);
        return {
          txid: r.coinbase ? '0'.repeat(64) : p!.txid,
          vout: r.coinbase ? 0xffffffff : p!.vout,
          prevout: r.coinbase ? null : output(p!.script, p!.value, p!.address),
          scriptsig: hex(input.script),
          ...(witness.length ? { witness } : {}),
          is_coinbase: r.coinbase,
          sequence: input.sequence,
        };
      }),
      vout: r.tx.outs.map((o, n) =>
        output(o.script, BigInt(o.value), chain.coins.get(`${r.txid}:${n}`)?.address),
      ),
      size: r.size,
      weight: r.tx.weight(),
      fee: r.coinbase ? 0 : Number(r.fee),
      status: status(chain, r),
    },
  };
}
