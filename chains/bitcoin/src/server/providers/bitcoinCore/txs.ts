/** Reading decoded transactions: addresses of outputs, inputs with their previous outputs, RBF signalling. */
import type { z } from 'zod';
import type { CoreContext } from './context.js';
import { batch } from './rpc.js';
import { DecodedTx, SATS, WalletTx, type Decoded, type ScriptPubKey } from './schemas.js';

export const addrOf = (s: z.infer<typeof ScriptPubKey>) => s.address ?? s.addresses?.[0];

export const isRbf = (tx: Decoded) =>
  tx.vin.some((i) => !i.coinbase && i.sequence !== undefined && i.sequence < 0xfffffffe);

/** The given transactions as the wallet knows them (gettransaction + decoderawtransaction); unknown ones left out. */
async function fromWallet(ctx: CoreContext, txids: string[], wallet: string, signal: AbortSignal) {
  const out = new Map<string, Decoded>();
  const got = await batch(
    ctx,
    txids.map((t) => ({ method: 'gettransaction', params: [t, true] })),
    signal,
    wallet,
  );
  const hexes: { txid: string; hex: string }[] = [];
  got.forEach((g, i) => {
    const p = WalletTx.safeParse(g);
    if (p.success) hexes.push({ txid: txids[i]!, hex: p.data.hex });
  });
  const decoded = await batch(
    ctx,
    hexes.map((h) => ({ method: 'decoderawtransaction', params: [h.hex] })),
    signal,
  );
  decoded.forEach((d, i) => {
    const p = DecodedTx.safeParse(d);
    if (p.success) out.set(hexes[i]!.txid, p.data);
  });
  return out;
}

/** Previous outputs (value + address) of the given inputs: wallet first, then getrawtransaction (txindex). */
export async function prevouts(
  ctx: CoreContext,
  txids: string[],
  wallet: string | undefined,
  signal: AbortSignal,
) {
  const unique = [...new Set(txids)];
  const out =
    wallet && unique.length ? await fromWallet(ctx, unique, wallet, signal) : new Map<string, Decoded>();
  const missing = unique.filter((t) => !out.has(t));
  if (missing.length) {
    const got = await batch(
      ctx,
      missing.map((t) => ({ method: 'getrawtransaction', params: [t, true] })),
      signal,
    );
    got.forEach((g, i) => {
      const p = DecodedTx.safeParse(g);
      if (p.success) out.set(missing[i]!, p.data);
    });
  }
  return out;
}

export function inputsOf(tx: Decoded, prev: Map<string, Decoded>) {
  return tx.vin.map((i) => {
    if (i.coinbase)
      return { coinbase: true as const, ...(i.sequence !== undefined ? { sequence: i.sequence } : {}) };
    const p = i.txid ? prev.get(i.txid)?.vout.find((v) => v.n === i.vout) : undefined;
    const address = p ? addrOf(p.scriptPubKey) : undefined;
    return {
      txid: i.txid!,
      vout: i.vout ?? 0,
      ...(i.sequence !== undefined ? { sequence: i.sequence } : {}),
      ...(address ? { address } : {}),
      ...(p ? { value: SATS(p.value) } : {}),
    };
  });
}
