/**
 * EVM JSON-RPC (spec 02 §7 "ETH and generic EVM"): eth_getBalance, eth_getTransactionCount, eth_estimateGas,
 * eth_gasPrice, eth_feeHistory (3 blocks, percentiles 25/50/75 → low/medium/high), eth_call (ERC-20 name, symbol,
 * decimals, balanceOf, batched), eth_sendRawTransaction.
 *
 * RPC selection (spec 02 §4): {@link EvmRpcPool.ordered} checks every RPC in parallel with a 3 s timeout
 * (eth_chainId, then a real read: the latest block); the first healthy one (right chain id) is the main RPC and the
 * others follow in the order they answered. RPCs that failed the check (refused, hung, 5xx, garbage, wrong chain id)
 * are skipped, and so are those whose circuit breaker is open (failover.ts: they failed real calls) while another
 * RPC can answer. When a call fails on the main
 * RPC it is retried on the next healthy one and the check runs again on the next call.
 */
import {
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  erc20Abi_bytes32,
  hexToString,
  keccak256,
  type Hex,
} from 'viem';
import { z } from 'zod';
import type { EvmProvider, RpcCall, RpcTransport } from '../backend.js';
import {
  ProviderError,
  breakerOf,
  httpRequest,
  parseJson,
  validate,
  withTimeout,
  type FetchFn,
} from '@secux-companion/server-kit/failover';
import { createNftInfoReader } from '../nfts.js';
import type { EvmCallRequest, FeeInfo, TokenBalance, TokenInfo } from '@secux-companion/server-kit/types';

// ---- raw JSON-RPC shapes (kept inside this file) ----
const hexQty = z.string().regex(/^0x[0-9a-fA-F]+$/);
const hexData = z.string().regex(/^0x[0-9a-fA-F]*$/);
const RpcError = z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() });
const RpcEnvelope = z.object({
  jsonrpc: z.string().optional(),
  id: z.unknown().optional(),
  result: z.unknown().optional(),
  error: RpcError.optional().nullable(),
});
const FeeHistory = z.object({
  oldestBlock: hexQty,
  baseFeePerGas: z.array(hexQty),
  gasUsedRatio: z.array(z.number()),
  reward: z.array(z.array(hexQty)).optional(),
});

/** Maps a JSON-RPC error object to a ProviderError (substring rules from shared/reference/apis, geth messages). */
export function evmRpcError(method: string, code: number, message: string): ProviderError {
  const m = message.toLowerCase();
  // -32005 "Limit exceeded", -32016 "over rate limit", -32000 "429 Too Many Requests: …" (mainnet-behaviour.md §3.1).
  if (code === -32005 || code === -32016 || /rate limit|too many requests|limit exceeded/.test(m))
    return new ProviderError('rateLimited', message, { upstreamCode: code });
  if (code === -32601 || /method not found|not supported|does not exist\/is not available/.test(m))
    return new ProviderError('unsupported', `${method}: ${message}`, { upstreamCode: code });
  if (code === -32700 || code === -32603)
    return new ProviderError('server', `${method}: ${message}`, { upstreamCode: code });
  // A raw transaction the node cannot decode (anvil and Besu: -32602 'Failed to decode transaction') is the node's
  // refusal of that transaction, as geth's -32000 'rlp: …' / 'typed transaction too short' is: 422, never failed over.
  if (code === -32602 && method === 'eth_sendRawTransaction')
    return new ProviderError('rejected', message, { upstreamCode: code });
  if (code === -32600 || code === -32602)
    return new ProviderError('badRequest', `${method}: ${message}`, { upstreamCode: code });
  if (
    method === 'eth_sendRawTransaction' ||
    method === 'eth_estimateGas' ||
    method === 'eth_call' ||
    code === 3
  )
    return new ProviderError('rejected', message, { upstreamCode: code });
  return new ProviderError('server', `${method}: ${message}`, { upstreamCode: code });
}

export function rpcTransport(
  fetchFn: FetchFn,
  url: string,
  headers: Record<string, string> = {},
  /** First-byte timeout of its requests (default: the call's connect timeout; Infinity for heavy scans). */
  firstByteMs?: number,
): RpcTransport {
  let id = 1;
  const post = async (body: unknown, signal: AbortSignal) => {
    const a = await httpRequest(fetchFn, url, {
      ...(firstByteMs !== undefined ? { firstByteMs } : {}),
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
      signal,
    });
    return parseJson(a.text);
  };
  return {
    async call<T>(method: string, params: unknown[], signal: AbortSignal): Promise<T> {
      const env = validate(
        RpcEnvelope,
        await post({ jsonrpc: '2.0', id: id++, method, params }, signal),
        'JSON-RPC answer',
      );
      if (env.error) throw evmRpcError(method, env.error.code, env.error.message);
      if (!('result' in env)) throw new ProviderError('malformed', `${method}: answer without result`);
      return env.result as T;
    },
    async batch(calls: RpcCall[], signal: AbortSignal): Promise<unknown[]> {
      if (!calls.length) return [];
      const first = id;
      id += calls.length;
      const data = await post(
        calls.map((c, i) => ({ jsonrpc: '2.0', id: first + i, method: c.method, params: c.params })),
        signal,
      );
      // Some nodes answer a batch-level error object instead of an array.
      if (!Array.isArray(data)) {
        const env = RpcEnvelope.safeParse(data);
        if (env.success && env.data.error)
          throw evmRpcError('batch', env.data.error.code, env.data.error.message);
        throw new ProviderError('malformed', 'batch answer is not an array');
      }
      const arr = validate(z.array(RpcEnvelope), data, 'JSON-RPC batch answer');
      const byId = new Map(arr.map((e) => [Number(e.id), e]));
      return calls.map((c, i) => {
        const e = byId.get(first + i);
        if (!e) return new ProviderError('malformed', `batch answer lacks ${c.method}`);
        if (e.error) return evmRpcError(c.method, e.error.code, e.error.message);
        return e.result;
      });
    },
  };
}

const unwrap = <T>(v: unknown, schema: z.ZodType<T>, what: string): T => {
  if (v instanceof ProviderError) throw v;
  return validate(schema, v, what);
};

/** Token names and symbols keep printable ASCII only (spec 02 §5). */
export const asciiOnly = (s: string) => s.replace(/[^\x20-\x7e]/g, '').trim();

const decodeString = (fn: 'name' | 'symbol', data: Hex): string => {
  if (!data || data === '0x') return '';
  try {
    return decodeFunctionResult({ abi: erc20Abi, functionName: fn, data }) as string;
  } catch {
    try {
      return hexToString(
        decodeFunctionResult({ abi: erc20Abi_bytes32, functionName: fn, data }) as Hex,
      ).replace(/\0+$/, '');
    } catch {
      return '';
    }
  }
};

/** ERC-20 metadata and optional balance with one batched eth_call round trip. */
export async function erc20Info(
  t: RpcTransport,
  contract: string,
  address: string | undefined,
  signal: AbortSignal,
): Promise<TokenInfo> {
  const call = (data: Hex): RpcCall => ({ method: 'eth_call', params: [{ to: contract, data }, 'latest'] });
  const calls = [
    call(encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' })),
    call(encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' })),
    call(encodeFunctionData({ abi: erc20Abi, functionName: 'name' })),
    ...(address
      ? [call(encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [address as Hex] }))]
      : []),
  ];
  const [dec, sym, name, bal] = await t.batch(calls, signal);
  const decHex = unwrap(dec, hexData, 'decimals()') as Hex;
  if (decHex === '0x') throw new ProviderError('notFound', 'Contract not exist');
  let decimals: number;
  try {
    decimals = Number(decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data: decHex }));
  } catch {
    throw new ProviderError('notFound', 'Invalid Token Contract Address');
  }
  const str = (v: unknown, fn: 'name' | 'symbol') =>
    v instanceof ProviderError ? '' : decodeString(fn, validate(hexData, v, `${fn}()`) as Hex);
  const info: TokenInfo = {
    type: 'ERC20',
    contract,
    name: asciiOnly(str(name, 'name')),
    symbol: asciiOnly(str(sym, 'symbol')),
    decimals,
  };
  if (address) {
    const b = unwrap(bal, hexData, 'balanceOf()') as Hex;
    info.balance =
      b === '0x'
        ? '0'
        : (decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: b }) as bigint).toString();
  }
  return info;
}

/** EIP-1559 tiers from eth_feeHistory plus the legacy gas price; "all empty" tiers fall back to the gas price. */
export function feesFrom(
  history: z.infer<typeof FeeHistory> | null,
  gasPrice: bigint,
): Omit<FeeInfo, 'chain' | 'source' | 'provider'> {
  const legacy = { high: gasPrice.toString(), medium: gasPrice.toString(), low: gasPrice.toString() };
  if (!history || !history.reward?.length || !history.baseFeePerGas.length)
    return { unit: 'wei', tiers: legacy };
  const baseFee = BigInt(history.baseFeePerGas[history.baseFeePerGas.length - 1]!);
  const avg = (j: number) => {
    const rows = history.reward!.filter((r) => r[j] !== undefined);
    if (!rows.length) return 0n;
    return rows.reduce((s, r) => s + BigInt(r[j]!), 0n) / BigInt(rows.length);
  };
  const prio = { low: avg(0), medium: avg(1), high: avg(2) };
  if (prio.low === 0n && prio.medium === 0n && prio.high === 0n) return { unit: 'wei', tiers: legacy };
  const tier = (p: bigint) => ({
    maxFeePerGas: (2n * baseFee + p).toString(),
    maxPriorityFeePerGas: p.toString(),
  });
  return {
    unit: 'wei',
    tiers: {
      high: (baseFee + prio.high).toString(),
      medium: (baseFee + prio.medium).toString(),
      low: (baseFee + prio.low).toString(),
    },
    eip1559: {
      baseFeePerGas: baseFee.toString(),
      tiers: { high: tier(prio.high), medium: tier(prio.medium), low: tier(prio.low) },
    },
  };
}

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

export function createEvmRpc(o: EvmRpcOptions): EvmRpcProvider {
  const t = rpcTransport(o.fetch, o.url, o.headers);
  const qty = async (method: string, params: unknown[], signal: AbortSignal) =>
    BigInt(validate(hexQty, await t.call(method, params, signal), method));
  return {
    name: o.name,
    kind: 'rpc',
    timeoutMs: o.timeoutMs,
    transport: t,
    async healthCheck(signal) {
      const id = Number(await qty('eth_chainId', [], signal));
      if (id !== o.chainId)
        throw new ProviderError('wrongChain', `RPC reports chain id ${id}, expected ${o.chainId}`);
      const block = validate(
        z.object({ number: hexQty, hash: hexData }),
        await t.call('eth_getBlockByNumber', ['latest', false], signal),
        'latest block',
      );
      if (BigInt(block.number) > 2n ** 53n) throw new ProviderError('malformed', 'impossible block number');
    },
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
    async getFees(signal) {
      const [hist, price] = await t.batch(
        [
          { method: 'eth_feeHistory', params: ['0x3', 'latest', [25, 50, 75]] },
          { method: 'eth_gasPrice', params: [] },
        ],
        signal,
      );
      const gasPrice = BigInt(unwrap(price, hexQty, 'eth_gasPrice'));
      let history: z.infer<typeof FeeHistory> | null = null;
      if (hist instanceof ProviderError) {
        if (hist.kind !== 'unsupported' && hist.kind !== 'badRequest') throw hist;
      } else history = validate(FeeHistory, hist, 'eth_feeHistory');
      return feesFrom(history, gasPrice);
    },
    async getTokenInfo(contract, address, signal) {
      return erc20Info(t, contract, address, signal);
    },
    async getTokenBalances(address, contracts, signal): Promise<TokenBalance[]> {
      const infos = await Promise.all(
        contracts.map((c) =>
          erc20Info(t, c, address, signal).catch((e: unknown) =>
            e instanceof ProviderError && e.kind === 'notFound' ? null : Promise.reject(e),
          ),
        ),
      );
      return infos
        .filter((i): i is TokenInfo => !!i)
        .map((i) => ({
          type: i.type,
          contract: i.contract,
          name: i.name,
          symbol: i.symbol,
          decimals: i.decimals,
          balance: i.balance ?? '0',
        }));
    },
    async broadcast(raw, signal) {
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
    },
    async rpc(method, params, signal) {
      return t.call(method, params, signal);
    },
    getNftInfo: createNftInfoReader(t),
  };
}

/** A provider skipped because its health check failed (keeps the failure in the attempts list). */
function skipped(p: EvmRpcProvider, err: ProviderError): EvmProvider {
  const fail = async (): Promise<never> => {
    throw err;
  };
  return {
    name: p.name,
    kind: 'rpc',
    timeoutMs: p.timeoutMs,
    breaker: breakerOf(p),
    getBalance: fail,
    getNonce: fail,
    getSentCount: fail,
    estimateGas: fail,
    getFees: fail,
    getTokenInfo: fail,
    getTokenBalances: fail,
    broadcast: fail,
    rpc: fail,
    getNftInfo: fail,
  };
}

export interface EvmRpcPool {
  readonly rpcs: readonly EvmRpcProvider[];
  /** Healthy RPCs first (fastest first), then the ones that failed the check (they fail at once). */
  ordered(): Promise<EvmProvider[]>;
  /** Forget the last health check (after a failure on the main RPC). */
  invalidate(): void;
}

/** Runs the health check before each call (an RPC that has not been checked yet). */
function lazyChecked(p: EvmRpcProvider): EvmProvider {
  const wrap =
    <A extends unknown[], R>(fn: (...a: [...A, AbortSignal]) => Promise<R>) =>
    async (...args: [...A, AbortSignal]): Promise<R> => {
      await p.healthCheck(args[args.length - 1] as AbortSignal);
      return fn(...args);
    };
  return {
    name: p.name,
    kind: 'rpc',
    timeoutMs: p.timeoutMs,
    breaker: breakerOf(p),
    getBalance: wrap(p.getBalance!),
    getNonce: wrap(p.getNonce!),
    getSentCount: wrap(p.getSentCount!),
    estimateGas: wrap(p.estimateGas!),
    getFees: wrap(p.getFees!),
    getTokenInfo: wrap(p.getTokenInfo!),
    getTokenBalances: wrap(p.getTokenBalances!),
    broadcast: wrap(p.broadcast!),
    rpc: wrap(p.rpc!),
    getNftInfo: wrap(p.getNftInfo!),
  };
}

export function createEvmRpcPool(
  rpcs: EvmRpcProvider[],
  opts: { healthTimeoutMs?: number; ttlMs?: number } = {},
): EvmRpcPool {
  const healthMs = opts.healthTimeoutMs ?? 3000;
  const ttl = opts.ttlMs ?? 60_000;
  let cached: { at: number; list: EvmProvider[]; stale?: boolean } | undefined;
  let running: Promise<EvmProvider[]> | undefined;

  /** Resolves as soon as the first RPC passes (the main RPC), or when all have failed. */
  const check = () =>
    new Promise<EvmProvider[]>((resolve) => {
      const status = new Map<EvmRpcProvider, true | ProviderError>();
      const healthy: EvmRpcProvider[] = [];
      let settled = 0;
      let answered = false;
      const build = (): EvmProvider[] => [
        ...healthy,
        ...rpcs.filter((p) => !status.has(p)).map(lazyChecked),
        ...rpcs
          .filter((p) => status.get(p) instanceof ProviderError)
          .map((p) => skipped(p, status.get(p) as ProviderError)),
      ];
      for (const p of rpcs) {
        withTimeout(healthMs, (signal) => p.healthCheck(signal))
          .then(
            () => {
              status.set(p, true);
              healthy.push(p); // answer order: the first healthy one is the main RPC
              if (!answered) {
                answered = true;
                const list = build();
                cached = { at: Date.now(), list };
                resolve(list);
              }
            },
            (e: unknown) =>
              void status.set(p, e instanceof ProviderError ? e : new ProviderError('malformed', String(e))),
          )
          .finally(() => {
            settled += 1;
            if (settled < rpcs.length) return;
            const list = build();
            // Cache only when at least one RPC is healthy; otherwise check again on the next call.
            cached = healthy.length ? { at: Date.now(), list } : undefined;
            if (!answered) {
              answered = true;
              resolve(list);
            }
          });
      }
    });

  return {
    rpcs,
    async ordered() {
      if (!rpcs.length) return [];
      if (cached && Date.now() - cached.at < ttl) return cached.list;
      running ??= check().finally(() => (running = undefined));
      // A stale list (after a failure) is still served while the check runs again: the breakers already skip the
      // provider that failed, so no request waits for a health check it does not need.
      if (cached?.stale) return cached.list;
      return running;
    },
    invalidate() {
      if (cached) cached = { ...cached, at: 0, stale: true };
    },
  };
}
