/**
 * Local HTTP servers for the chain provider tests: fixture servers, JSON-RPC nodes, and misbehaving upstreams
 * (refusing, hanging, 500, 429, garbage, wrong chain id). All listen on 127.0.0.1 with a random port.
 */
import http from 'node:http';
import net from 'node:net';

export interface Req {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: unknown;
}
export interface Res {
  status?: number;
  /** Object → JSON; string → sent as-is. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Never answer (the client must time out). */
  hang?: boolean;
  delayMs?: number;
}
export type Handler = (req: Req) => Res | Promise<Res>;

export interface TestServer<R = Req, H = Handler> {
  url: string;
  requests: R[];
  setHandler(h: H): void;
  close(): Promise<void>;
}

export async function startServer(handler: Handler): Promise<TestServer> {
  let h = handler;
  const requests: Req[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const u = new URL(req.url ?? '/', 'http://x');
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = body ? JSON.parse(body) : undefined;
      } catch {
        json = undefined;
      }
      const r: Req = {
        method: req.method ?? 'GET',
        path: u.pathname,
        query: u.searchParams,
        headers: req.headers,
        body,
        json,
      };
      requests.push(r);
      let out: Res;
      try {
        out = await h(r);
      } catch (e) {
        out = { status: 500, body: { error: String(e) } };
      }
      if (out.hang) return; // keep the socket open, never answer
      if (out.delayMs) await new Promise((ok) => setTimeout(ok, out.delayMs));
      const text = typeof out.body === 'string' ? out.body : jsonText(out.body ?? null);
      res.writeHead(out.status ?? 200, {
        'content-type': typeof out.body === 'string' ? 'text/plain' : 'application/json',
        ...out.headers,
      });
      res.end(text);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setHandler: (nh) => void (h = nh),
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/**
 * JSON text of a fake's answer; a bigint is written as a JSON number with every digit, as nodes write u64 amounts
 * (`JSON.stringify` cannot write one, and a number above 2^53 would lose digits before it was sent).
 */
export function jsonText(v: unknown): string {
  const tag = `big-${Math.random().toString(36).slice(2)}-`;
  let found = false;
  const text = JSON.stringify(v, (_k, x: unknown) =>
    typeof x === 'bigint' ? ((found = true), `${tag}${x.toString()}`) : x,
  );
  return found ? text.replace(new RegExp(`"${tag}(-?\\d+)"`, 'g'), '$1') : text;
}

/** A loopback URL where nothing listens (connection refused). */
export async function refusedUrl(): Promise<string> {
  const s = net.createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((ok) => s.close(() => ok()));
  return `http://127.0.0.1:${port}`;
}

export type RpcMethods = Record<string, (params: unknown[]) => unknown>;
export class RpcFail {
  constructor(
    readonly code: number,
    readonly message: string,
  ) {}
}

/** A JSON-RPC 2.0 node (single and batch requests). Throw/return RpcFail for an error answer. */
export function rpcHandler(methods: RpcMethods, opts: { errorStatus?: number } = {}): Handler {
  const one = (m: { id?: unknown; method?: string; params?: unknown[] }) => {
    const fn = methods[m.method ?? ''];
    if (!fn)
      return {
        jsonrpc: '2.0',
        id: m.id,
        error: { code: -32601, message: `the method ${m.method} does not exist/is not available` },
      };
    try {
      const result = fn(m.params ?? []);
      if (result instanceof RpcFail)
        return { jsonrpc: '2.0', id: m.id, error: { code: result.code, message: result.message } };
      return { jsonrpc: '2.0', id: m.id, result };
    } catch (e) {
      if (e instanceof RpcFail)
        return { jsonrpc: '2.0', id: m.id, error: { code: e.code, message: e.message } };
      throw e;
    }
  };
  return (req) => {
    const j = req.json as
      | { id?: unknown; method?: string; params?: unknown[] }
      | { id?: unknown; method?: string; params?: unknown[] }[];
    if (Array.isArray(j)) return { body: j.map(one) };
    const r = one(j);
    return { status: 'error' in r && opts.errorStatus ? opts.errorStatus : 200, body: r };
  };
}
