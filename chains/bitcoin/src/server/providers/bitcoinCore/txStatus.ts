/**
 * Transactions by id: `getrawtransaction` (needs -txindex for confirmed transactions outside the wallets), with the
 * previous outputs of the inputs for their values, addresses and the fee.
 */
import { ProviderError, validate } from '@secux-companion/server-kit/failover';
import type { TxDetails } from '@secux-companion/server-kit/types';
import type { CoreContext } from './context.js';
import { batch, checkChain } from './rpc.js';
import { RawTxVerbose, SATS } from './schemas.js';
import { addrOf, inputsOf, isRbf, prevouts } from './txs.js';

type Inputs = ReturnType<typeof inputsOf>;

/** The fee, when every input's value is known (never for a coinbase transaction). */
function feeOf(inputs: Inputs, outSum: bigint): bigint | undefined {
  const known =
    inputs.every((i) => 'value' in i && i.value !== undefined) && !inputs.some((i) => 'coinbase' in i);
  return known
    ? inputs.reduce((s, i) => s + BigInt(('value' in i && i.value) || '0'), 0n) - outSum
    : undefined;
}

export async function getTx(ctx: CoreContext, txid: string, signal: AbortSignal): Promise<TxDetails> {
  await checkChain(ctx, signal);
  const [raw, tip] = await batch(
    ctx,
    [
      { method: 'getrawtransaction', params: [txid, true] },
      { method: 'getblockcount', params: [] },
    ],
    signal,
  );
  if (raw instanceof ProviderError) throw raw;
  if (tip instanceof ProviderError) throw tip;
  const tx = validate(RawTxVerbose, raw, 'getrawtransaction');
  const conf = tx.confirmations ?? 0;
  const prev = await prevouts(
    ctx,
    tx.vin.filter((i) => i.txid && !i.coinbase).map((i) => i.txid!),
    undefined,
    signal,
  );
  const inputs = inputsOf(tx, prev);
  const outSum = tx.vout.reduce((s, v) => s + BigInt(SATS(v.value)), 0n);
  const fee = feeOf(inputs, outSum);
  return {
    txid: tx.txid,
    blockHeight: conf > 0 ? (tip as number) - conf + 1 : null,
    ...(tx.blockhash ? { blockHash: tx.blockhash } : {}),
    confirmations: conf,
    time: tx.blocktime ? tx.blocktime * 1000 : tx.time ? tx.time * 1000 : null,
    ...(tx.vsize !== undefined ? { vsize: tx.vsize } : {}),
    ...(tx.size !== undefined ? { size: tx.size } : {}),
    ...(fee !== undefined ? { fee: fee.toString() } : {}),
    value: outSum.toString(),
    rbf: isRbf(tx),
    hex: tx.hex,
    inputs,
    outputs: tx.vout.map((v) => {
      const address = addrOf(v.scriptPubKey);
      return {
        n: v.n,
        ...(address ? { address } : {}),
        value: SATS(v.value),
        ...(v.scriptPubKey.hex ? { script: v.scriptPubKey.hex } : {}),
      };
    }),
  };
}
