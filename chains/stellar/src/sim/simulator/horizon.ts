/** Horizon's answer shapes every route shares: problem+json errors, HAL pages, amounts in 7-decimal XLM. */
import type { ServerResponse } from 'node:http';

export type Json = Record<string, unknown>;

/** A route's answer: HTTP status and JSON body. */
export interface Answer {
  status: number;
  json: unknown;
}

/** 1 XLM in stroops. */
export const XLM = 10_000_000n;
export const INT64_MAX = 2n ** 63n - 1n;

export const problem = (type: string, title: string, status: number, detail: string, extras?: Json) => ({
  type: `https://stellar.org/horizon-errors/${type}`,
  title,
  status,
  detail,
  ...(extras ? { extras } : {}),
});

export const NOT_FOUND = problem(
  'not_found',
  'Resource Missing',
  404,
  'The resource at the url requested was not found.  This usually occurs for one of two reasons:  The url requested is not valid, or no data in our database could be found with the parameters provided.',
);

/** Horizon's 400 for a request parameter it refuses (`extras.invalid_field`, `extras.reason`). */
export const badRequest = (invalid_field: string, reason: string): Answer => ({
  status: 400,
  json: problem('bad_request', 'Bad Request', 400, 'The request you sent was invalid in some way.', {
    invalid_field,
    reason,
  }),
});

/** Stroops → Horizon's amount ("12.5000000"). */
export function amount7(v: bigint): string {
  const s = v.toString().padStart(8, '0');
  return `${s.slice(0, -7)}.${s.slice(-7)}`;
}

/** "12.5" / "12.5000000" → stroops. */
export function stroops(v: string): bigint {
  const [i = '0', f = ''] = v.split('.');
  return BigInt(i) * XLM + BigInt(f.padEnd(7, '0').slice(0, 7));
}

export function page(records: unknown[]): Json {
  return { _links: { self: { href: '' }, next: { href: '' }, prev: { href: '' } }, _embedded: { records } };
}

/** Writes an answer: HAL JSON, or problem+json for an error status. */
export function send(res: ServerResponse, status: number, json: unknown): void {
  res
    .writeHead(status, {
      'content-type':
        status >= 400 ? 'application/problem+json; charset=utf-8' : 'application/hal+json; charset=utf-8',
    })
    .end(JSON.stringify(json));
}

/** The seconds-precision timestamp Horizon writes (`created_at`, `closed_at`). */
export const isoNow = (): string => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
