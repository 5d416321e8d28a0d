/**
 * EvmBackend over OUR product API (/api/chains/{chain}/…; apps/server/src/chains/routes.ts). The browser
 * never calls a third-party chain service for a native chain or a registry chain: the server holds the
 * providers, keys, failover and cache. Raw answer shapes stay in this file; logic/ sees domain types only.
 *
 * Server chain ids: 'ETH', 'TETH', 'BSC', 'TBSC', 'XDC', 'HME', and 'EVM-<chainId>' for a registry chain.
 * The routes used are listed in {@link ROUTES} and in chains/evm/API.md (with what is still missing).
 */
import type { Hex } from 'viem';
import type { EvmAccountSummary, EvmBackend, EvmCallRequest, EvmSimulation } from '../logic/adapter';
import type { FeeHistoryData, GasOracleData } from '../logic/fees';
import { EVM_HISTORY_PAGE_SIZE } from '../logic/history';
import { parseHistoryPage } from '@secux-companion/chain-common/wire';
import { BROADCAST_TIMEOUT_MS, historyTimeout } from '@secux-companion/chain-common';
import type { EvmApproval, EvmApprovals } from '../logic/approvals';
import type { NftAsset } from '../logic/nft';
import { TOKEN_LIST_MAX, type TokenListEntry } from '../logic/tokenList';
import { NONCE_TIMEOUTS_MS, type NonceSource } from '../logic/nonce';
import {
  DEFAULT_TIMEOUT_MS,
  EvmNetworkError,
  arr,
  dec,
  hexData,
  int,
  malformed,
  obj,
  parseFeeHistory,
  parseReceiptStatus,
  qty,
  requestJson,
  str,
  type FetchLike,
} from './http';

/** Upper bound on NFT pages read (50 × 200 = 10 000 NFTs) so a server that always says hasMore cannot loop. */
export const NFT_MAX_PAGES = 200;

const enc = encodeURIComponent;

export const ROUTES = {
  account: (chain: string, address: string) => `/chains/${enc(chain)}/account/${enc(address)}`,
  nonce: (chain: string, address: string) => `/chains/${enc(chain)}/nonce/${enc(address)}`,
  gasLimit: (chain: string) => `/chains/${enc(chain)}/gas-limit`,
  simulate: (chain: string) => `/chains/${enc(chain)}/simulate`,
  fees: (chain: string) => `/chains/${enc(chain)}/fees`,
  tokens: (chain: string, address: string, contracts: readonly string[]) =>
    `/chains/${enc(chain)}/tokens?address=${enc(address)}&contracts=${contracts.map(enc).join(',')}`,
  history: (chain: string, address: string, cursor: string | null) =>
    `/chains/${enc(chain)}/history/${enc(address)}?pageSize=${EVM_HISTORY_PAGE_SIZE}${cursor ? `&cursor=${enc(cursor)}` : ''}`,
  broadcast: (chain: string) => `/chains/${enc(chain)}/broadcast`,
  rpc: (chain: string) => `/chains/${enc(chain)}/rpc`,
  /** The server's token list of the chain ({ code, data }; spec 02 "GET /bsc_token_list"). */
  tokenList: (chain: string) => `/chains/${enc(chain)}/token-list`,
  /** Live token approvals of an address (issue 32). */
  approvals: (chain: string, address: string) => `/chains/${enc(chain)}/approvals/${enc(address)}`,
  /** Not served yet (see API.md): NFTs held by an address. */
  nfts: (chain: string, address: string) => `/chains/${enc(chain)}/nfts/${enc(address)}`,
} as const;

/** The server chain id of a chain: the symbol, or EVM-<chainId> for a registry chain. */
export function serverChainId(symbol: string, chainId: number): string {
  return symbol === 'EVM' ? `EVM-${chainId}` : symbol;
}

export interface EvmProductApiOptions {
  /** Server chain id ('ETH', 'BSC', 'EVM-137' …). */
  chain: string;
  /** API base, default '/api'. */
  baseUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** The broadcast's timeout; default chain-common's BROADCAST_TIMEOUT_MS (the server's submit time). */
  broadcastTimeoutMs?: number;
  /** The history, token and NFT routes' timeout; default chain-common's HISTORY_TIMEOUT_MS. */
  historyTimeoutMs?: number;
}

/** Approvals read at most from one answer (the server checks at most 200 candidates). */
export const APPROVALS_MAX = 200;
const UINT256_MAX = 2n ** 256n - 1n;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** A name as the chain gave it: a string of at most 64 characters (rendered as text, never as markup). */
function shortText(v: unknown, what: string): string {
  const s = v === undefined ? '' : str(v, what);
  if (s.length > 64) throw malformed(what);
  return s;
}

/**
 * The server's approvals answer, checked for meaning: addresses, an ERC-20 allowance above 0 within uint256, the
 * supply within uint256, decimals 0–255, names of at most 64 characters, at most {@link APPROVALS_MAX} entries.
 */
export function parseApprovals(v: unknown): EvmApprovals {
  const o = obj(v, 'approvals');
  const list = arr(o.approvals, 'approvals');
  if (list.length > APPROVALS_MAX) throw malformed('approvals: too many');
  const approvals = list.map((x): EvmApproval => {
    const a = obj(x, 'approval');
    const kind = str(a.kind, 'approval kind');
    if (kind !== 'ERC20' && kind !== 'ERC721' && kind !== 'ERC1155') throw malformed('approval kind');
    const contract = str(a.contract, 'approval contract');
    const spender = str(a.spender, 'approval spender');
    if (!ADDRESS.test(contract) || !ADDRESS.test(spender)) throw malformed('approval address');
    const t = obj(a.token, 'approval token');
    const decimals = int(t.decimals, 'token decimals');
    if (decimals > 255) throw malformed('token decimals');
    const out: EvmApproval = {
      kind,
      contract,
      spender,
      token: { name: shortText(t.name, 'token name'), symbol: shortText(t.symbol, 'token symbol'), decimals },
    };
    if (a.spenderName !== undefined) out.spenderName = shortText(a.spenderName, 'spender name');
    if (kind === 'ERC20') {
      const allowance = dec(a.allowance, 'allowance');
      if (allowance <= 0n || allowance > UINT256_MAX) throw malformed('allowance');
      out.allowance = allowance;
      if (a.totalSupply !== undefined) {
        const supply = dec(a.totalSupply, 'total supply');
        if (supply < 0n || supply > UINT256_MAX) throw malformed('total supply');
        out.totalSupply = supply;
      }
    }
    return out;
  });
  return {
    approvals,
    truncated: o.truncated === true,
    fromBlock: o.fromBlock === undefined ? 0 : int(o.fromBlock, 'fromBlock'),
  };
}

/** Server NFT item (proposed shape, API.md) → NftAsset. */
export function parseServerNft(v: unknown): NftAsset {
  const o = obj(v, 'nft');
  const schema = str(o.schemaName ?? o.standard, 'schemaName')
    .replace('-', '')
    .toUpperCase();
  if (schema !== 'ERC721' && schema !== 'ERC1155')
    throw new EvmNetworkError(200, 'malformed answer: schemaName', 'malformed');
  const traits =
    o.traits === undefined
      ? []
      : arr(o.traits, 'traits').map((t) => {
          const x = obj(t, 'trait');
          return { traitType: String(x.traitType ?? x.trait_type ?? ''), value: String(x.value ?? '') };
        });
  return {
    contract: str(o.contract, 'contract'),
    tokenId: dec(o.tokenId, 'tokenId'),
    schemaName: schema,
    name: typeof o.name === 'string' ? o.name : '',
    collectionName: typeof o.collectionName === 'string' ? o.collectionName : '',
    slug: typeof o.slug === 'string' ? o.slug : '',
    ...(typeof o.collectionDesc === 'string' ? { collectionDesc: o.collectionDesc } : {}),
    ...(typeof o.imageUrl === 'string' ? { imageUrl: o.imageUrl } : {}),
    traits,
    ...(o.balance !== undefined ? { balance: dec(o.balance, 'balance') } : {}),
  };
}

/**
 * A token-list answer: `code` 0 is success (anything else is a failure), `data` the entries. Entry fields by
 * their spec names or aliases (contract | contractAddress | address, decimals | decimal, name | tokenName,
 * symbol | tokenSymbol); an entry that is not an object or lacks a contract or decimals is skipped; at most
 * {@link TOKEN_LIST_MAX} entries are read.
 */
export function parseTokenListAnswer(v: unknown): TokenListEntry[] {
  const o = obj(v, 'token list');
  if (o.code !== 0 && o.code !== '0')
    throw new EvmNetworkError(200, 'token list: code is not 0', 'malformed');
  const text = (x: unknown) => (typeof x === 'string' ? x.slice(0, 256) : '');
  const out: TokenListEntry[] = [];
  for (const item of arr(o.data, 'token list data').slice(0, TOKEN_LIST_MAX)) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) continue;
    const e = item as Record<string, unknown>;
    const contract = e.contract ?? e.contractAddress ?? e.address;
    const rawDecimals = e.decimals ?? e.decimal;
    const decimals =
      typeof rawDecimals === 'string' && /^\d{1,2}$/.test(rawDecimals) ? Number(rawDecimals) : rawDecimals;
    if (typeof contract !== 'string' || typeof decimals !== 'number') continue;
    out.push({
      contract,
      decimals,
      name: text(e.name ?? e.tokenName),
      symbol: text(e.symbol ?? e.tokenSymbol),
    });
  }
  return out;
}

export interface EvmProductApiBackend extends EvmBackend {
  readonly chain: string;
  /**
   * Nonce sources after the backend's own /nonce (spec 02 §7 "Fallbacks"): the node provider behind the
   * server's allow-listed JSON-RPC proxy (eth_getTransactionCount 'pending', 20 s).
   */
  nonceFallbacks(): NonceSource[];
}

/** The most transfers a simulation answer may list (the server's SIM_TRANSFERS_MAX). */
const SIM_TRANSFERS_MAX = 64;

/** The server's simulation answer, checked: gas used within the limit, at most 64 transfers, amounts uint256. */
export function parseEvmSimulation(v: unknown, gasLimit: bigint): EvmSimulation {
  const o = obj(v, 'simulation');
  if (o.available === false) return { available: false };
  if (o.available !== true) throw malformed('available');
  if (o.status === 'failed')
    return { available: true, status: 'failed', error: str(o.error, 'error').slice(0, 300) };
  if (o.status !== 'success') throw malformed('status');
  const gasUsed = dec(o.gasUsed, 'gasUsed');
  const gasPrice = dec(o.gasPrice, 'gasPrice');
  if (gasUsed < 0n || gasUsed > gasLimit) throw malformed('gasUsed');
  if (gasPrice < 0n || gasPrice > UINT256_MAX) throw malformed('gasPrice');
  const list = arr(o.transfers, 'transfers');
  if (list.length > SIM_TRANSFERS_MAX) throw malformed('transfers');
  const address = (x: unknown, what: string) => {
    const a = str(x, what);
    if (!/^0x[0-9a-f]{40}$/.test(a)) throw malformed(what);
    return a;
  };
  return {
    available: true,
    status: 'success',
    gasUsed,
    gasPrice,
    transfers: list.map((t, i) => {
      const e = obj(t, `transfers[${i}]`);
      const amount = dec(e.amount, `transfers[${i}].amount`);
      if (amount < 0n || amount > UINT256_MAX) throw malformed(`transfers[${i}].amount`);
      return {
        token: e.token === null ? null : address(e.token, `transfers[${i}].token`),
        from: address(e.from, `transfers[${i}].from`),
        to: address(e.to, `transfers[${i}].to`),
        amount,
      };
    }),
  };
}

export function createEvmProductApiBackend(options: EvmProductApiOptions): EvmProductApiBackend {
  const base = (options.baseUrl ?? '/api').replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((i, init) => globalThis.fetch(i, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const { chain } = options;
  let rpcId = 1;

  const get = (path: string, signal?: AbortSignal) =>
    requestJson(doFetch, base + path, { timeoutMs, ...(signal ? { signal } : {}) });
  // History pages, token balances and NFTs are history-class calls on the server (its history budget, 40 s).
  const listTimeoutMs = historyTimeout(options, timeoutMs);
  const list = (path: string) => requestJson(doFetch, base + path, { timeoutMs: listTimeoutMs });
  const post = (path: string, body: unknown, signal?: AbortSignal) =>
    requestJson(doFetch, base + path, { method: 'POST', body, timeoutMs, ...(signal ? { signal } : {}) });

  /** The server's allow-listed node proxy (eth_feeHistory, eth_gasPrice, eth_call …). */
  const rpc = async (method: string, params: unknown[], signal?: AbortSignal): Promise<unknown> => {
    const answer = obj(
      await post(ROUTES.rpc(chain), { jsonrpc: '2.0', id: rpcId++, method, params }, signal),
      'rpc',
    );
    if (answer.error) {
      const e = obj(answer.error, 'rpc error');
      throw new EvmNetworkError(
        200,
        typeof e.message === 'string' ? e.message : `${method} failed`,
        typeof e.code === 'number' ? e.code : undefined,
      );
    }
    if (!('result' in answer)) throw new EvmNetworkError(200, `malformed answer: ${method}`, 'malformed');
    return answer.result;
  };

  return {
    chain,

    async getAccount(address): Promise<EvmAccountSummary> {
      const o = obj(await get(ROUTES.account(chain, address)), 'account');
      return {
        balance: dec(o.balance, 'balance'),
        nonce: o.nonce === undefined ? 0 : int(o.nonce, 'nonce'),
        txCount: o.txCount === undefined ? 0 : int(o.txCount, 'txCount'),
      };
    },

    async getNonce(address, signal) {
      return int(obj(await get(ROUTES.nonce(chain, address), signal), 'nonce').nonce, 'nonce');
    },

    nonceFallbacks() {
      return [
        {
          name: 'node',
          timeoutMs: NONCE_TIMEOUTS_MS.provider,
          get: async (address, signal) =>
            qty(await rpc('eth_getTransactionCount', [address, 'pending'], signal), 'nonce'),
        },
      ];
    },

    async getGasPrice() {
      return qty(await rpc('eth_gasPrice', []), 'eth_gasPrice');
    },

    async getFeeHistory(blocks, percentiles): Promise<FeeHistoryData | null> {
      try {
        return parseFeeHistory(
          await rpc('eth_feeHistory', [`0x${blocks.toString(16)}`, 'latest', [...percentiles]]),
        );
      } catch (e) {
        // A node without eth_feeHistory (pre-London chains): tiers come from eth_gasPrice.
        if (e instanceof EvmNetworkError && e.rejected) return null;
        throw e;
      }
    },

    /**
     * BSC gas oracle. The server has no gas-oracle route yet (API.md); its /fees tiers (wei, from the
     * chain's providers) stand in for Fast/Propose/Safe. null → logic's 5 Gwei fallback.
     */
    async getGasOracle(): Promise<GasOracleData | null> {
      try {
        const o = obj(await get(ROUTES.fees(chain)), 'fees');
        if (o.source === 'fallback') return null;
        const t = obj(o.tiers, 'tiers');
        const gwei = (v: unknown, what: string) => {
          const wei = dec(v, what);
          const whole = wei / 1_000_000_000n;
          const frac = (wei % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
          return frac ? `${whole}.${frac}` : whole.toString();
        };
        return { fast: gwei(t.high, 'high'), propose: gwei(t.medium, 'medium'), safe: gwei(t.low, 'low') };
      } catch {
        return null;
      }
    },

    async estimateGas(call: EvmCallRequest) {
      const body = {
        ...(call.from ? { from: call.from } : {}),
        to: call.to,
        ...(call.value !== undefined ? { value: call.value.toString() } : {}),
        ...(call.data && call.data !== '0x' ? { data: call.data } : {}),
      };
      return dec(obj(await post(ROUTES.gasLimit(chain), body), 'gas-limit').gasLimit, 'gasLimit');
    },

    async simulate(tx) {
      return parseEvmSimulation(
        await post(ROUTES.simulate(chain), {
          from: tx.from,
          to: tx.to,
          value: tx.value.toString(),
          data: tx.data,
          gas: tx.gas.toString(),
          nonce: tx.nonce,
          ...('gasPrice' in tx.fee
            ? { gasPrice: tx.fee.gasPrice.toString() }
            : {
                maxFeePerGas: tx.fee.maxFeePerGas.toString(),
                maxPriorityFeePerGas: tx.fee.maxPriorityFeePerGas.toString(),
              }),
        }),
        tx.gas,
      );
    },

    async ethCall(to, data: Hex) {
      return hexData(await rpc('eth_call', [{ to, data }, 'latest']), 'eth_call');
    },

    async getTokenBalances(address, contracts) {
      const out = new Map<string, bigint>();
      for (let i = 0; i < contracts.length; i += 50) {
        const slice = contracts.slice(i, i + 50);
        const o = obj(await list(ROUTES.tokens(chain, address, slice)), 'tokens');
        for (const t of arr(o.tokens, 'tokens')) {
          const x = obj(t, 'token');
          const contract = str(x.contract, 'token.contract');
          const asked = slice.find((c) => c.toLowerCase() === contract.toLowerCase()) ?? contract;
          out.set(asked, x.balance === undefined ? 0n : dec(x.balance, 'token.balance'));
        }
      }
      return out;
    },

    /** The server's merged Operations, read field by field and used as they are (no second merge). */
    async getTransactions(address, cursor) {
      const page = parseHistoryPage(await list(ROUTES.history(chain, address, cursor)));
      return { operations: page.operations, cursor: page.cursor };
    },

    /** Every page (50 each) while the server says `hasMore`, up to {@link NFT_MAX_PAGES}; a 404 on page 1 is no NFTs. */
    async getNfts(address) {
      const out: NftAsset[] = [];
      for (let page = 1; page <= NFT_MAX_PAGES; page++) {
        let o: Record<string, unknown>;
        try {
          o = obj(await list(`${ROUTES.nfts(chain, address)}${page > 1 ? `?page=${page}` : ''}`), 'nfts');
        } catch (e) {
          if (page === 1 && e instanceof EvmNetworkError && e.status === 404) return [];
          throw e;
        }
        const items = arr(o.nfts, 'nfts');
        for (const n of items) out.push(parseServerNft(n));
        if (o.hasMore !== true || items.length === 0) break;
      }
      return out;
    },

    async getReceiptStatus(hash) {
      return parseReceiptStatus(await rpc('eth_getTransactionReceipt', [hash]));
    },

    /** A 404 is a chain the server cannot search (no explorer or block scan): said as unavailable, not an error. */
    async getApprovals(address) {
      try {
        return parseApprovals(await list(ROUTES.approvals(chain, address)));
      } catch (e) {
        if (e instanceof EvmNetworkError && e.status === 404)
          return { approvals: [], truncated: false, fromBlock: 0, unavailable: true };
        throw e;
      }
    },

    async getTokenList() {
      return parseTokenListAnswer(await get(ROUTES.tokenList(chain)));
    },

    async broadcast(rawTx) {
      const o = obj(
        await requestJson(doFetch, base + ROUTES.broadcast(chain), {
          method: 'POST',
          body: { rawTx },
          timeoutMs: options.broadcastTimeoutMs ?? BROADCAST_TIMEOUT_MS,
        }),
        'broadcast',
      );
      return str(o.hash, 'hash');
    },
  };
}
