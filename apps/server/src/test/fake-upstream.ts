/** A tiny local HTTP server standing in for an upstream API (CoinGecko, Unstoppable Domains) in tests. */
import type http from 'node:http';
import { startServer, type TestServer } from '@secux-companion/server-kit/testing/servers';

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

export type FakeUpstream = TestServer<FakeRequest, FakeHandler>;

/** The chain tests' server (servers.ts), answering JSON only: a string body is sent as-is, a throw is a 500 `{}`. */
export async function startFakeUpstream(handler: FakeHandler): Promise<FakeUpstream> {
  let h = handler;
  const server = await startServer(async (req) => {
    try {
      const { status, body, delayMs } = await h(req);
      return { status, body, delayMs, headers: { 'content-type': 'application/json' } };
    } catch {
      return { status: 500, body: '{}' };
    }
  });
  return { ...server, setHandler: (nh) => void (h = nh) };
}
