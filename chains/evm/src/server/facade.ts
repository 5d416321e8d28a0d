/**
 * The EVM family's facade: it parses the family's addresses (0x…, XDC's xdc…), picks the providers that implement a
 * call (the healthy RPCs first, then explorers, then the block scan) and runs it with failover. Nothing here invents
 * data: when every provider fails the call fails (see failover.ts).
 */
import { z } from 'zod';
import { parseInput } from '@secux-companion/server-kit/errors';
import type { BroadcastResult, ChainFacade, ChainSource } from '@secux-companion/server-kit/facade';
import {
  ChainApiError,
  cursorProviders,
  failover,
  failoverOptions,
  having,
  type Has,
  type FailoverLog,
  type FailoverOptions,
  type FailoverPolicy,
  ProviderError,
  validate,
} from '@secux-companion/server-kit/failover';
import {
  confirmationsOf,
  plausibleHeight,
  txStatusFailover,
  type TxRead,
} from '@secux-companion/server-kit/txStatus';
import { DEFAULT_HISTORY_PAGE, boolQ, cursor, hexTx, pageSize } from '@secux-companion/server-kit/params';
import type {
  AccountInfo,
  EvmCallRequest,
  FeeInfo,
  HistoryPage,
  TokenBalance,
  TokenInfo,
  TxStatus,
} from '@secux-companion/server-kit/types';
import type { EvmProvider, NftHolding, NftSchema } from './backend.js';
import { evmBounds, evmBoundsOf } from './bounds.js';
import { contractList, evmAddress } from './address.js';
import {
  NFT_COLLECTIONS_PAGE,
  NFT_PAGE,
  nftKey,
  nftLinks,
  type NftAssetEntry,
  type NftCollectionEntry,
  type NftPage,
} from './nfts.js';
import type { EvmRpcPool } from './providers/evmRpc.js';
import type { TokenListEntry } from './tokenList.js';

export interface EvmChainConfig {
  chain: string;
  chainId: number;
  pool: EvmRpcPool;
  /** Etherscan-compatible explorers, in order. */
  explorers: EvmProvider[];
  /** History/token discovery by scanning a plain node: one per RPC of the pool, in the same order as `pool.rpcs`. */
  scans?: EvmProvider[];
  /** /fees asks the explorer gas oracle before the RPCs (BSC, TBSC: spec 02 §7 "Explorer GET … gasoracle"). */
  gasOracleFirst?: boolean;
  /** When every provider failed, the message starts with this (BSC: 'bsc-dataseed server error: ', spec 02). */
  allFailedPrefix?: string;
  /**
   * The settings that would give this chain history, token discovery and NFTs (an explorer, Etherscan's key, a block
   * scan), named in the 404 `not_configured` answered when none is configured.
   */
  historySettings?: readonly string[];
  /** The operator's token list (GET …/token-list, spec 02 "bsc_token_list"); checked when read (tokenList.ts). */
  tokenList?: readonly TokenListEntry[];
  /** Timeouts, budgets, breaker (FamilyContext.policy); fee lookups use `feesBudgetMs`. */
  policy?: FailoverPolicy & { feesBudgetMs?: number };
}

/** Blocks deep an EVM transaction counts as final on a node that has no `finalized` block tag. */
export const EVM_FALLBACK_DEPTH = 12;
const HexQty = z.string().regex(/^0x[0-9a-fA-F]{1,16}$/);
const Receipt = z.object({ blockNumber: HexQty, status: HexQty }).passthrough();

/** failover.ts's codes for "every provider failed" (reachable or not). */
const ALL_FAILED_CODES = new Set(['upstream_failed', 'upstream_unavailable']);

/** Node methods `POST /chains/:chain/rpc` forwards (reads, estimates, fee data, broadcast, receipts). */
const RPC_METHODS: ReadonlySet<string> = new Set([
  'eth_chainId',
  'net_version',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_getTransactionCount',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_call',
  'eth_getCode',
  'eth_sendRawTransaction',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
]);

export class EvmFacade implements ChainFacade {
  readonly family = 'evm';
  readonly rpcMethods = RPC_METHODS;
  /** 0x-prefixed hex, as the nodes take it. */
  readonly rawTx = hexTx.transform((h) => (h.startsWith('0x') ? h : `0x${h}`));

  constructor(
    readonly cfg: EvmChainConfig,
    private readonly log?: FailoverLog,
  ) {}

  /** Failover options: the log, the policy and the answer's bounds check (the one place answers are checked). */
  private opts<T>(check?: (v: T) => void, policy = this.cfg.policy): FailoverOptions<T> {
    return failoverOptions(this.log, policy, check);
  }

  private get feesPolicy(): FailoverPolicy {
    return { ...this.cfg.policy, budgetMs: this.cfg.policy?.feesBudgetMs ?? 5_000 };
  }

  /** This chain's bounds: the native coin within its supply (bounds.ts NATIVE_MAX_WEI). */
  private get bounds(): typeof evmBounds {
    return evmBoundsOf(this.cfg.chain);
  }

  get chain(): string {
    return this.cfg.chain;
  }

  describe(source: ChainSource | undefined): Record<string, unknown> {
    // `source` tells the client whether this is the local profile's own chain (no public explorer).
    return {
      chain: this.cfg.chain,
      family: this.family,
      chainId: this.cfg.chainId,
      ...(source ? { source } : {}),
    };
  }

  private async providers(): Promise<EvmProvider[]> {
    return [...(await this.cfg.pool.ordered()), ...this.cfg.explorers, ...(await this.scans())];
  }

  /** The block scans in the pool's order: those of the healthy RPCs first (a dead RPC's scan last). */
  private async scans(): Promise<EvmProvider[]> {
    const scans = this.cfg.scans ?? [];
    if (scans.length < 2) return scans;
    const order = (await this.cfg.pool.ordered()).map((p) => p.name);
    const rank = (i: number) => {
      const at = order.indexOf(this.cfg.pool.rpcs[i]?.name ?? '');
      return at < 0 ? order.length : at;
    };
    return scans
      .map((s, i) => ({ s, r: rank(i) }))
      .sort((a, b) => a.r - b.r)
      .map((x) => x.s);
  }

  private async run<K extends keyof EvmProvider, T>(
    k: K,
    what: string,
    fn: (p: Has<EvmProvider, K>, s: AbortSignal) => Promise<T>,
    check?: (v: T) => void,
    policy?: FailoverPolicy,
  ) {
    const list = having(await this.providers(), k);
    try {
      const r = await failover(this.cfg.chain, what, list, fn, this.opts(check, policy));
      // A provider failed (not merely skipped while its breaker is open): check the RPCs again on the next call.
      if (r.failed) this.cfg.pool.invalidate();
      return r;
    } catch (e) {
      this.cfg.pool.invalidate();
      throw this.allFailed(e);
    }
  }

  /** Every provider failed: the chain's own words first when it has them (BSC's 'bsc-dataseed server error: …'). */
  private allFailed(e: unknown): unknown {
    const prefix = this.cfg.allFailedPrefix;
    if (!prefix || !(e instanceof ChainApiError) || !ALL_FAILED_CODES.has(e.code)) return e;
    const attempts = Array.isArray(e.extra.attempts)
      ? (e.extra.attempts as { provider?: string; kind?: string; status?: number }[])
      : [];
    const last = attempts[attempts.length - 1];
    const cause = last
      ? `${last.kind ?? 'failed'}${last.status ? ` ${last.status}` : ''} (${last.provider ?? '?'})`
      : e.message;
    return new ChainApiError(e.statusCode, e.code, `${prefix}${cause}`, e.extra);
  }

  /**
   * A chain served without an explorer or block scan (BSC without a paid Etherscan key, a chain whose only provider is
   * its RPC): history and token discovery are not available, said as such instead of a 503 "no provider" that the
   * web would show as a busy server.
   */
  private notConfigured(feature: 'history' | 'tokens'): ChainApiError {
    const chain = this.cfg.chain;
    const settings = this.cfg.historySettings ?? [];
    const what = feature === 'history' ? 'transaction history' : 'token discovery';
    return new ChainApiError(
      404,
      'not_configured',
      `${what} is not available on ${chain}: no explorer is configured${settings.length ? ` (settings: ${settings.join(', ')})` : ''}`,
      { chain, feature, reason: 'no_provider', settings: [...settings] },
    );
  }

  /** An address (`xdc…` taken as `0x…`); `?tokens=true` discovers the held tokens, `?contracts=` adds known ones. */
  account(id: string, query: unknown): Promise<AccountInfo> {
    const q = parseInput(z.object({ tokens: boolQ, contracts: contractList.optional() }), query, 'query');
    return this.accountOf(parseInput(evmAddress, id, 'address'), {
      discover: q.tokens ?? false,
      contracts: q.contracts ?? [],
    });
  }

  async accountOf(address: string, tokens: { discover: boolean; contracts: string[] }): Promise<AccountInfo> {
    const [balance, nonce, sent] = await Promise.all([
      this.run('getBalance', 'balance', (p, s) => p.getBalance(address, s), this.bounds.balance),
      this.run('getNonce', 'nonce', (p, s) => p.getNonce(address, s), evmBounds.nonce),
      this.run('getSentCount', 'transaction count', (p, s) => p.getSentCount(address, s), evmBounds.txCount),
    ]);
    const info: AccountInfo & { tokensError?: { code: string; error: string } } = {
      chain: this.cfg.chain,
      address,
      balance: balance.value,
      unconfirmedBalance: '0',
      txCount: sent.value,
      nonce: nonce.value,
      provider: balance.provider,
    };
    if (tokens.discover || tokens.contracts.length) {
      try {
        info.tokens = await this.tokenBalances(address, tokens);
      } catch (e) {
        // Token failures never hide the coin balance; the client keeps its last known token list.
        if (!(e instanceof ChainApiError)) throw e;
        info.tokensError = { code: e.code, error: e.message };
      }
    }
    return info;
  }

  async tokenBalances(
    address: string,
    tokens: { discover: boolean; contracts: string[] },
  ): Promise<TokenBalance[]> {
    let contracts = tokens.contracts;
    if (tokens.discover) {
      if (!having(await this.providers(), 'discoverTokens').length) throw this.notConfigured('tokens');
      const found = (
        await this.run('discoverTokens', 'token discovery', (p, s) => p.discoverTokens(address, s))
      ).value;
      const seen = new Set(contracts.map((c) => c.toLowerCase()));
      contracts = [...contracts, ...found.filter((c) => !seen.has(c.toLowerCase()))];
    }
    if (!contracts.length) return [];
    return (
      await this.run(
        'getTokenBalances',
        'token balances',
        (p, s) => p.getTokenBalances(address, contracts, s),
        evmBounds.tokens,
      )
    ).value;
  }

  async tokenInfo(contracts: string[], address: string | undefined): Promise<TokenInfo[]> {
    return Promise.all(
      contracts.map(
        async (c) =>
          (await this.run('getTokenInfo', 'token', (p, s) => p.getTokenInfo(c, address, s), evmBounds.token))
            .value,
      ),
    );
  }

  async nonce(address: string): Promise<string> {
    return (await this.run('getNonce', 'nonce', (p, s) => p.getNonce(address, s), evmBounds.nonce)).value;
  }

  async gasLimit(tx: EvmCallRequest): Promise<string> {
    return (await this.run('estimateGas', 'gas limit', (p, s) => p.estimateGas(tx, s), evmBounds.gasLimit))
      .value;
  }

  async fees(): Promise<FeeInfo> {
    if (this.cfg.gasOracleFirst && this.cfg.explorers.length) {
      const list = having(
        [...this.cfg.explorers, ...(await this.cfg.pool.ordered()), ...(await this.scans())],
        'getFees',
      );
      const r = await failover(
        this.cfg.chain,
        'fees',
        list,
        (p, s) => p.getFees(s),
        this.opts(evmBounds.fees, this.feesPolicy),
      );
      return { chain: this.cfg.chain, ...r.value, source: 'network', provider: r.provider };
    }
    const r = await this.run('getFees', 'fees', (p, s) => p.getFees(s), evmBounds.fees, this.feesPolicy);
    return { chain: this.cfg.chain, ...r.value, source: 'network', provider: r.provider };
  }

  /** The explorer gas oracle only (FastGasPrice/ProposeGasPrice/SafeGasPrice → high/medium/low, wei). */
  async gasOracle(): Promise<FeeInfo> {
    const chain = this.cfg.chain;
    const list = having(this.cfg.explorers, 'getFees');
    if (!list.length)
      throw new ChainApiError(404, 'not_found', `no explorer gas oracle is configured for ${chain}`, {
        chain,
      });
    const r = await failover(
      chain,
      'gas oracle',
      list,
      (p, s) => p.getFees(s),
      this.opts(evmBounds.fees, this.feesPolicy),
    );
    return { chain, ...r.value, source: 'network', provider: r.provider };
  }

  history(id: string, query: unknown): Promise<HistoryPage> {
    const q = parseInput(z.object({ cursor, pageSize }), query, 'query');
    return this.historyOf(
      parseInput(evmAddress, id, 'address'),
      q.cursor ?? null,
      q.pageSize ?? DEFAULT_HISTORY_PAGE,
    );
  }

  async historyOf(address: string, cursor: string | null, pageSize: number): Promise<HistoryPage> {
    const list = [...this.cfg.explorers, ...(await this.scans())];
    if (!having(list, 'getHistory').length) throw this.notConfigured('history');
    const r = await failover(
      this.cfg.chain,
      'history',
      cursorProviders(having(list, 'getHistory'), cursor),
      (p, s) => p.getHistory(address, { cursor, pageSize }, s),
      this.opts(this.bounds.history),
    );
    return { ...r.value, provider: r.provider };
  }

  async broadcast(raw: string): Promise<BroadcastResult> {
    try {
      const r = await this.run('broadcast', 'broadcast', (p, s) => p.broadcast(raw, s));
      return { hash: r.value, provider: r.provider };
    } catch (e) {
      if (e instanceof ChainApiError && e.statusCode >= 500)
        throw new ChainApiError(e.statusCode, e.code, 'Can not broadcast at the moment', e.extra);
      throw e;
    }
  }

  /**
   * An EVM transaction is final when its receipt's block is at or below the node's `finalized` block (the beacon
   * chain's finality; BSC's fast finality), or — on a node without that tag — {@link EVM_FALLBACK_DEPTH} blocks deep.
   * Then a receipt with status 1 is confirmed and status 0 failed (reverted, out of gas). No receipt but a
   * transaction the node knows is pending (in its pool); neither is unknown.
   */
  async txStatus(id: string): Promise<TxStatus> {
    const hash = parseInput(
      z.object({
        hash: z
          .string()
          .regex(/^0x[0-9a-fA-F]{64}$/, { message: 'must be a transaction hash (0x + 64 hex)' }),
      }),
      { hash: id },
      'params',
    ).hash.toLowerCase();
    const nodes = having(await this.cfg.pool.ordered(), 'rpc');
    return txStatusFailover(this.cfg, hash, nodes, async (p, s): Promise<TxRead> => {
      const receipt = validate(
        Receipt.nullable(),
        await p.rpc('eth_getTransactionReceipt', [hash], s),
        'receipt',
      );
      if (!receipt) {
        const tx = await p.rpc('eth_getTransactionByHash', [hash], s);
        return tx ? { state: 'pending', confirmations: 0, blockHeight: null } : { state: 'unknown' };
      }
      const height = plausibleHeight(Number(BigInt(receipt.blockNumber)), 'blockNumber');
      const latest = Number(
        BigInt(validate(HexQty, await p.rpc('eth_blockNumber', [], s), 'eth_blockNumber')),
      );
      const confirmations = confirmationsOf(height, latest);
      let finalized: number | null = null;
      try {
        const b = validate(
          z.object({ number: HexQty }).nullable(),
          await p.rpc('eth_getBlockByNumber', ['finalized', false], s),
          'finalized block',
        );
        finalized = b ? Number(BigInt(b.number)) : null;
      } catch (e) {
        // A node without the tag answers invalid params / unknown block: count the depth instead.
        const noTag =
          e instanceof ProviderError &&
          (e.kind === 'badRequest' ||
            e.kind === 'unsupported' ||
            /finali[sz]ed|unknown block|invalid block/i.test(e.message));
        if (!noTag) throw e;
      }
      const final = finalized !== null ? height <= finalized : confirmations >= EVM_FALLBACK_DEPTH;
      if (!final) return { state: 'pending', confirmations, blockHeight: height };
      const ok = BigInt(receipt.status) === 1n;
      return {
        state: ok ? 'confirmed' : 'failed',
        confirmations,
        blockHeight: height,
        ...(ok ? {} : { reason: 'reverted (receipt status 0)' }),
      };
    });
  }

  async rpc(method: string, params: unknown[]): Promise<unknown> {
    return (await this.run('rpc', method, (p, s) => p.rpc(method, params, s))).value;
  }

  /**
   * NFTs held by the address: the collections (up to 300, or only `collection`) and page `page` of the NFTs
   * (50 per page; all collections or one), spec 01 §9. Metadata is read for the page only.
   */
  async nfts(address: string, q: { collection?: string; page: number }): Promise<NftPage> {
    const chain = this.cfg.chain;
    if (!having(await this.providers(), 'getNftHoldings').length)
      throw new ChainApiError(404, 'not_found', `NFT listing is not available on ${chain}`, { chain });
    const held = await this.run(
      'getNftHoldings',
      'NFTs',
      (p, s) => p.getNftHoldings(address, s),
      evmBounds.nfts,
    );
    const groups = new Map<string, { contract: string; schemaName: NftSchema; items: NftHolding[] }>();
    for (const h of held.value) {
      const k = h.contract.toLowerCase();
      const g = groups.get(k) ?? { contract: h.contract, schemaName: h.schemaName, items: [] };
      g.items.push(h);
      groups.set(k, g);
    }
    const wanted = q.collection?.toLowerCase();
    const all = [...groups.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const shown = (wanted ? all.filter(([k]) => k === wanted) : all).slice(0, NFT_COLLECTIONS_PAGE);
    const colInfo = shown.length
      ? (
          await this.run('getNftInfo', 'NFT metadata', (p, s) =>
            p.getNftInfo({ collections: shown.map(([, g]) => g), tokens: [] }, s),
          )
        ).value.collections
      : {};
    const collections: NftCollectionEntry[] = shown
      .map(([k, g]) => {
        const i = colInfo[k];
        return {
          slug: k,
          collectionName: i?.name || `${g.contract.slice(0, 6)}…${g.contract.slice(-4)}`,
          contract: g.contract,
          schemaName: g.schemaName,
          ...(i?.symbol ? { symbol: i.symbol } : {}),
          ...(i?.description ? { collectionDesc: i.description } : {}),
          count: g.items.length,
        };
      })
      // by name; collections without a name (shortened contract) last
      .sort(
        (a, b) =>
          Number(!colInfo[a.slug]?.name) - Number(!colInfo[b.slug]?.name) ||
          a.collectionName.localeCompare(b.collectionName) ||
          (a.slug < b.slug ? -1 : 1),
      );
    const items = collections.flatMap((c) =>
      [...groups.get(c.slug)!.items]
        .sort((a, b) => {
          const d = BigInt(a.tokenId) - BigInt(b.tokenId);
          return d < 0n ? -1 : d > 0n ? 1 : 0;
        })
        .map((h) => ({ h, c })),
    );
    const start = (q.page - 1) * NFT_PAGE;
    const pageItems = items.slice(start, start + NFT_PAGE);
    const tokInfo = pageItems.length
      ? (
          await this.run('getNftInfo', 'NFT metadata', (p, s) =>
            p.getNftInfo({ collections: [], tokens: pageItems.map((x) => x.h) }, s),
          )
        ).value.tokens
      : {};
    const nfts: NftAssetEntry[] = pageItems.map(({ h, c }) => {
      const t = tokInfo[nftKey(h.contract, h.tokenId)];
      return {
        contract: h.contract,
        tokenId: h.tokenId,
        schemaName: h.schemaName,
        name: t?.name || `${c.collectionName} #${h.tokenId}`,
        collectionName: c.collectionName,
        slug: c.slug,
        ...(c.collectionDesc ? { collectionDesc: c.collectionDesc } : {}),
        ...(t?.imageUrl ? { imageUrl: t.imageUrl } : {}),
        traits: t?.traits ?? [],
        balance: h.balance,
        ...nftLinks(this.cfg.chainId, h.contract, h.tokenId),
      };
    });
    return {
      chain,
      address,
      collections,
      collectionsTotal: wanted ? collections.length : all.length,
      nfts,
      page: q.page,
      pageSize: NFT_PAGE,
      total: items.length,
      hasMore: start + NFT_PAGE < items.length,
      provider: held.provider,
    };
  }
}
