/** Raw Blockbook API v2 shapes (kept inside the blockbook provider). Shapes: shared/reference/apis/blockbook-v2.md. */
import { z } from 'zod';

const sats = z.string().regex(/^-?\d+$/);
const BbError = z.object({ error: z.union([z.string(), z.object({ message: z.string() })]) });
export const BbStatus = z.object({
  blockbook: z.object({
    coin: z.string(),
    inSync: z.boolean().optional(),
    bestHeight: z.number().optional(),
  }),
  backend: z.object({ chain: z.string().optional(), blocks: z.number().optional() }),
});
export const BbToken = z.object({
  type: z.string().optional(),
  name: z.string(),
  path: z.string().optional(),
  transfers: z.number().optional(),
  decimals: z.number().optional(),
  balance: sats.optional(),
});
const BbVin = z.object({
  txid: z.string().optional(),
  vout: z.number().optional(),
  sequence: z.number().optional(),
  n: z.number(),
  addresses: z.array(z.string()).optional(),
  isAddress: z.boolean().optional(),
  isOwn: z.boolean().optional(),
  value: sats.optional(),
  coinbase: z.string().optional(),
});
const BbVout = z.object({
  value: sats.optional(),
  n: z.number(),
  spent: z.boolean().optional(),
  hex: z.string().optional(),
  addresses: z.array(z.string()).optional(),
  isAddress: z.boolean().optional(),
  isOwn: z.boolean().optional(),
});
export const BbTx = z.object({
  txid: z.string(),
  vin: z.array(BbVin),
  vout: z.array(BbVout),
  blockHash: z.string().optional(),
  blockHeight: z.number(),
  confirmations: z.number().optional(),
  blockTime: z.number().optional(),
  size: z.number().optional(),
  vsize: z.number().optional(),
  value: sats.optional(),
  valueIn: sats.optional(),
  fees: sats.optional(),
  hex: z.string().optional(),
  rbf: z.boolean().optional(),
});
export type BbTx = z.infer<typeof BbTx>;
export const BbAddress = z.object({
  page: z.number().optional(),
  totalPages: z.number().optional(),
  itemsOnPage: z.number().optional(),
  address: z.string(),
  balance: sats,
  totalReceived: sats.optional(),
  totalSent: sats.optional(),
  unconfirmedBalance: sats.optional(),
  unconfirmedTxs: z.number().optional(),
  txs: z.number().optional(),
  txids: z.array(z.string()).optional(),
  transactions: z.array(BbTx).optional(),
  usedTokens: z.number().optional(),
  tokens: z.array(BbToken).optional(),
});
export const BbUtxos = z.array(
  z.object({
    txid: z.string(),
    vout: z.number(),
    value: sats,
    height: z.number().optional(),
    confirmations: z.number(),
    address: z.string().optional(),
    path: z.string().optional(),
    coinbase: z.boolean().optional(),
  }),
);
export const BbResult = z.object({ result: z.string() });

export const errorText = (data: unknown): string => {
  const r = BbError.safeParse(data);
  if (!r.success) return '';
  return typeof r.data.error === 'string' ? r.data.error : r.data.error.message;
};
