/** The explorer's client: its chain check, its `account`/`gastracker` calls and `proxy` calls, its token names. */
import { z } from 'zod';
import { ProviderError, getJson, validate } from '@secux-companion/server-kit/failover';
import { LruMap } from '@secux-companion/server-kit/lru';
import { asciiOnly, evmRpcError } from '../evmRpc.js';
import type { EtherscanOptions } from './options.js';
import { Envelope, ProxyEnvelope, num, type TokenTx } from './shapes.js';

/** Etherscan's and Blockscout's limits are per second: a rate-limit answer pauses the explorer for a second. */
const PER_SECOND = { retryAfter: 1 } as const;

export type TokenMeta = { name: string; symbol: string; decimals: number };

/** What every explorer operation works with. */
export interface Explorer {
  readonly o: EtherscanOptions;
  /** Token names seen in transfer lists (contract, lower case). */
  readonly meta: LruMap<string, TokenMeta>;
  call(params: Record<string, string>, signal: AbortSignal): Promise<unknown>;
  proxy(action: string, params: Record<string, string>, signal: AbortSignal): Promise<unknown>;
  /** Keeps a transfer's token name for the balance lookups. */
  remember(t: TokenTx): TokenMeta;
  tokenBalance(address: string, contract: string, signal: AbortSignal): Promise<string>;
  /** After a failure: the chain is checked again on the next call. */
  recheck(): void;
}

/** The explorer client (its chain checked on the first call, every 10 minutes and after a failure). */
class ExplorerClient implements Explorer {
  readonly meta = new LruMap<string, TokenMeta>(5000);
  private checkedUntil = 0;

  constructor(readonly o: EtherscanOptions) {}

  private async checkChain(signal: AbortSignal): Promise<void> {
    // Blockscout has no proxy module to ask: its instance is the chain's own (configuration).
    if (
      this.o.dialect === 'blockscout' ||
      this.o.expectChainId === undefined ||
      Date.now() < this.checkedUntil
    )
      return;
    const q = new URLSearchParams({
      ...(this.o.chainId !== undefined ? { chainid: String(this.o.chainId) } : {}),
      module: 'proxy',
      action: 'eth_chainId',
      ...(this.o.apiKey ? { apikey: this.o.apiKey } : {}),
    });
    const env = await getJson(
      this.o.fetch,
      `${this.o.url}?${q}`,
      z.union([ProxyEnvelope, Envelope]),
      'explorer chain id',
      {
        signal,
      },
    );
    const r = typeof env.result === 'string' ? env.result : '';
    if (/rate limit/i.test(r)) throw new ProviderError('rateLimited', r, PER_SECOND);
    if (/^0x[0-9a-f]{1,16}$/i.test(r) && Number(BigInt(r)) !== this.o.expectChainId)
      throw new ProviderError(
        'wrongChain',
        `explorer serves chain id ${Number(BigInt(r))}, expected ${this.o.expectChainId}`,
      );
    this.checkedUntil = Date.now() + 10 * 60_000;
  }

  async call(params: Record<string, string>, signal: AbortSignal): Promise<unknown> {
    await this.checkChain(signal);
    const q = new URLSearchParams({
      ...(this.o.chainId !== undefined ? { chainid: String(this.o.chainId) } : {}),
      ...params,
      ...(this.o.apiKey ? { apikey: this.o.apiKey } : {}),
    });
    const env = await getJson(this.o.fetch, `${this.o.url}?${q}`, Envelope, 'explorer answer', {
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

  async proxy(action: string, params: Record<string, string>, signal: AbortSignal): Promise<unknown> {
    await this.checkChain(signal);
    const q = new URLSearchParams({
      ...(this.o.chainId !== undefined ? { chainid: String(this.o.chainId) } : {}),
      module: 'proxy',
      action,
      ...params,
      ...(this.o.apiKey ? { apikey: this.o.apiKey } : {}),
    });
    const env = await getJson(
      this.o.fetch,
      `${this.o.url}?${q}`,
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

  remember(t: TokenTx): TokenMeta {
    const m = {
      name: asciiOnly(t.tokenName ?? ''),
      symbol: asciiOnly(t.tokenSymbol ?? ''),
      decimals: Number(t.tokenDecimal || '0'),
    };
    this.meta.set(t.contractAddress.toLowerCase(), m);
    return m;
  }

  async tokenBalance(address: string, contract: string, signal: AbortSignal): Promise<string> {
    return validate(
      num,
      await this.call(
        { module: 'account', action: 'tokenbalance', contractaddress: contract, address, tag: 'latest' },
        signal,
      ),
      'tokenbalance',
    );
  }

  recheck(): void {
    this.checkedUntil = 0;
  }
}

export function createExplorer(o: EtherscanOptions): Explorer {
  return new ExplorerClient(o);
}
