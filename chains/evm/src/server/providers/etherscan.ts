/**
 * Etherscan-compatible explorer API (Etherscan V2 with `chainid`, V1-style hosts, Blockscout's /api):
 * account txlist / tokentx / tokenbalance / balance / tokennfttx / token1155tx, gastracker gasoracle, proxy
 * eth_getTransactionCount /
 * eth_estimateGas / eth_sendRawTransaction. Shapes: shared/reference/apis/ethereum-jsonrpc-etherscan.md.
 *
 * The `blockscout` dialect (a Blockscout instance's `/api`, keyless at about 5 requests a second per IP,
 * mainnet-behaviour.md §3.3) has no `proxy` or `gastracker` module (HTTP 400 "Unknown action"), so it serves only the
 * account module: balance, txlist + tokentx history (its tokentx also lists NFT transfers, without `value`: skipped),
 * token discovery from `tokenlist` (the tokens an address holds, in one call), tokenbalance, and NFTs from its REST
 * `/api/v2/addresses/{a}/nft` (keyset paging by `next_page_params`). Its fields may be empty strings or null where
 * Etherscan has a number or a name; those are read as missing.
 *
 * HTTP status is 200 even for errors, so the envelope decides: status "1" is success; status "0" with
 * "No transactions found"/"No records found" is an empty list; "Max rate limit reached" is a rate limit (next
 * provider); key/chain problems skip the provider; an invalid address is the client's fault.
 */
import { getAddress, keccak256, type Hex } from 'viem';
import { z } from 'zod';
import type { EvmProvider, HistoryQuery, NftHolding } from '../backend.js';
import { mergeEvmHistory, type EvmTokenTransferLike, type EvmTxLike } from '../ops.js';
import {
  ProviderError,
  decodeCursor,
  encodeCursor,
  getJson,
  validate,
  type FetchFn,
} from '@secux-companion/server-kit/failover';
import { LruMap } from '@secux-companion/server-kit/lru';
import { nftKey } from '../nfts.js';
import type { FeeInfo, TokenBalance, TokenInfo } from '@secux-companion/server-kit/types';
import { asciiOnly, evmRpcError } from './evmRpc.js';

// ---- raw API shapes (kept inside this file) ----
const num = z.string().regex(/^\d+$/);
/** A number Blockscout may leave empty (`""`, or null): missing. */
const optNum = z
  .union([num, z.literal(''), z.null()])
  .optional()
  .transform((v) => v || undefined);
/** A name Blockscout may leave null. */
const optText = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);
const Envelope = z.object({
  // BlocksScan (XDC) answers `status` as a number
  status: z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined ? v : String(v))),
  message: z.string().optional(),
  result: z.unknown(),
});
/** The fields txlist and tokentx items share. */
const TransferItem = z.object({
  blockNumber: num,
  timeStamp: num,
  hash: z.string(),
  nonce: optNum,
  from: z.string(),
  to: z.string(),
  value: num,
});
const TxItem = TransferItem.extend({
  gasPrice: optNum,
  gasUsed: optNum,
  isError: z.string().optional(),
  txreceipt_status: z.string().optional(),
  contractAddress: z.string().optional(),
});
const TokenTxItem = TransferItem.extend({
  contractAddress: z.string(),
  tokenName: optText,
  tokenSymbol: optText,
  tokenDecimal: z.string().regex(/^\d*$/).nullish(),
  gasPrice: optNum,
  gasUsed: optNum,
});
/** Blockscout's tokentx also lists ERC-721/1155 transfers, which carry token ids instead of a `value`. */
const AnyTokenTxItem = TokenTxItem.extend({ value: num.optional() });
type TokenTx = z.infer<typeof TokenTxItem>;
/** The fungible transfers of a tokentx page (an item without `value` is an NFT transfer). */
const fungible = (list: z.infer<typeof AnyTokenTxItem>[]): TokenTx[] =>
  list.filter((t): t is TokenTx => t.value !== undefined);
/** Blockscout `tokenlist`: every token an address holds. */
const TokenListItem = z.object({
  contractAddress: z.string(),
  type: z.string().nullish(),
  name: optText,
  symbol: optText,
  decimals: z.string().regex(/^\d*$/).nullish(),
});
/** Blockscout REST v2 `/addresses/{a}/nft`: one page of the token instances an address holds. */
const NftPageV2 = z.object({
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
const NFT_V2_MAX_PAGES = 100;
const NftTxItem = z.object({
  blockNumber: num,
  from: z.string(),
  to: z.string(),
  contractAddress: z.string(),
  tokenID: num,
  tokenValue: num.optional(),
});
const GasOracle = z.object({
  SafeGasPrice: z.string(),
  ProposeGasPrice: z.string(),
  FastGasPrice: z.string(),
  suggestBaseFee: z.string().optional(),
});
const ProxyEnvelope = z.object({
  result: z.unknown().optional(),
  error: z.object({ code: z.number(), message: z.string() }).optional().nullable(),
});
const hexQty = z.string().regex(/^0x[0-9a-fA-F]+$/);

export interface EtherscanOptions {
  name: string;
  /** API URL: https://api.etherscan.io/v2/api (V2, with chainId), or a V1/Blockscout …/api URL. */
  url: string;
  /** `blockscout`: a Blockscout instance's /api (account module only, REST v2 NFTs); default `etherscan`. */
  dialect?: 'etherscan' | 'blockscout';
  /** Sent as `chainid` (Etherscan V2). */
  chainId?: number;
  apiKey?: string;
  fetch: FetchFn;
  timeoutMs: number;
  /** Token holdings page size (spec: 10000). */
  tokenPageSize?: number;
  /**
   * The chain it must serve: `proxy eth_chainId` is compared on the first call, every 10 minutes and after a
   * failure (an explorer without that proxy action cannot be checked and is taken as it is).
   */
  expectChainId?: number;
}

/** gwei decimal string (possibly fractional) → wei string, extra digits truncated. */
export function gweiToWei(v: string): string {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(v.trim());
  if (!m) throw new ProviderError('malformed', `not a gwei amount: ${v}`);
  return (BigInt(m[1]!) * 10n ** 9n + BigInt((m[2] ?? '').padEnd(9, '0').slice(0, 9) || '0')).toString();
}

/** Etherscan's and Blockscout's limits are per second: a rate-limit answer pauses the explorer for a second. */
const PER_SECOND = { retryAfter: 1 } as const;

export function createEtherscan(o: EtherscanOptions): EvmProvider {
  const meta = new LruMap<string, { name: string; symbol: string; decimals: number }>(5000);
  let checkedUntil = 0;

  async function checkChain(signal: AbortSignal): Promise<void> {
    // Blockscout has no proxy module to ask: its instance is the chain's own (configuration).
    if (o.dialect === 'blockscout' || o.expectChainId === undefined || Date.now() < checkedUntil) return;
    const q = new URLSearchParams({
      ...(o.chainId !== undefined ? { chainid: String(o.chainId) } : {}),
      module: 'proxy',
      action: 'eth_chainId',
      ...(o.apiKey ? { apikey: o.apiKey } : {}),
    });
    const env = await getJson(
      o.fetch,
      `${o.url}?${q}`,
      z.union([ProxyEnvelope, Envelope]),
      'explorer chain id',
      {
        signal,
      },
    );
    const r = typeof env.result === 'string' ? env.result : '';
    if (/rate limit/i.test(r)) throw new ProviderError('rateLimited', r, PER_SECOND);
    if (/^0x[0-9a-f]{1,16}$/i.test(r) && Number(BigInt(r)) !== o.expectChainId)
      throw new ProviderError(
        'wrongChain',
        `explorer serves chain id ${Number(BigInt(r))}, expected ${o.expectChainId}`,
      );
    checkedUntil = Date.now() + 10 * 60_000;
  }

  async function call(params: Record<string, string>, signal: AbortSignal): Promise<unknown> {
    await checkChain(signal);
    const q = new URLSearchParams({
      ...(o.chainId !== undefined ? { chainid: String(o.chainId) } : {}),
      ...params,
      ...(o.apiKey ? { apikey: o.apiKey } : {}),
    });
    const env = await getJson(o.fetch, `${o.url}?${q}`, Envelope, 'explorer answer', {
      signal,
      resetUnit: 'ms',
    });
    if (env.status === '1') return env.result;
    const text = typeof env.result === 'string' ? env.result : '';
    const msg = env.message ?? '';
    // Only the explorer's own "nothing found" is an empty list; a NOTOK with [] is a failure, never "no history".
    if (/^no (transactions|records|token transfers|tokens) found/i.test(msg)) return [];
    const all = `${msg} ${text}`;
    // Etherscan: "Max rate limit reached", "Max calls per sec rate limit reached (3/sec)", "Free API access is
    // temporarily unavailable due to unusually high network activity": wait a second, ask the next explorer.
    if (/rate limit|unusually high network activity/i.test(all))
      throw new ProviderError('rateLimited', text || msg, PER_SECOND);
    // The free plan's "Free API access is not supported for this chain": an error for this explorer (never an empty
    // history), not its health: the next explorer is asked.
    if (/not supported for this chain|upgrade your api plan/i.test(all))
      throw new ProviderError('unsupported', `explorer: ${text || msg}`);
    if (/invalid api key|api key|chainid|too many invalid|query timeout|not supported/i.test(all))
      throw new ProviderError('server', `explorer: ${text || msg}`);
    if (/invalid address/i.test(all)) throw new ProviderError('badRequest', text || msg);
    if (/contract/i.test(all)) throw new ProviderError('notFound', 'Invalid Token Contract Address');
    throw new ProviderError('server', `explorer: ${text || msg || 'NOTOK'}`);
  }

  async function proxy(
    action: string,
    params: Record<string, string>,
    signal: AbortSignal,
  ): Promise<unknown> {
    await checkChain(signal);
    const q = new URLSearchParams({
      ...(o.chainId !== undefined ? { chainid: String(o.chainId) } : {}),
      module: 'proxy',
      action,
      ...params,
      ...(o.apiKey ? { apikey: o.apiKey } : {}),
    });
    const env = await getJson(
      o.fetch,
      `${o.url}?${q}`,
      z.union([ProxyEnvelope, Envelope]),
      'explorer proxy answer',
      { signal, resetUnit: 'ms' },
    );
    if ('error' in env && env.error) throw evmRpcError(action, env.error.code, env.error.message);
    // A rate-limit answer in the status/message envelope
    if ('status' in env && env.status === '0')
      throw /rate limit/i.test(String(env.result))
        ? new ProviderError('rateLimited', String(env.result), PER_SECOND)
        : new ProviderError('server', String(env.result));
    if (typeof env.result === 'string' && /rate limit/i.test(env.result))
      throw new ProviderError('rateLimited', env.result, PER_SECOND);
    return env.result;
  }

  const toTx = (t: z.infer<typeof TxItem>): EvmTxLike => ({
    hash: t.hash,
    blockNumber: Number(t.blockNumber),
    timeStamp: Number(t.timeStamp),
    from: t.from,
    to: t.to || t.contractAddress || '',
    value: t.value,
    ...(t.nonce ? { nonce: Number(t.nonce) } : {}),
    ...(t.gasUsed ? { gasUsed: t.gasUsed } : {}),
    ...(t.gasPrice ? { gasPrice: t.gasPrice } : {}),
    isError: t.isError === '1' || t.txreceipt_status === '0',
  });
  const remember = (t: TokenTx) => {
    const m = {
      name: asciiOnly(t.tokenName ?? ''),
      symbol: asciiOnly(t.tokenSymbol ?? ''),
      decimals: Number(t.tokenDecimal || '0'),
    };
    meta.set(t.contractAddress.toLowerCase(), m);
    return m;
  };
  const toTransfer = (t: TokenTx): EvmTokenTransferLike => {
    const m = remember(t);
    return {
      hash: t.hash,
      blockNumber: Number(t.blockNumber),
      timeStamp: Number(t.timeStamp),
      from: t.from,
      to: t.to,
      value: t.value,
      contract: t.contractAddress,
      symbol: m.symbol,
      name: m.name,
      decimals: m.decimals,
      ...(t.nonce ? { nonce: Number(t.nonce) } : {}),
      ...(t.gasUsed ? { gasUsed: t.gasUsed } : {}),
      ...(t.gasPrice ? { gasPrice: t.gasPrice } : {}),
    };
  };

  async function tokenBalance(address: string, contract: string, signal: AbortSignal): Promise<string> {
    return validate(
      num,
      await call(
        { module: 'account', action: 'tokenbalance', contractaddress: contract, address, tag: 'latest' },
        signal,
      ),
      'tokenbalance',
    );
  }

  const api: EvmProvider = {
    name: o.name,
    kind: 'etherscan',
    timeoutMs: o.timeoutMs,
    cursorKind: 'etherscan',
    onFailure: () => void (checkedUntil = 0),

    async getBalance(address, signal) {
      return validate(
        num,
        await call({ module: 'account', action: 'balance', address, tag: 'latest' }, signal),
        'balance',
      );
    },
    async getNonce(address, signal) {
      return BigInt(
        validate(
          hexQty,
          await proxy('eth_getTransactionCount', { address, tag: 'pending' }, signal),
          'nonce',
        ),
      ).toString();
    },
    async getSentCount(address, signal) {
      return Number(
        BigInt(
          validate(
            hexQty,
            await proxy('eth_getTransactionCount', { address, tag: 'latest' }, signal),
            'nonce',
          ),
        ),
      );
    },
    async estimateGas(tx, signal) {
      const params: Record<string, string> = {};
      if (tx.from) params.from = tx.from;
      if (tx.to) params.to = tx.to;
      if (tx.value) params.value = `0x${BigInt(tx.value).toString(16)}`;
      if (tx.data && tx.data !== '0x') params.data = tx.data;
      return BigInt(validate(hexQty, await proxy('eth_estimateGas', params, signal), 'gas')).toString();
    },
    async getFees(signal): Promise<Omit<FeeInfo, 'chain' | 'source' | 'provider'>> {
      const g = validate(
        GasOracle,
        await call({ module: 'gastracker', action: 'gasoracle' }, signal),
        'gasoracle',
      );
      const tiers = {
        high: gweiToWei(g.FastGasPrice),
        medium: gweiToWei(g.ProposeGasPrice),
        low: gweiToWei(g.SafeGasPrice),
      };
      if (!g.suggestBaseFee) return { unit: 'wei', tiers };
      const baseFee = BigInt(gweiToWei(g.suggestBaseFee));
      const tip = (total: string) => {
        const t = BigInt(total) - baseFee;
        return t > 0n ? t : 0n;
      };
      const p = { high: tip(tiers.high), medium: tip(tiers.medium), low: tip(tiers.low) };
      if (p.high === 0n && p.medium === 0n && p.low === 0n) return { unit: 'wei', tiers };
      const tier = (x: bigint) => ({
        maxFeePerGas: (2n * baseFee + x).toString(),
        maxPriorityFeePerGas: x.toString(),
      });
      return {
        unit: 'wei',
        tiers,
        eip1559: {
          baseFeePerGas: baseFee.toString(),
          tiers: { high: tier(p.high), medium: tier(p.medium), low: tier(p.low) },
        },
      };
    },
    async getTokenInfo(contract, address, signal): Promise<TokenInfo> {
      let m = meta.get(contract.toLowerCase());
      if (!m) {
        const list = validate(
          z.array(TokenTxItem),
          await call(
            {
              module: 'account',
              action: 'tokentx',
              contractaddress: contract,
              page: '1',
              offset: '1',
              sort: 'desc',
            },
            signal,
          ),
          'tokentx',
        );
        if (!list[0]) throw new ProviderError('notFound', 'Contract not exist');
        m = remember(list[0]);
      }
      return {
        type: 'ERC20',
        contract,
        ...m,
        ...(address ? { balance: await tokenBalance(address, contract, signal) } : {}),
      };
    },
    async discoverTokens(address, signal) {
      const size = o.tokenPageSize ?? 10000;
      const seen = new Map<string, string>();
      for (let page = 1; page <= 10; page++) {
        const list = validate(
          z.array(AnyTokenTxItem),
          await call(
            {
              module: 'account',
              action: 'tokentx',
              address,
              page: String(page),
              offset: String(size),
              sort: 'desc',
            },
            signal,
          ),
          'tokentx',
        );
        for (const t of fungible(list)) {
          remember(t);
          seen.set(t.contractAddress.toLowerCase(), t.contractAddress);
        }
        if (list.length < size) break; // spec: stop when a page has fewer than 10000 items
      }
      return [...seen.values()];
    },
    /**
     * NFT holdings from the transfer lists (`tokennfttx`, `token1155tx`; oldest first, first 10000 of each):
     * ERC-721 held when the last transfer of the id came to the address, ERC-1155 by the sum of the amounts.
     * An explorer without `token1155tx` (unknown action) lists ERC-721 only.
     */
    async getNftHoldings(address, signal): Promise<NftHolding[]> {
      const list = async (action: string) =>
        validate(
          z.array(NftTxItem),
          await call({ module: 'account', action, address, page: '1', offset: '10000', sort: 'asc' }, signal),
          action,
        );
      const erc721 = await list('tokennfttx');
      let erc1155: z.infer<typeof NftTxItem>[] = [];
      try {
        erc1155 = await list('token1155tx');
      } catch (e) {
        if (!(e instanceof ProviderError) || !/action/i.test(e.message)) throw e;
      }
      const me = address.toLowerCase();
      const held = new Map<string, NftHolding>();
      for (const x of erc721) {
        const k = nftKey(x.contractAddress, x.tokenID);
        if (x.to.toLowerCase() === me)
          held.set(k, {
            contract: getAddress(x.contractAddress),
            tokenId: x.tokenID,
            schemaName: 'ERC721',
            balance: '1',
          });
        else if (x.from.toLowerCase() === me) held.delete(k);
      }
      const sums = new Map<string, { c: string; id: string; n: bigint }>();
      for (const x of erc1155) {
        const k = nftKey(x.contractAddress, x.tokenID);
        const e = sums.get(k) ?? { c: x.contractAddress, id: x.tokenID, n: 0n };
        const v = BigInt(x.tokenValue ?? '0');
        if (x.to.toLowerCase() === me) e.n += v;
        if (x.from.toLowerCase() === me) e.n -= v;
        sums.set(k, e);
      }
      for (const [k, e] of sums)
        if (e.n > 0n)
          held.set(k, {
            contract: getAddress(e.c),
            tokenId: e.id,
            schemaName: 'ERC1155',
            balance: e.n.toString(),
          });
      return [...held.values()];
    },
    async getTokenBalances(address, contracts, signal): Promise<TokenBalance[]> {
      const out: TokenBalance[] = [];
      for (const c of contracts) {
        const m = meta.get(c.toLowerCase()) ?? { name: '', symbol: '', decimals: 0 };
        out.push({ type: 'ERC20', contract: c, ...m, balance: await tokenBalance(address, c, signal) });
      }
      return out;
    },
    async getHistory(address, q: HistoryQuery, signal) {
      const c = decodeCursor(q.cursor);
      if (c && c.k !== 'etherscan')
        throw new ProviderError('unsupported', 'cursor belongs to another provider kind');
      const page = c && typeof c.p === 'number' && c.p >= 1 ? Math.floor(c.p) : 1;
      const common = {
        module: 'account',
        address,
        page: String(page),
        offset: String(q.pageSize),
        sort: 'desc',
        startblock: '0',
        endblock: '99999999',
      };
      const [txs, tokens] = await Promise.all([
        call({ ...common, action: 'txlist' }, signal).then((r) => validate(z.array(TxItem), r, 'txlist')),
        call({ ...common, action: 'tokentx' }, signal).then((r) =>
          validate(z.array(AnyTokenTxItem), r, 'tokentx'),
        ),
      ]);
      const operations = mergeEvmHistory(address, txs.map(toTx), fungible(tokens).map(toTransfer));
      const more = txs.length >= q.pageSize || tokens.length >= q.pageSize;
      return {
        operations,
        cursor: more && page * q.pageSize < 10000 ? encodeCursor({ k: 'etherscan', p: page + 1 }) : null,
      };
    },
    async broadcast(raw, signal) {
      try {
        return validate(
          z.string().regex(/^0x[0-9a-fA-F]{64}$/),
          await proxy('eth_sendRawTransaction', { hex: raw }, signal),
          'tx hash',
        );
      } catch (e) {
        if (
          e instanceof ProviderError &&
          e.kind === 'rejected' &&
          /already known|known transaction/i.test(e.message)
        )
          return keccak256(raw as Hex);
        throw e;
      }
    },
  };
  if (o.dialect !== 'blockscout') return api;

  /** The ERC-20 tokens the address holds (`tokenlist`), their names kept for the balance lookups. */
  async function blockscoutTokens(address: string, signal: AbortSignal): Promise<string[]> {
    const list = validate(
      z.array(TokenListItem),
      await call({ module: 'account', action: 'tokenlist', address }, signal),
      'tokenlist',
    );
    return list
      .filter((t) => t.type === 'ERC-20')
      .map((t) => {
        meta.set(t.contractAddress.toLowerCase(), {
          name: asciiOnly(t.name ?? ''),
          symbol: asciiOnly(t.symbol ?? ''),
          decimals: Number(t.decimals || '0'),
        });
        return t.contractAddress;
      });
  }

  /** The ERC-721 / ERC-1155 token instances the address holds (REST v2, every page up to the cap). */
  async function blockscoutNfts(address: string, signal: AbortSignal): Promise<NftHolding[]> {
    const base = `${o.url.replace(/\/+$/, '')}/v2/addresses/${encodeURIComponent(address)}/nft`;
    const held = new Map<string, NftHolding>();
    let next: Record<string, string> = { type: 'ERC-721,ERC-1155' };
    for (let page = 0; page < NFT_V2_MAX_PAGES; page++) {
      const q = new URLSearchParams({ ...next, ...(o.apiKey ? { apikey: o.apiKey } : {}) });
      const r = await getJson(o.fetch, `${base}?${q}`, NftPageV2, 'nft list', { signal, resetUnit: 'ms' });
      for (const x of r.items) {
        const type = x.token_type ?? x.token.type;
        const contract = x.token.address_hash ?? x.token.address;
        if (!contract || (type !== 'ERC-721' && type !== 'ERC-1155')) continue;
        const erc721 = type === 'ERC-721';
        if (!erc721 && (!x.value || x.value === '0')) continue;
        held.set(nftKey(contract, x.id), {
          contract: getAddress(contract),
          tokenId: x.id,
          schemaName: erc721 ? 'ERC721' : 'ERC1155',
          balance: erc721 ? '1' : x.value!,
        });
      }
      if (!r.next_page_params) break;
      next = {
        type: 'ERC-721,ERC-1155',
        ...Object.fromEntries(
          Object.entries(r.next_page_params).map(([k, v]) => [k, v === null ? '' : String(v)]),
        ),
      };
    }
    return [...held.values()];
  }

  // Blockscout has no proxy or gastracker module, and its tokens and NFTs come from its own actions.
  const {
    getNonce: _getNonce,
    getSentCount: _getSentCount,
    estimateGas: _estimateGas,
    getFees: _getFees,
    getTokenInfo: _getTokenInfo,
    broadcast: _broadcast,
    discoverTokens: _discoverTokens,
    getNftHoldings: _getNftHoldings,
    ...accountModule
  } = api;
  return { ...accountModule, discoverTokens: blockscoutTokens, getNftHoldings: blockscoutNfts };
}
