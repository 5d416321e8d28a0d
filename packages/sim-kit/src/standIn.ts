/**
 * A mainnet provider's stand-in: an HTTP proxy in front of a local chain (or simulator) that speaks the same public
 * API, adding what the real public provider does and a local chain does not (../shared/reference/apis/
 * mainnet-behaviour.md): slow calls (Horizon's synchronous submit), the provider's rate limit with its own answer
 * shape and penalty, required keys, disabled calls, and answers that never come back after the upstream accepted the
 * request (a submit that landed while the client timed out). Each provider's behaviour is a `Behaviour` in
 * ./providers.ts; the rehearsal suites (apps/server/src/chains/rehearsal) put the server's mainnet profile in front
 * of these stand-ins.
 *
 * The stand-in records every request it was sent (`requests`), so a suite can assert what the server did: how many
 * calls a page cost, that a resent submit carried the same bytes.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './http.js';

export interface StandInRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  /** JSON-RPC method names of the body (one, or each of a batch); [] when the body is not JSON-RPC. */
  rpcMethods: string[];
  /** Milliseconds since the epoch when it arrived. */
  at: number;
}

/** An answer the stand-in gives itself instead of the upstream's. */
export interface Canned {
  status: number;
  headers?: Record<string, string>;
  /** A string is sent as is (text/plain unless a content-type header says otherwise); anything else as JSON. */
  body: unknown;
}

export interface RateLimit {
  /** Requests allowed per window, per key. */
  max: number;
  windowMs: number;
  /** What is counted together (default: every request; e.g. Solana counts per method too). */
  key?(r: StandInRequest): string;
  /** The requests this limit applies to (default: every one; e.g. TronGrid's keyless limit spares keyed calls). */
  when?(r: StandInRequest): boolean;
  /** After a refusal, every request is refused for this long (TronGrid's ~30 s suspension). */
  penaltyMs?: number;
  /** The provider's own refusal (status, body, Retry-After in seconds). */
  answer(r: StandInRequest, retryAfterSec: number): Canned;
}

export interface Behaviour {
  /** The provider's name in logs and test titles (`horizon`, `trongrid`, …). */
  name: string;
  /** Wait this long before forwarding (slow calls). */
  delayMs?(r: StandInRequest): number;
  /** Wait this long after the upstream answered (a call answered only once its effect is done: Horizon's submit). */
  delayAfterMs?(r: StandInRequest): number;
  /** One or more rate limits (all must allow the request). */
  limits?: RateLimit[];
  /** A required API key: `present` checks the request, `answer` is the provider's refusal without it. */
  key?: { present(r: StandInRequest): boolean; answer(r: StandInRequest): Canned };
  /** A canned answer before forwarding (disabled calls, page-size refusals, history the node does not keep). */
  intercept?(r: StandInRequest): Canned | undefined;
  /** The body forwarded instead of the request's (e.g. a history node that numbers differently); undefined: as is. */
  forwardBody?(r: StandInRequest): string | undefined;
  /** Rewrites the upstream's answer (e.g. a provider that pages differently from the local chain). */
  rewrite?(r: StandInRequest, a: { status: number; body: string }): { status: number; body: string };
}

/** Faults a test switches on and off at run time (`standIn.fault = …`). */
export type Fault =
  | undefined
  /** Accept the connection, never answer. */
  | 'hang'
  /** Forward to the upstream (it acts on the request), then never answer the client. */
  | 'dropAfterForward'
  /** 503 before forwarding. */
  | 'down';

export interface StandIn {
  url: string;
  behaviour: Behaviour;
  requests: StandInRequest[];
  fault: Fault;
  /** Requests whose fault applies (default: every one). */
  faultWhen: ((r: StandInRequest) => boolean) | undefined;
  /** Forget the recorded requests and the rate-limit state. */
  reset(): void;
  close(): Promise<void>;
}

export interface StandInOptions {
  /** Base URL of the local chain's API this provider's paths are forwarded to (path and query appended). */
  upstream: string;
  behaviour: Behaviour;
  host?: string;
  port?: number;
  /** Largest request body read (bytes). Default 4 MB. */
  maxBodyBytes?: number;
}

function rpcMethodsOf(body: string): string[] {
  if (!body.startsWith('{') && !body.startsWith('[')) return [];
  try {
    const j = JSON.parse(body) as unknown;
    const list = Array.isArray(j) ? j : [j];
    return list.flatMap((m) =>
      m && typeof m === 'object' && typeof (m as { method?: unknown }).method === 'string'
        ? [(m as { method: string }).method]
        : [],
    );
  } catch {
    return [];
  }
}

/** Sliding-window counters per key, with an optional penalty after a refusal. */
class Limiter {
  private hits = new Map<string, number[]>();
  private penaltyUntil = 0;
  constructor(readonly l: RateLimit) {}
  /** undefined: allowed (and counted); else seconds until a retry may succeed. */
  take(r: StandInRequest): number | undefined {
    if (this.l.when && !this.l.when(r)) return undefined;
    const now = r.at;
    if (now < this.penaltyUntil) return Math.ceil((this.penaltyUntil - now) / 1000);
    const key = this.l.key?.(r) ?? '';
    const list = (this.hits.get(key) ?? []).filter((t) => t > now - this.l.windowMs);
    if (list.length >= this.l.max) {
      this.hits.set(key, list);
      if (this.l.penaltyMs) this.penaltyUntil = now + this.l.penaltyMs;
      const wait = this.l.penaltyMs ?? list[0]! + this.l.windowMs - now;
      return Math.max(1, Math.ceil(wait / 1000));
    }
    list.push(now);
    this.hits.set(key, list);
    return undefined;
  }
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

/** Starts a stand-in on loopback (a free port unless `port` is given). */
export async function startStandIn(o: StandInOptions): Promise<StandIn> {
  const max = o.maxBodyBytes ?? 4_000_000;
  const upstream = o.upstream.replace(/\/$/, '');
  let limiters = (o.behaviour.limits ?? []).map((l) => new Limiter(l));
  const standIn: StandIn = {
    url: '',
    behaviour: o.behaviour,
    requests: [],
    fault: undefined,
    faultWhen: undefined,
    reset() {
      standIn.requests.length = 0;
      limiters = (o.behaviour.limits ?? []).map((l) => new Limiter(l));
    },
    close: async () => undefined,
  };

  const send = (res: import('node:http').ServerResponse, c: Canned) => {
    const text = typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
    const type = typeof c.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json';
    res.writeHead(c.status, { 'content-type': type, ...c.headers });
    res.end(text);
  };

  const server: Server = createServer((req, res) => {
    readBody(req, max, (body) => {
      void (async () => {
        const u = new URL(req.url ?? '/', 'http://stand-in');
        const r: StandInRequest = {
          method: req.method ?? 'GET',
          path: u.pathname,
          query: u.searchParams,
          headers: req.headers,
          body,
          rpcMethods: rpcMethodsOf(body),
          at: Date.now(),
        };
        standIn.requests.push(r);
        const b = o.behaviour;
        const faulty = standIn.fault && (standIn.faultWhen?.(r) ?? true) ? standIn.fault : undefined;
        if (faulty === 'hang') return; // the socket stays open until the client gives up
        if (faulty === 'down') return send(res, { status: 503, body: 'Service Unavailable' });
        if (b.key && !b.key.present(r)) return send(res, b.key.answer(r));
        for (const l of limiters) {
          const wait = l.take(r);
          if (wait !== undefined) return send(res, l.l.answer(r, wait));
        }
        const canned = b.intercept?.(r);
        if (canned) return send(res, canned);
        const delay = b.delayMs?.(r) ?? 0;
        if (delay > 0) await new Promise((ok) => setTimeout(ok, delay));
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers))
          if (typeof v === 'string' && !HOP_BY_HOP.has(k)) headers[k] = v;
        const up = await fetch(`${upstream}${u.pathname}${u.search}`, {
          method: r.method,
          headers,
          ...(r.method === 'GET' || r.method === 'HEAD' ? {} : { body: b.forwardBody?.(r) ?? body }),
          redirect: 'manual',
        });
        let answer = { status: up.status, body: await up.text() };
        if (faulty === 'dropAfterForward') return; // the upstream acted on it; the client hears nothing
        const after = b.delayAfterMs?.(r) ?? 0;
        if (after > 0) await new Promise((ok) => setTimeout(ok, after));
        if (b.rewrite) answer = b.rewrite(r, answer);
        const type = up.headers.get('content-type') ?? 'application/json';
        res.writeHead(answer.status, { 'content-type': type });
        res.end(answer.body);
      })().catch((e: unknown) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`stand-in error: ${e instanceof Error ? e.message : String(e)}`);
      });
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', () => ok());
  });
  const { port } = server.address() as AddressInfo;
  standIn.url = `http://${o.host ?? '127.0.0.1'}:${port}`;
  standIn.close = () =>
    new Promise<void>((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    });
  return standIn;
}

/** A URL on loopback where nothing listens: a provider that is gone (dead hosts in the defaults). */
export async function deadUrl(host = '127.0.0.1'): Promise<string> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, host, () => ok()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((ok) => s.close(() => ok()));
  return `http://${host}:${port}`;
}
