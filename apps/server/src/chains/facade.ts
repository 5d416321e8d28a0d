/**
 * One facade per chain family: it picks the providers that implement a call and runs it with failover.
 * Nothing here invents data: when every provider fails the call fails (see failover.ts); only the fee lookup has a
 * spec'd fallback (preset / 200-120-60 tiers), flagged `source: 'fallback'`.
 */
import type { EvmProvider, FeeProvider, UtxoProvider, UtxoSubject, XpubQuery } from './backends.js';
import { ChainApiError, ProviderError, failover, type FailoverLog, type Provider } from './failover.js';
import {
  NFT_COLLECTIONS_PAGE,
  NFT_PAGE,
  nftKey,
  nftLinks,
  type NftAssetEntry,
  type NftCollectionEntry,
  type NftHolding,
  type NftPage,
  type NftSchema,
} from './nfts.js';
import type { EvmRpcPool } from './providers/evmRpc.js';
import type {
  AccountInfo,
  EvmCallRequest,
  FeeInfo,
  FeeTiers,
  HistoryPage,
  TokenBalance,
  TokenInfo,
  TxDetails,
  Utxo,
} from './types.js';
import type { UtxoNetwork } from './xpub.js';

type Has<P, K extends keyof P> = P & Required<Pick<P, K>>;
const having = <P extends Provider, K extends keyof P>(list: readonly P[], k: K): Has<P, K>[] =>
  list.filter((p): p is Has<P, K> => typeof p[k] === 'function');

export interface UtxoChainConfig {
  family: 'utxo';
  chain: string;
  network: UtxoNetwork;
  coinType: number;
  /** 'network': ask the fee providers (BTC); 'preset': the spec's fixed tiers (LTC, BCH, …). */
  feeSource: 'network' | 'preset';
  /** Preset tiers, or the fallback tiers when every network source failed. */
  feeTiers: FeeTiers<number>;
  providers: UtxoProvider[];
  feeProviders: FeeProvider[];
}

export interface EvmChainConfig {
  family: 'evm';
  chain: string;
  chainId: number;
  pool: EvmRpcPool;
  /** Etherscan-compatible explorers, in order. */
  explorers: EvmProvider[];
  /** History/token discovery by scanning a plain node. */
  scan?: EvmProvider;
  /** /fees asks the explorer gas oracle before the RPCs (BSC, TBSC: spec 02 §7 "Explorer GET … gasoracle"). */
  gasOracleFirst?: boolean;
}

export type ChainConfig = UtxoChainConfig | EvmChainConfig;

export class UtxoFacade {
  constructor(
    readonly cfg: UtxoChainConfig,
    private readonly log?: FailoverLog,
  ) {}

  private run<K extends keyof UtxoProvider, T>(
    k: K,
    what: string,
    fn: (p: Has<UtxoProvider, K>, s: AbortSignal) => Promise<T>,
  ) {
    return failover(this.cfg.chain, what, having(this.cfg.providers, k), fn, this.log);
  }

  async account(q: XpubQuery): Promise<AccountInfo> {
    return (await this.run('getAccount', 'balance', (p, s) => p.getAccount(q, this.cfg.chain, s))).value;
  }

  async utxos(subject: UtxoSubject, confirmedOnly: boolean): Promise<Utxo[]> {
    return (await this.run('getUtxos', 'unspent outputs', (p, s) => p.getUtxos(subject, confirmedOnly, s)))
      .value;
  }

  async history(subject: UtxoSubject, cursor: string | null, pageSize: number): Promise<HistoryPage> {
    const r = await this.run('getHistory', 'history', (p, s) =>
      p.getHistory(subject, { cursor, pageSize }, s),
    );
    return { ...r.value, provider: r.provider };
  }

  async tx(txid: string): Promise<TxDetails> {
    return (await this.run('getTx', 'transaction', (p, s) => p.getTx(txid, s))).value;
  }

  async rawTx(txid: string): Promise<string> {
    try {
      return (await this.run('getRawTx', 'raw transaction', (p, s) => p.getRawTx(txid, s))).value;
    } catch (e) {
      if (e instanceof ChainApiError && e.statusCode >= 500)
        throw new ChainApiError(e.statusCode, e.code, 'Can not fetch transaction data', e.extra);
      throw e;
    }
  }

  async broadcast(hex: string): Promise<{ hash: string; provider: string }> {
    const r = await this.run('broadcast', 'broadcast', (p, s) => p.broadcast(hex, s));
    return { hash: r.value, provider: r.provider };
  }

  async fees(): Promise<FeeInfo> {
    const base = { chain: this.cfg.chain, unit: 'sat/vB' as const };
    if (this.cfg.feeSource === 'preset') return { ...base, tiers: this.cfg.feeTiers, source: 'preset' };
    const sources: (Provider & { tiers(s: AbortSignal): Promise<FeeTiers<number>> })[] = [
      ...this.cfg.feeProviders.map((p) => ({
        name: p.name,
        timeoutMs: p.timeoutMs,
        tiers: (s: AbortSignal) => p.recommendedFees(s),
      })),
      ...having(this.cfg.providers, 'estimateFees').map((p) => ({
        name: p.name,
        timeoutMs: p.timeoutMs,
        tiers: (s: AbortSignal) => p.estimateFees(s),
      })),
    ];
    try {
      const r = await failover(this.cfg.chain, 'fees', sources, (p, s) => p.tiers(s), this.log);
      return { ...base, tiers: r.value, source: 'network', provider: r.provider };
    } catch (e) {
      if (!(e instanceof ChainApiError)) throw e;
      // Spec 02 §7: when the fee service fails, high 200, medium 120, low 60.
      return { ...base, tiers: this.cfg.feeTiers, source: 'fallback' };
    }
  }

  async rpc(method: string, params: unknown[]): Promise<unknown> {
    return (await this.run('rpc', method, (p, s) => p.rpc(method, params, s))).value;
  }
}

export class EvmFacade {
  constructor(
    readonly cfg: EvmChainConfig,
    private readonly log?: FailoverLog,
  ) {}

  private async providers(): Promise<EvmProvider[]> {
    return [
      ...(await this.cfg.pool.ordered()),
      ...this.cfg.explorers,
      ...(this.cfg.scan ? [this.cfg.scan] : []),
    ];
  }

  private async run<K extends keyof EvmProvider, T>(
    k: K,
    what: string,
    fn: (p: Has<EvmProvider, K>, s: AbortSignal) => Promise<T>,
  ) {
    const list = having(await this.providers(), k);
    try {
      const r = await failover(this.cfg.chain, what, list, fn, this.log);
      // The main RPC failed: check the RPCs again on the next call.
      if (r.attempts.length) this.cfg.pool.invalidate();
      return r;
    } catch (e) {
      this.cfg.pool.invalidate();
      throw e;
    }
  }

  async account(address: string, tokens: { discover: boolean; contracts: string[] }): Promise<AccountInfo> {
    const [balance, nonce, sent] = await Promise.all([
      this.run('getBalance', 'balance', (p, s) => p.getBalance(address, s)),
      this.run('getNonce', 'nonce', (p, s) => p.getNonce(address, s)),
      this.run('getSentCount', 'transaction count', (p, s) => p.getSentCount(address, s)),
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
      const found = (
        await this.run('discoverTokens', 'token discovery', (p, s) => p.discoverTokens(address, s))
      ).value;
      const seen = new Set(contracts.map((c) => c.toLowerCase()));
      contracts = [...contracts, ...found.filter((c) => !seen.has(c.toLowerCase()))];
    }
    if (!contracts.length) return [];
    return (
      await this.run('getTokenBalances', 'token balances', (p, s) =>
        p.getTokenBalances(address, contracts, s),
      )
    ).value;
  }

  async tokenInfo(contracts: string[], address: string | undefined): Promise<TokenInfo[]> {
    return Promise.all(
      contracts.map(
        async (c) => (await this.run('getTokenInfo', 'token', (p, s) => p.getTokenInfo(c, address, s))).value,
      ),
    );
  }

  async nonce(address: string): Promise<string> {
    return (await this.run('getNonce', 'nonce', (p, s) => p.getNonce(address, s))).value;
  }

  async gasLimit(tx: EvmCallRequest): Promise<string> {
    return (await this.run('estimateGas', 'gas limit', (p, s) => p.estimateGas(tx, s))).value;
  }

  async fees(): Promise<FeeInfo> {
    if (this.cfg.gasOracleFirst && this.cfg.explorers.length) {
      const list = having(
        [
          ...this.cfg.explorers,
          ...(await this.cfg.pool.ordered()),
          ...(this.cfg.scan ? [this.cfg.scan] : []),
        ],
        'getFees',
      );
      const r = await failover(this.cfg.chain, 'fees', list, (p, s) => p.getFees(s), this.log);
      return { chain: this.cfg.chain, ...r.value, source: 'network', provider: r.provider };
    }
    const r = await this.run('getFees', 'fees', (p, s) => p.getFees(s));
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
    const r = await failover(chain, 'gas oracle', list, (p, s) => p.getFees(s), this.log);
    return { chain, ...r.value, source: 'network', provider: r.provider };
  }

  async history(address: string, cursor: string | null, pageSize: number): Promise<HistoryPage> {
    const list = [...this.cfg.explorers, ...(this.cfg.scan ? [this.cfg.scan] : [])];
    const r = await failover(
      this.cfg.chain,
      'history',
      having(list, 'getHistory'),
      (p, s) => p.getHistory(address, { cursor, pageSize }, s),
      this.log,
    );
    return { ...r.value, provider: r.provider };
  }

  async broadcast(raw: string): Promise<{ hash: string; provider: string }> {
    try {
      const r = await this.run('broadcast', 'broadcast', (p, s) => p.broadcast(raw, s));
      return { hash: r.value, provider: r.provider };
    } catch (e) {
      if (e instanceof ChainApiError && e.statusCode >= 500)
        throw new ChainApiError(e.statusCode, e.code, 'Can not broadcast at the moment', e.extra);
      throw e;
    }
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
    const held = await this.run('getNftHoldings', 'NFTs', (p, s) => p.getNftHoldings(address, s));
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

export type ChainFacade = UtxoFacade | EvmFacade;

export { ProviderError };
