/** A provider's rate-limit answer, by status, headers and words. */
import { snippet } from './answers.js';
import { ProviderError } from './errors.js';

/**
 * Rate-limit answers in words (mainnet-behaviour.md §11 row 5): Blockbook `{"error":"rate limit exceeded"}`, rippled
 * `Server is overloaded`, Clio `slowDown` / rippled `tooBusy`, TronGrid `… frequency limit(15), and the query server is
 * suspended for 30s` / `request rate exceeded the allowed_rps(10)`, TronScan `request too quickly`, Etherscan `Max
 * rate limit reached` / `Max calls per sec rate limit reached`, Solana `Too many requests for a specific RPC call`,
 * EVM nodes `over rate limit` / `Limit exceeded`.
 */
/** A rate-limit answer about one call only (Solana's per-method limit: "Too many requests for a specific RPC call"). */
export const PER_CALL_LIMIT_TEXT = /specific RPC call/i;

export const RATE_LIMIT_TEXT =
  /rate.?limit|too many requests|frequency limit|allowed_rps|suspended for|too quickly|server is overloaded|slowDown|tooBusy|limit exceeded|over rate limit|you are placing too much load/i;

/** The pause an answer asks for in words ("suspended for 30s", "suspended for 5 s"), in seconds. */
export function penaltyOf(text: string): number | undefined {
  const m = /suspended for (\d+(?:\.\d+)?) ?s/i.exec(text);
  return m ? Math.ceil(Number(m[1])) : undefined;
}

/**
 * The pause (seconds) a rate-limit answer asks for: `Retry-After` (seconds or an HTTP date), else
 * `x-ratelimit-reset` (a duration in `unit`, or an epoch time in s or ms), else a penalty in its text.
 */
export function retryAfterOf(headers: Headers, text = '', unit: 'ms' | 's' = 's'): number | undefined {
  const positive = (n: number) => (Number.isFinite(n) && n > 0 ? Math.ceil(n) : undefined);
  const ra = headers.get('retry-after')?.trim();
  if (ra) {
    if (/^\d+(\.\d+)?$/.test(ra)) return positive(Number(ra));
    const at = Date.parse(ra);
    if (Number.isFinite(at)) return positive((at - Date.now()) / 1000);
  }
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) {
    if (reset > 1e12) return positive((reset - Date.now()) / 1000); // epoch ms
    if (reset > 1e9) return positive(reset - Date.now() / 1000); // epoch s
    return positive(unit === 'ms' ? reset / 1000 : reset);
  }
  return penaltyOf(text);
}

/**
 * A rate-limit answer of any provider, by status and body: 429 always; 403 (TronGrid's penalty, TronScan, a blocked
 * IP) and 503 (rippled `Server is overloaded`, TronGrid with a key above its QPS) when the body says so.
 */
export function rateLimitOf(
  status: number,
  text: string,
  headers: Headers,
  unit?: 'ms' | 's',
): ProviderError | undefined {
  const byText = (status === 403 || status === 503) && RATE_LIMIT_TEXT.test(text);
  if (status !== 429 && !byText) return undefined;
  const retryAfter = retryAfterOf(headers, text, unit);
  return new ProviderError('rateLimited', `rate limited (${status}): ${snippet(text, 120)}`, {
    status,
    ...(retryAfter ? { retryAfter } : {}),
    ...(PER_CALL_LIMIT_TEXT.test(text) ? { scope: 'call' as const } : {}),
  });
}
