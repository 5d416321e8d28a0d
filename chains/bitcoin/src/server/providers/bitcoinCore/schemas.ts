/** Raw Bitcoin Core JSON-RPC answer shapes (kept inside the bitcoinCore provider). */
import { z } from 'zod';
import { coinsToSats } from '../../amounts.js';

/**
 * Coins as the node writes them: a JSON number, or its exact text when a double cannot hold it (parseLosslessJson
 * `decimals`: 1234567890.12345678 DOGE has more digits than a double keeps); coinsToSats reads both.
 */
const amount = z.union([z.number(), z.string().regex(/^-?\d{1,30}(\.\d{1,30})?$/)]);
export const RpcEnvelope = z.object({
  result: z.unknown().optional(),
  error: z.object({ code: z.number(), message: z.string() }).nullable().optional(),
  id: z.unknown().optional(),
});
export const ChainInfo = z.object({ chain: z.string(), blocks: z.number() });
export const DescInfo = z.object({ descriptor: z.string(), checksum: z.string() });
export const Scan = z.object({
  success: z.boolean(),
  unspents: z.array(
    z.object({
      txid: z.string(),
      vout: z.number(),
      scriptPubKey: z.string(),
      desc: z.string(),
      amount,
      height: z.number(),
    }),
  ),
  total_amount: amount,
});
export const ListTx = z.array(
  z.object({
    txid: z.string(),
    category: z.string(),
    address: z.string().optional(),
    confirmations: z.number(),
    blockheight: z.number().optional(),
    blocktime: z.number().optional(),
    time: z.number(),
  }),
);
export const WalletTx = z.object({
  hex: z.string(),
  confirmations: z.number(),
  blockheight: z.number().optional(),
  blockhash: z.string().optional(),
  blocktime: z.number().optional(),
  time: z.number(),
});
export const ScriptPubKey = z.object({
  hex: z.string().optional(),
  address: z.string().optional(),
  addresses: z.array(z.string()).optional(),
});
export const DecodedTx = z.object({
  txid: z.string(),
  size: z.number().optional(),
  vsize: z.number().optional(),
  vin: z.array(
    z.object({
      txid: z.string().optional(),
      vout: z.number().optional(),
      sequence: z.number().optional(),
      coinbase: z.string().optional(),
    }),
  ),
  vout: z.array(z.object({ value: amount, n: z.number(), scriptPubKey: ScriptPubKey })),
});
export const RawTxVerbose = DecodedTx.extend({
  hex: z.string(),
  blockhash: z.string().optional(),
  confirmations: z.number().optional(),
  blocktime: z.number().optional(),
  time: z.number().optional(),
});
export const Received = z.array(z.object({ address: z.string(), txids: z.array(z.string()) }));
export const AddrInfo = z.object({ ismine: z.boolean().optional(), iswatchonly: z.boolean().optional() });
export const TxOut = z
  .object({
    confirmations: z.number(),
    value: amount,
    coinbase: z.boolean().optional(),
    scriptPubKey: ScriptPubKey,
  })
  .nullable();
export const SmartFee = z.object({ feerate: z.number().optional(), errors: z.array(z.string()).optional() });
export type ScanResult = z.infer<typeof Scan>;
export type Decoded = z.infer<typeof DecodedTx>;

export const SATS = (v: number | string) => coinsToSats(v);
/** Methods the node answers only when a long job is done (UTXO scan, import with rescan, wallet load). */
export const SLOW = new Set([
  'scantxoutset',
  'importmulti',
  'importdescriptors',
  'loadwallet',
  'createwallet',
]);
