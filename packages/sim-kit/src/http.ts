/**
 * The HTTP plumbing every in-process simulator shares (XRP Ledger, Stellar, TRON, FIO, Solana): servers on loopback
 * ports, each request's body read whole and bounded before the simulator's handler sees it, the block / ledger timer,
 * and a stop that frees the ports. What a simulator answers stays its own (each speaks its chain's API).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';

export interface Served {
  /** One URL per port, in the order asked. */
  urls: string[];
  stop(): Promise<void>;
}

export interface ServeOptions {
  /** Ports to listen on (0 = a free one); each serves the same handler (Solana's two nodes of one ledger). */
  ports: readonly number[];
  host: string;
  /** Answers one request; a throw answers 500. */
  handle: (req: IncomingMessage, body: string, res: ServerResponse) => void | Promise<void>;
  /** A repeating tick (a block, a ledger close); none when ms is 0. */
  tick?: { ms: number; run: () => void };
  /** Largest body read (bytes); a longer request is cut off. Default 4 MB. */
  maxBodyBytes?: number;
}

/** Reads a request's body whole, at most `max` bytes: a longer request is cut off and `then` never runs. */
export function readBody(req: IncomingMessage, max: number, then: (body: string) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (c: Buffer) => {
    size += c.length;
    if (size > max) req.destroy();
    else chunks.push(c);
  });
  req.on('end', () => then(Buffer.concat(chunks).toString('utf8')));
}

/** Listens on every port (rejecting with the listen error, e.g. EADDRINUSE, after closing what did open). */
export async function serve(o: ServeOptions): Promise<Served> {
  const max = o.maxBodyBytes ?? 4_000_000;
  const servers: Server[] = [];
  let timer: NodeJS.Timeout | undefined;
  const stop = async () => {
    clearInterval(timer);
    await Promise.all(
      servers.splice(0).map(
        (s) =>
          new Promise<void>((r) => {
            s.closeAllConnections();
            s.close(() => r());
          }),
      ),
    );
  };
  const onRequest = (req: IncomingMessage, res: ServerResponse) =>
    readBody(req, max, (body) => {
      void (async () => o.handle(req, body, res))().catch((e: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: e instanceof Error ? e.message : String(e) }));
      });
    });
  try {
    for (const port of o.ports) {
      const server = createServer(onRequest);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, o.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      servers.push(server);
    }
  } catch (e) {
    await stop();
    throw e;
  }
  if (o.tick?.ms) {
    timer = setInterval(o.tick.run, o.tick.ms);
    timer.unref();
  }
  return {
    urls: servers.map((s) => `http://${o.host}:${(s.address() as AddressInfo).port}`),
    stop,
  };
}

/** The loopback host every local chain listens on. */
export const HOST = '127.0.0.1';

/** A free TCP port on the loopback interface (or on `host`). */
export function freePort(host = HOST): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.once('error', reject);
    s.listen(0, host, () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
