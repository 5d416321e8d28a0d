/** The explorer API's raw answer shapes (Etherscan, Blockscout). */
import { z } from 'zod';

export const num = z.string().regex(/^\d+$/);
/** A number Blockscout may leave empty (`""`, or null): missing. */
export const optNum = z
  .union([num, z.literal(''), z.null()])
  .optional()
  .transform((v) => v || undefined);
/** A name Blockscout may leave null. */
export const optText = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);
export const Envelope = z.object({
  // BlocksScan (XDC) answers `status` as a number
  status: z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined ? v : String(v))),
  message: z.string().optional(),
  result: z.unknown(),
});
/** The fields txlist and tokentx items share. */
export const TransferItem = z.object({
  blockNumber: num,
  timeStamp: num,
  hash: z.string(),
  nonce: optNum,
  from: z.string(),
  to: z.string(),
  value: num,
});
export const TxItem = TransferItem.extend({
  gasPrice: optNum,
  gasUsed: optNum,
  isError: z.string().optional(),
  txreceipt_status: z.string().optional(),
  contractAddress: z.string().optional(),
});
export const TokenTxItem = TransferItem.extend({
  contractAddress: z.string(),
  tokenName: optText,
  tokenSymbol: optText,
  tokenDecimal: z.string().regex(/^\d*$/).nullish(),
  gasPrice: optNum,
  gasUsed: optNum,
});
/** Blockscout's tokentx also lists ERC-721/1155 transfers, which carry token ids instead of a `value`. */
export const AnyTokenTxItem = TokenTxItem.extend({ value: num.optional() });
export type TokenTx = z.infer<typeof TokenTxItem>;
/** The fungible transfers of a tokentx page (an item without `value` is an NFT transfer). */
export const fungible = (list: z.infer<typeof AnyTokenTxItem>[]): TokenTx[] =>
  list.filter((t): t is TokenTx => t.value !== undefined);
/** Blockscout `tokenlist`: every token an address holds. */
export const TokenListItem = z.object({
  contractAddress: z.string(),
  type: z.string().nullish(),
  name: optText,
  symbol: optText,
  decimals: z.string().regex(/^\d*$/).nullish(),
});
/** Blockscout REST v2 `/addresses/{a}/nft`: one page of the token instances an address holds. */
export const NftPageV2 = z.object({
  items: z.array(
    z.object({
      id: num,
      token_type: z.string().nullish(),
      value: optNum,
      token: z.object({
        address_hash: z.string().optional(),
        address: z.string().optional(),
        type: z.string().nullish(),
      }),
    }),
  ),
  next_page_params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).nullish(),
});
/** NFT pages read from Blockscout (50 items each): at most 5000 token instances. */
export const NFT_V2_MAX_PAGES = 100;
export const NftTxItem = z.object({
  blockNumber: num,
  from: z.string(),
  to: z.string(),
  contractAddress: z.string(),
  tokenID: num,
  tokenValue: num.optional(),
});
export const GasOracle = z.object({
  SafeGasPrice: z.string(),
  ProposeGasPrice: z.string(),
  FastGasPrice: z.string(),
  suggestBaseFee: z.string().optional(),
});
export const ProxyEnvelope = z.object({
  result: z.unknown().optional(),
  error: z.object({ code: z.number(), message: z.string() }).optional().nullable(),
});
export const hexQty = z.string().regex(/^0x[0-9a-fA-F]+$/);
