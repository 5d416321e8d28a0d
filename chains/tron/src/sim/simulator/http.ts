/**
 * The simulator's HTTP face: the test control under /_localnet/, TronGrid's /v1/ index, the solidity node's
 * /walletsolidity/ and the full node's /wallet/ (java-tron's bodies: a parse error as JsonFormat's, an unserved
 * path 404 'this API is unavailable due to config', a thrown error 500).
 */
import { toHex41 } from './codec.js';
import { CONTROL_PREFIX } from './constants.js';
import type { TronState } from './state.js';
import { index } from './trongrid.js';
import { solidity, wallet } from './wallet/index.js';

/** The status and body of a request to `url` (path and query) with `text` as its body. */
export function answer(s: TronState, method: string, url: string, text: string): [number, unknown] {
  const [path = '', query = ''] = url.split('?');
  let body: unknown;
  try {
    if (path.startsWith(CONTROL_PREFIX)) body = control(s, method, path.slice(CONTROL_PREFIX.length), text);
    else if (path.startsWith('/v1/')) body = index(s, path, new URLSearchParams(query));
    else if (path.startsWith('/walletsolidity/'))
      body = solidity(s, path.slice('/walletsolidity/'.length), lenientJson(text));
    else if (path.startsWith('/wallet/')) {
      const input = strictJson(text);
      body = input
        ? wallet(s, path.slice('/wallet/'.length), input)
        : { Error: 'class org.tron.core.services.http.JsonFormat$ParseException : invalid JSON' };
    }
    if (body === undefined) return [404, { Error: 'this API is unavailable due to config' }];
  } catch (e) {
    return [500, { Error: `class java.lang.Exception : ${e instanceof Error ? e.message : String(e)}` }];
  }
  return [200, body];
}

/** The solidity node's body: JSON, else nothing. */
function lenientJson(text: string): Record<string, unknown> {
  try {
    return text.trim() ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The full node's body: JSON (none is {}), undefined when it does not parse. */
function strictJson(text: string): Record<string, unknown> | undefined {
  if (!text.trim()) return {};
  let input: Record<string, unknown>;
  try {
    input = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  return input.__invalid ? undefined : input;
}

/** Test-only control API (loopback only): POST block (seal one now), POST exhaust {address}, GET state. */
export function control(s: TronState, method: string, what: string, body: string): unknown {
  if (method === 'POST' && what === 'block') s.produceBlock();
  else if (method === 'POST' && what === 'exhaust') {
    const a = (JSON.parse(body || '{}') as { address?: string }).address;
    if (!toHex41(a)) return undefined;
    s.exhaustBandwidth(a!);
  } else if (!(method === 'GET' && what === 'state')) return undefined;
  return { head: s.head.number, pending: s.pending.length, transactions: s.order.length };
}
