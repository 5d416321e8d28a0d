/**
 * Blockbook API v2 on an EVM chain (Trezor's BSC hosts bsc1/bsc2.trezor.io: keyless BSC history and tokens,
 * mainnet-behaviour.md §1 and §3.6). One address call per answer, with `details`:
 *
 * - history: `/api/v2/address/{a}?details=txs&page=P&pageSize=N`, newest first; each transaction has exactly one
 *   vin and one vout (sender, receiver), `ethereumSpecific` (status 1 ok / 0 failed / -1 pending, nonce, gasUsed,
 *   gasPrice) and `tokenTransfers` (ERC-20 with `value`, ERC-721/1155 with ids). Blockbook pages by number up to
 *   100 000 transactions deep (`page × pageSize`), so the cursor stops there;
 * - token discovery and NFTs: `details=tokenBalances`: `tokens[]` of `{type|standard, contract, name, symbol,
 *   decimals, balance}` (the balances themselves are read from the RPCs), ERC-721 with `ids[]`, ERC-1155 with `multiTokenValues[]` (`{id, value}`). BSC's Blockbook may name the
 *   standards BEP20/BEP721/BEP1155: both spellings are read.
 *
 * Shapes: shared/reference/apis/blockbook-v2.md. Errors are HTTP 400 `{"error": …}`; rate limiting 429 with
 * Retry-After (REST: by default 20 requests a minute per IP, so the RPCs answer everything else).
 */
import { getAddress } from 'viem';
import { z } from 'zod';
import type { EvmProvider, HistoryQuery, NftHolding } from '../backend.js';
import { mergeEvmHistory, type EvmTokenTransferLike, type EvmTxLike } from '../ops.js';
import {
  ProviderError,
  decodeCursor,
  encodeCursor,
  getJson,
  type FetchFn,
} from '@secux-companion/server-kit/failover';
import { asciiOnly } from './evmRpc.js';

const num = z.string().regex(/^\d+$/);
const Standard = z.string().optional();
const TokenTransfer = z.object({
  type: Standard,
  standard: Standard,
  from: z.string(),
  to: z.string(),
  contract: z.string().optional(),
  token: z.string().optional(),
  name: z.string().optional(),
  symbol: z.string().optional(),
  decimals: z.number().int().min(0).max(255).optional(),
  value: num.optional(),
});
const Tx = z.object({
  txid: z.string(),
  blockHeight: z.number().int(),
  blockTime: z.number().int().nonnegative(),
  value: num.optional(),
  vin: z.array(z.object({ addresses: z.array(z.string()).optional() })),
  vout: z.array(z.object({ addresses: z.array(z.string()).optional() })),
  tokenTransfers: z.array(TokenTransfer).optional(),
  ethereumSpecific: z
    .object({
      status: z.number().int(),
      nonce: z.number().int().nonnegative().optional(),
      gasUsed: z.union([num, z.number().int().nonnegative()]).optional(),
      gasPrice: num.optional(),
    })
    .optional(),
});
const Token = z.object({
  type: Standard,
  standard: Standard,
  contract: z.string().optional(),
  name: z.string().optional(),
  symbol: z.string().optional(),
  decimals: z.number().int().min(0).max(255).optional(),
  balance: num.optional(),
  ids: z.array(num).optional(),
  multiTokenValues: z.array(z.object({ id: num, value: num })).optional(),
});
const Address = z.object({
  page: z.number().int().optional(),
  totalPages: z.number().int().optional(),
  transactions: z.array(Tx).optional(),
  tokens: z.array(Token).optional(),
});
const BbError = z.object({ error: z.union([z.string(), z.object({ message: z.string() })]) });

/** Blockbook's paging limit: `page × pageSize` ≤ 100 000 (deeper pages are clamped to the last one). */
const MAX_PAGING_OFFSET = 100_000;

export interface BlockbookEvmOptions {
  name: string;
  /** Base URL (`https://bsc1.trezor.io`): `/api/v2/…` is appended. */
  url: string;
  fetch: FetchFn;
  timeoutMs: number;
}

const standardOf = (t: { type?: string | undefined; standard?: string | undefined }) =>
  (t.standard ?? t.type ?? '').toUpperCase().replace(/^BEP/, 'ERC');

export function createBlockbookEvm(o: BlockbookEvmOptions): EvmProvider {
  const base = o.url.replace(/\/+$/, '');

  async function address(a: string, params: Record<string, string>, signal: AbortSignal) {
    const q = new URLSearchParams(params);
    try {
      return await getJson(
        o.fetch,
        `${base}/api/v2/address/${encodeURIComponent(a)}?${q}`,
        Address,
        'address',
        {
          signal,
        },
      );
    } catch (e) {
      // Blockbook answers its own refusals as 400 {"error": …}: a bad address is the client's, anything else ours
      if (e instanceof ProviderError && e.kind === 'badRequest') {
        const body = /\{.*\}/s.exec(e.message)?.[0];
        let text = e.message;
        try {
          const b = BbError.safeParse(JSON.parse(body ?? ''));
          if (b.success) text = typeof b.data.error === 'string' ? b.data.error : b.data.error.message;
        } catch {
          /* not JSON */
        }
        if (/invalid address|checksum/i.test(text)) throw new ProviderError('badRequest', text);
        throw new ProviderError('server', `blockbook: ${text}`);
      }
      throw e;
    }
  }

  async function tokensOf(a: string, signal: AbortSignal) {
    return (await address(a, { details: 'tokenBalances' }, signal)).tokens ?? [];
  }

  const erc20 = (t: z.infer<typeof Token>) => standardOf(t) === 'ERC20' && !!t.contract;

  return {
    name: o.name,
    kind: 'blockbook',
    timeoutMs: o.timeoutMs,
    cursorKind: 'blockbook',

    async getHistory(a: string, q: HistoryQuery, signal: AbortSignal) {
      const c = decodeCursor(q.cursor);
      if (c && c.k !== 'blockbook')
        throw new ProviderError('unsupported', 'cursor belongs to another provider kind');
      const page = c && typeof c.p === 'number' && c.p >= 1 ? Math.floor(c.p) : 1;
      const r = await address(
        a,
        { details: 'txs', page: String(page), pageSize: String(q.pageSize) },
        signal,
      );
      const txs: EvmTxLike[] = [];
      const transfers: EvmTokenTransferLike[] = [];
      for (const t of r.transactions ?? []) {
        const pending = t.blockHeight < 0 || t.ethereumSpecific?.status === -1;
        const e = t.ethereumSpecific;
        const common = {
          hash: t.txid,
          blockNumber: pending ? null : t.blockHeight,
          timeStamp: t.blockTime,
          ...(e?.nonce !== undefined ? { nonce: e.nonce } : {}),
          ...(e?.gasUsed !== undefined ? { gasUsed: String(e.gasUsed) } : {}),
          ...(e?.gasPrice !== undefined ? { gasPrice: e.gasPrice } : {}),
        };
        const from = t.vin[0]?.addresses?.[0] ?? '';
        txs.push({
          ...common,
          from,
          to: t.vout[0]?.addresses?.[0] ?? '',
          value: t.value ?? '0',
          isError: e?.status === 0,
        });
        for (const x of t.tokenTransfers ?? []) {
          const contract = x.contract ?? x.token;
          // NFT transfers carry ids, not a fungible amount: the NFT tab lists them
          if (standardOf(x) !== 'ERC20' || !contract || x.value === undefined) continue;
          transfers.push({
            ...common,
            from: x.from,
            to: x.to,
            value: x.value,
            contract,
            symbol: asciiOnly(x.symbol ?? ''),
            name: asciiOnly(x.name ?? ''),
            decimals: x.decimals ?? 0,
          });
        }
      }
      const more = (r.totalPages ?? 1) > page && (page + 1) * q.pageSize <= MAX_PAGING_OFFSET;
      return {
        operations: mergeEvmHistory(a, txs, transfers),
        cursor: more ? encodeCursor({ k: 'blockbook', p: page + 1 }) : null,
      };
    },

    async discoverTokens(a, signal) {
      return (await tokensOf(a, signal)).filter(erc20).map((t) => t.contract!);
    },

    async getNftHoldings(a, signal): Promise<NftHolding[]> {
      const out: NftHolding[] = [];
      for (const t of await tokensOf(a, signal)) {
        if (!t.contract) continue;
        const std = standardOf(t);
        if (std === 'ERC721')
          for (const id of t.ids ?? [])
            out.push({ contract: getAddress(t.contract), tokenId: id, schemaName: 'ERC721', balance: '1' });
        else if (std === 'ERC1155')
          for (const v of t.multiTokenValues ?? [])
            if (v.value !== '0')
              out.push({
                contract: getAddress(t.contract),
                tokenId: v.id,
                schemaName: 'ERC1155',
                balance: v.value,
              });
      }
      return out;
    },
  };
}
