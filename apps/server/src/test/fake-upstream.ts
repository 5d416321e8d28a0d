/** A tiny local HTTP server standing in for an upstream API (CoinGecko, Unstoppable Domains) in tests. */
import http from 'node:http';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
}
export type FakeHandler = (
  req: FakeRequest,
) =>
  | { status?: number; body: unknown; delayMs?: number }
  | Promise<{ status?: number; body: unknown; delayMs?: number }>;

export interface FakeUpstream {
  url: string;
  requests: FakeRequest[];
  setHandler(h: FakeHandler): void;
  close(): Promise<void>;
}

export async function startFakeUpstream(handler: FakeHandler): Promise<FakeUpstream> {
  let h = handler;
  const requests: FakeRequest[] = [];
  const server = http.createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const fr: FakeRequest = {
      method: req.method ?? 'GET',
      path: u.pathname,
      query: u.searchParams,
      headers: req.headers,
    };
    requests.push(fr);
    try {
      const r = await h(fr);
      if (r.delayMs) await new Promise((ok) => setTimeout(ok, r.delayMs));
      res.writeHead(r.status ?? 200, { 'content-type': 'application/json' });
      res.end(typeof r.body === 'string' ? r.body : JSON.stringify(r.body));
    } catch {
      res.writeHead(500).end('{}');
    }
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
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
