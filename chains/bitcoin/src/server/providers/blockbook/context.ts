/**
 * The state one Blockbook provider shares between its operations, the HTTP call with Blockbook's error envelope and
 * the chain check. Each operation of this folder is a function over this context; ../blockbook.ts composes them.
 */
import {
  ProviderError,
  httpRequest,
  parseJson,
  validate,
  type FetchFn,
} from '@secux-companion/server-kit/failover';
import type { UtxoNetwork } from '../../xpub.js';
import { BbStatus, errorText } from './schemas.js';

export interface BlockbookOptions {
  name: string;
  url: string;
  fetch: FetchFn;
  timeoutMs: number;
  /** Expected backend chain ('main', 'test', 'regtest'); checked once against /api. */
  network: UtxoNetwork;
  /** Expected coin name substring (e.g. 'Litecoin'), case-insensitive; optional. */
  coinName?: string;
  /** Seconds the chain check stays valid. */
  checkTtlMs?: number;
}

export interface BlockbookContext {
  readonly o: BlockbookOptions;
  /** The server's URL without trailing slashes. */
  readonly base: string;
  /** The chain check holds until then (0 = check on the next call). */
  checkedUntil: number;
  /** The chain check under way, shared by concurrent calls. */
  checking: Promise<void> | undefined;
}

export const createContext = (o: BlockbookOptions): BlockbookContext => ({
  o,
  base: o.url.replace(/\/+$/, ''),
  checkedUntil: 0,
  checking: undefined,
});

/** GET/POST with Blockbook's 400 error envelope classified: "not found" → notFound, others → badRequest. */
export async function call(
  ctx: BlockbookContext,
  path: string,
  signal: AbortSignal,
  init: { method?: 'GET' | 'POST'; body?: string } = {},
): Promise<unknown> {
  const a = await httpRequest(ctx.o.fetch, `${ctx.base}${path}`, {
    signal,
    method: init.method,
    body: init.body,
    headers: init.body ? { 'content-type': 'text/plain' } : undefined,
    pass: [400],
  });
  const data = parseJson(a.text);
  if (a.status === 400) {
    const msg = errorText(data);
    if (!msg)
      throw new ProviderError('malformed', 'unexpected 400 answer without an error message', {
        status: 400,
      });
    if (/not found/i.test(msg)) throw new ProviderError('notFound', msg, { status: 400 });
    throw new ProviderError('badRequest', msg, { status: 400 });
  }
  return data;
}

async function verifyChain(ctx: BlockbookContext, signal: AbortSignal): Promise<void> {
  const { o } = ctx;
  const s = validate(BbStatus, await call(ctx, '/api/', signal), 'Blockbook status');
  const chain = s.backend.chain;
  const want =
    o.network === 'main'
      ? ['main']
      : o.network === 'test'
        ? ['test', 'testnet', 'testnet3', 'testnet4', 'signet']
        : ['regtest'];
  if (chain && !want.includes(chain))
    throw new ProviderError('wrongChain', `Blockbook serves chain '${chain}', expected ${o.network}`);
  if (o.coinName && !s.blockbook.coin.toLowerCase().includes(o.coinName.toLowerCase()))
    throw new ProviderError(
      'wrongChain',
      `Blockbook serves coin '${s.blockbook.coin}', expected ${o.coinName}`,
    );
  ctx.checkedUntil = Date.now() + (o.checkTtlMs ?? 10 * 60_000);
}

/** Checks (once per `checkTtlMs`, and after a failure) that the server serves the configured coin and network. */
export async function checkChain(ctx: BlockbookContext, signal: AbortSignal): Promise<void> {
  if (Date.now() < ctx.checkedUntil) return;
  ctx.checking ??= (async () => {
    try {
      await verifyChain(ctx, signal);
    } finally {
      ctx.checking = undefined;
    }
  })();
  await ctx.checking;
}
