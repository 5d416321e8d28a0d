/** The FIO node's answers as this provider reads them (bounded here, their meaning checked by the facade). */
import { z } from 'zod';

export const Int = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
export const Suf = z.union([Int, z.string().regex(/^\d{1,20}$/)]).transform((v) => BigInt(v));
export const Balance = z.object({
  balance: Suf,
  available: Suf,
  staked: Suf,
  srps: Suf,
  roe: z.union([z.string(), z.number()]),
});
export const Locks = z.object({
  lock_amount: Suf,
  remaining_lock_amount: Suf.optional(),
  time_stamp: Int.optional(),
  unlock_periods: z
    .array(z.object({ duration: Int, amount: Suf }))
    .max(400)
    .optional(),
});
/** A request list entry; content and strings bounded here, their meaning checked by the facade (bounds.ts). */
export const Requests = z.object({
  requests: z
    .array(
      z.object({
        fio_request_id: Int,
        payer_fio_address: z.string().max(64),
        payee_fio_address: z.string().max(64),
        payer_fio_public_key: z.string().max(64),
        payee_fio_public_key: z.string().max(64),
        content: z.string().max(4000),
        time_stamp: z.string().max(40),
        status: z.string().max(40),
      }),
    )
    .max(100),
});
export const AccountName = z.string().regex(/^[a-z1-5.]{0,13}$/);
export const Voters = z.object({
  rows: z
    .array(
      z.object({
        owner: AccountName,
        proxy: AccountName,
        producers: z.array(AccountName).max(100),
        is_proxy: z.union([z.number(), z.boolean()]),
        is_auto_proxy: z.union([z.number(), z.boolean()]),
        fioaddress: z.string().max(64),
      }),
    )
    .max(10),
});
export const Fee = z.object({ fee: Suf });
export const Info = z.object({
  chain_id: z.string().regex(/^[0-9a-f]{64}$/),
  head_block_num: Int,
  last_irreversible_block_num: Int,
});
export const Block = z.object({
  block_num: Int,
  id: z.string().regex(/^[0-9a-f]{64}$/),
  timestamp: z.string().min(10).max(40),
});
export const RawAbi = z.object({ account_name: z.string(), abi: z.string().max(200_000) });
export const Domains = z.object({
  fio_domains: z
    .array(z.object({ fio_domain: z.string().max(64), expiration: z.string().max(40), is_public: Int }))
    .max(1000),
});
export const Addresses = z.object({
  fio_addresses: z
    .array(
      z.object({
        fio_address: z.string().max(64),
        expiration: z.string().max(40),
        remaining_bundled_tx: Int,
      }),
    )
    .max(1000),
});
export const Avail = z.object({ is_registered: z.union([z.literal(0), z.literal(1)]) });
export const PubAddress = z.object({
  chain_code: z.string().max(10),
  token_code: z.string().max(10),
  public_address: z.string().max(128),
});
export const PubAddresses = z.object({ public_addresses: z.array(PubAddress).max(200) });
export const PubOne = z.object({ public_address: z.string().max(128) });
export const Actions = z.object({
  actions: z.array(z.unknown()).max(1000),
  time_limit_exceeded_error: z.boolean().optional(),
});
export const Pushed = z.object({ transaction_id: z.string().regex(/^[0-9a-f]{64}$/) });
export const HistoryTx = z.object({
  id: z.string().regex(/^[0-9a-fA-F]{64}$/),
  block_num: z
    .number()
    .int()
    .positive()
    .max(2 ** 32),
});
