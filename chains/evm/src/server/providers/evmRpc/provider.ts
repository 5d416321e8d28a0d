/** One EVM JSON-RPC endpoint as a provider: its health check and every call it serves. */
import { keccak256, type Hex } from 'viem';
import { z } from 'zod';
import { ProviderError, validate, type FetchFn } from '@secux-companion/server-kit/failover';
import type { EvmProvider, RpcTransport } from '../../backend.js';
import { checkApprovals } from '../../approvals.js';
import { createNftInfoReader } from '../../nfts.js';
import type { EvmCallRequest } from '@secux-companion/server-kit/types';
import { simulateV1 } from '../../simulate.js';
import { erc20Balances, erc20Info } from './erc20.js';
import { rpcFees } from './fees.js';
import { hexData, hexQty, rpcTransport } from './transport.js';

const ALREADY_KNOWN = /already known|known transaction|already imported/i;

export interface EvmRpcOptions {
  name: string;
  url: string;
  fetch: FetchFn;
  timeoutMs: number;
  chainId: number;
  headers?: Record<string, string>;
}

export interface EvmRpcProvider extends EvmProvider {
  readonly transport: RpcTransport;
  /**
   * eth_chainId matches the configured chain id (else 'wrongChain') and a real read answers: the latest block
   * (an RPC that answers eth_chainId from a proxy's cache but not real calls is not healthy).
   */
  healthCheck(signal: AbortSignal): Promise<void>;
}

const txParams = (tx: EvmCallRequest) => ({
  ...(tx.from ? { from: tx.from } : {}),
  ...(tx.to ? { to: tx.to } : {}),
  ...(tx.value ? { value: `0x${BigInt(tx.value).toString(16)}` } : {}),
  ...(tx.data && tx.data !== '0x' ? { data: tx.data } : {}),
});

/** eth_chainId matches the chain id (else 'wrongChain') and a real read answers: the latest block. */
async function healthCheck(t: RpcTransport, chainId: number, signal: AbortSignal): Promise<void> {
  const id = Number(BigInt(validate(hexQty, await t.call('eth_chainId', [], signal), 'eth_chainId')));
  if (id !== chainId)
    throw new ProviderError('wrongChain', `RPC reports chain id ${id}, expected ${chainId}`);
  const block = validate(
    z.object({ number: hexQty, hash: hexData }),
    await t.call('eth_getBlockByNumber', ['latest', false], signal),
    'latest block',
  );
  if (BigInt(block.number) > 2n ** 53n) throw new ProviderError('malformed', 'impossible block number');
}

/** eth_sendRawTransaction; a transaction the node already has is sent (its hash). */
async function broadcast(t: RpcTransport, raw: string, signal: AbortSignal): Promise<string> {
  try {
    return validate(
      z.string().regex(/^0x[0-9a-fA-F]{64}$/),
      await t.call('eth_sendRawTransaction', [raw], signal),
      'tx hash',
    );
  } catch (e) {
    if (e instanceof ProviderError && e.kind === 'rejected' && ALREADY_KNOWN.test(e.message))
      return keccak256(raw as Hex);
    // 'nonce too low' after a resend of the same bytes: the first send used the nonce. It is this very
    // transaction only when the node has its hash; otherwise another transaction took the nonce (a refusal).
    if (e instanceof ProviderError && e.kind === 'rejected' && /nonce too low/i.test(e.message)) {
      const hash = keccak256(raw as Hex);
      const known = await t.call('eth_getTransactionByHash', [hash], signal).catch(() => null);
      if (known) return hash;
    }
    throw e;
  }
}

export function createEvmRpc(o: EvmRpcOptions): EvmRpcProvider {
  const t = rpcTransport(o.fetch, o.url, o.headers);
  const qty = async (method: string, params: unknown[], signal: AbortSignal) =>
    BigInt(validate(hexQty, await t.call(method, params, signal), method));
  return {
    name: o.name,
    kind: 'rpc',
    timeoutMs: o.timeoutMs,
    transport: t,
    healthCheck: (signal) => healthCheck(t, o.chainId, signal),
    async getBalance(address, signal) {
      return (await qty('eth_getBalance', [address, 'latest'], signal)).toString();
    },
    async getNonce(address, signal) {
      return (await qty('eth_getTransactionCount', [address, 'pending'], signal)).toString();
    },
    async getSentCount(address, signal) {
      return Number(await qty('eth_getTransactionCount', [address, 'latest'], signal));
    },
    async estimateGas(tx, signal) {
      return (await qty('eth_estimateGas', [txParams(tx)], signal)).toString();
    },
    simulate: (tx, signal) => simulateV1(t, tx, signal),
    getFees: (signal) => rpcFees(t, signal),
    getTokenInfo: (contract, address, signal) => erc20Info(t, contract, address, signal),
    getTokenBalances: (address, contracts, signal) => erc20Balances(t, address, contracts, signal),
    broadcast: (raw, signal) => broadcast(t, raw, signal),
    async rpc(method, params, signal) {
      return t.call(method, params, signal);
    },
    getNftInfo: createNftInfoReader(t),
    checkApprovals: (owner, candidates, signal) => checkApprovals(t, owner, candidates, signal),
  };
}
