/**
 * The EVM family's facade: it parses the family's addresses (0x…, XDC's xdc…), picks the providers that implement a
 * call (the healthy RPCs first, then explorers, then the block scan) and runs it with failover. Nothing here invents
 * data: when every provider fails the call fails (see failover.ts).
 *
 * The operations live in ./facade/ over a shared context: account, fees, history, broadcast, txStatus and nfts.
 */
import { z } from 'zod';
import { parseInput } from '@secux-companion/server-kit/errors';
import type { BroadcastResult, ChainFacade, ChainSource } from '@secux-companion/server-kit/facade';
import type { FailoverLog } from '@secux-companion/server-kit/failover';
import { boolQ, cursor, hexTx, pageSize } from '@secux-companion/server-kit/params';
import type {
  AccountInfo,
  EvmCallRequest,
  FeeInfo,
  HistoryPage,
  TokenBalance,
  TokenInfo,
  TxStatus,
} from '@secux-companion/server-kit/types';
import { contractList, evmAddress } from './address.js';
import { accountOf, gasLimit, nonce, tokenBalances, tokenInfo } from './facade/account.js';
import { approvals, type ApprovalsAnswer } from './facade/approvals.js';
import { broadcast, rpc } from './facade/broadcast.js';
import { EvmContext, type EvmChainConfig } from './facade/context.js';
import { fees, gasOracle } from './facade/fees.js';
import { historyOf } from './facade/history.js';
import { nfts } from './facade/nfts.js';
import { simulate } from './facade/simulate.js';
import type { EvmSimAnswer, EvmSimRequest } from './simulate.js';
import { txStatus } from './facade/txStatus.js';
import type { NftPage } from './nfts.js';

/** Spec 02 §9 "History page: 100 (EVM)": a history page when the client names no size (the web asks for 100). */
export const EVM_HISTORY_PAGE = 100;

export type { EvmChainConfig } from './facade/context.js';
export { EVM_FALLBACK_DEPTH } from './facade/txStatus.js';

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
  private readonly c: EvmContext;

  constructor(
    readonly cfg: EvmChainConfig,
    log?: FailoverLog,
  ) {
    this.c = new EvmContext(cfg, log);
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

  /** An address (`xdc…` taken as `0x…`); `?tokens=true` discovers the held tokens, `?contracts=` adds known ones. */
  account(id: string, query: unknown): Promise<AccountInfo> {
    const q = parseInput(z.object({ tokens: boolQ, contracts: contractList.optional() }), query, 'query');
    return this.accountOf(parseInput(evmAddress, id, 'address'), {
      discover: q.tokens ?? false,
      contracts: q.contracts ?? [],
    });
  }

  accountOf(address: string, tokens: { discover: boolean; contracts: string[] }): Promise<AccountInfo> {
    return accountOf(this.c, address, tokens);
  }

  tokenBalances(
    address: string,
    tokens: { discover: boolean; contracts: string[] },
  ): Promise<TokenBalance[]> {
    return tokenBalances(this.c, address, tokens);
  }

  tokenInfo(contracts: string[], address: string | undefined): Promise<TokenInfo[]> {
    return tokenInfo(this.c, contracts, address);
  }

  nonce(address: string): Promise<string> {
    return nonce(this.c, address);
  }

  gasLimit(tx: EvmCallRequest): Promise<string> {
    return gasLimit(this.c, tx);
  }

  /** The transfers and fee of a transaction as the chain simulates it (eth_simulateV1), or `available: false`. */
  simulate(tx: EvmSimRequest): Promise<EvmSimAnswer & { provider?: string }> {
    return simulate(this.c, tx);
  }

  fees(): Promise<FeeInfo> {
    return fees(this.c);
  }

  /** The explorer gas oracle only (FastGasPrice/ProposeGasPrice/SafeGasPrice → high/medium/low, wei). */
  gasOracle(): Promise<FeeInfo> {
    return gasOracle(this.c);
  }

  history(id: string, query: unknown): Promise<HistoryPage> {
    const q = parseInput(z.object({ cursor, pageSize }), query, 'query');
    return this.historyOf(
      parseInput(evmAddress, id, 'address'),
      q.cursor ?? null,
      q.pageSize ?? EVM_HISTORY_PAGE,
    );
  }

  historyOf(address: string, cursor: string | null, pageSize: number): Promise<HistoryPage> {
    return historyOf(this.c, address, cursor, pageSize);
  }

  broadcast(raw: string): Promise<BroadcastResult> {
    return broadcast(this.c, raw);
  }

  /** Final at the node's `finalized` block, or EVM_FALLBACK_DEPTH blocks deep (facade/txStatus.ts). */
  /** Live ERC-20 allowances and NFT operator approvals of an address (facade/approvals.ts). */
  approvals(owner: string): Promise<ApprovalsAnswer> {
    return approvals(this.c, owner);
  }

  txStatus(id: string): Promise<TxStatus> {
    return txStatus(this.c, id);
  }

  rpc(method: string, params: unknown[]): Promise<unknown> {
    return rpc(this.c, method, params);
  }

  /** NFTs held by the address: its collections and one page of its NFTs (facade/nfts.ts). */
  nfts(address: string, q: { collection?: string; page: number }): Promise<NftPage> {
    return nfts(this.c, address, q);
  }
}
