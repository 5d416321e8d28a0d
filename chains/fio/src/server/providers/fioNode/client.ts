/** The FIO node's client: its options, its POST JSON call, FIO's error message and the "404 is empty" rule. */
import type { z } from 'zod';
import { ProviderError, httpRequest, validate, type FetchFn } from '@secux-companion/server-kit/failover';
import { parseLosslessJson } from '@secux-companion/server-kit/losslessJson';
import type { FioProvider } from '../../backend.js';

export interface FioNodeOptions {
  name: string;
  /** Node base URL (its /v1/chain and /v1/history are used). */
  url: string;
  fetch: FetchFn;
  timeoutMs: number;
}

/** FIO's message of an error body: the API layer's `message` / fields, or the chain's assertion text. */
export function fioErrorMessage(body: unknown): string {
  if (typeof body !== 'object' || body === null) return 'FIO node error';
  const b = body as Record<string, unknown>;
  const fields = Array.isArray(b.fields) ? b.fields : [];
  const first = fields[0] as { error?: unknown } | undefined;
  if (typeof first?.error === 'string') return first.error;
  const err = b.error as { name?: unknown; what?: unknown; details?: { message?: unknown }[] } | undefined;
  // An authorization refusal's detail lists keys, permissions and delays; its `what` is the sentence to show.
  if (err?.name === 'unsatisfied_authorization' && typeof err.what === 'string') return err.what;
  const detail = err?.details?.[0]?.message;
  if (typeof detail === 'string') return detail.replace(/^assertion failure with message: /, '');
  if (typeof b.message === 'string') return b.message;
  if (typeof err?.what === 'string') return err.what;
  return 'FIO node error';
}

/** What every node operation works with. */
export interface FioNode {
  readonly o: FioNodeOptions;
  /** The node's base URL, without a trailing slash. */
  readonly base: string;
  /** POST JSON to `path`; a 400 is the caller's fault (badRequest with FIO's message). */
  post<S extends z.ZodType>(
    path: string,
    body: Record<string, unknown>,
    schema: S,
    signal: AbortSignal,
  ): Promise<z.output<S>>;
}

export function createFioClient(o: FioNodeOptions): FioNode {
  const base = o.url.replace(/\/+$/, '');
  return {
    o,
    base,
    async post(path, body, schema, signal) {
      const a = await httpRequest(o.fetch, base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
        pass: [400],
      });
      // SUF are JSON numbers: read losslessly, a balance above 2^53 keeps every digit (losslessJson.ts).
      const json = parseLosslessJson(a.text);
      if (a.status === 400) throw new ProviderError('badRequest', fioErrorMessage(json), { status: 400 });
      return validate(schema, json, path);
    },
  };
}

/** A 404 with a message is an empty result where the spec says so: `empty` instead. */
export async function orEmpty<T>(p: Promise<T>, empty: T): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof ProviderError && e.kind === 'notFound') return empty;
    throw e;
  }
}

/** One of the provider's operations, over the node's client. */
export type NodeOp<K extends keyof FioProvider> = FioProvider[K] extends (...a: infer A) => infer R
  ? (n: FioNode, ...a: A) => R
  : never;
