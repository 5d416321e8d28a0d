/**
 * buildApp(config): the Fastify instance serving the JSON API under /api/ and the web app (WEB_DIST) with an
 * SPA fallback. The database is opened and migrated here (and closed by app.close()).
 */
import fs from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { clientErrorHandler } from './clientError.js';
import type { Config } from './config.js';
import type { AppDeps, FetchFn } from './deps.js';
import { openAndMigrate, type DbHandle } from './db/index.js';
import { HttpError } from '@secux-companion/server-kit/errors';
import { createPriceService } from './prices/service.js';
import { registerBuyRoutes } from './routes/buy.js';
import { registerContentRoutes } from './routes/content.js';
import { registerDomainRoutes } from './routes/domain.js';
import { registerEmulatorRoutes } from './routes/emulator.js';
import { FAMILIES, registerChainRoutes } from './chains/registry.js';
import { registerFirmwareRoutes } from './routes/firmware.js';
import { registerPriceRoutes } from './routes/prices.js';
import { registerTxLogRoutes } from './routes/txlog.js';
import { HSTS_VALUE, securityHeaders } from './security.js';
import { seedIfEmpty } from './seed.js';
import { readRemoteConfig } from './content/remote-config.js';

/** How often the remote config's extra RPCs are read again. */
const EXTRA_RPCS_REFRESH_MS = 60_000;

/** The extra RPCs of a stored value: chain → list of URL strings (anything else is left out). */
export function extraRpcsOf(value: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [chain, list] of Object.entries(value))
    if (Array.isArray(list)) out[chain] = list.filter((u): u is string => typeof u === 'string').slice(0, 16);
  return out;
}

export interface BuildOptions {
  /** Use an already opened database (it is then NOT closed by app.close()). */
  dbh?: DbHandle;
  /** Outbound HTTP (tests inject fakes). */
  fetch?: FetchFn;
  /** Override the logger (tests pass false). */
  logger?: boolean;
  /** Write logs to this stream instead of stdout (tests). */
  logStream?: { write(msg: string): void };
  /** Told of every route as it is registered (tests enumerate them, e.g. the fuzz test). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** The chain providers' variables (CHAIN_*, …) instead of process.env (the mainnet rehearsal's stand-ins). */
  chainEnv?: Record<string, string | undefined>;
}

/** One info line per request ("request completed": method, path, status, time); the incoming line is debug only. */
class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 100) / 100 };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}

/** Path part of a URL, without the query string (queries can carry addresses; never log them). */
const pathOnly = (url: string | undefined): string => (url ?? '').split('?')[0] ?? '';

export type { AppDeps, FetchFn } from './deps.js';

/**
 * Fastify's trustProxy from TRUST_PROXY. A hop count becomes a function trusting the nearest N addresses (the socket
 * peer and the last N-1 X-Forwarded-For entries), so the client IP is the entry the outermost trusted proxy wrote;
 * what the client itself put in the header sits further left and is never read. (Fastify's own numeric option trusts
 * nothing at all.) An address list is handed over as is (proxy-addr compiles it).
 */
export function fastifyTrustProxy(
  tp: Config['trustProxy'],
): false | string[] | ((addr: string, i: number) => boolean) {
  if (tp === false) return false;
  if ('hops' in tp) {
    const hops = tp.hops;
    return (_addr, i) => i < hops;
  }
  return tp.proxies;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const ownDb = !opts.dbh;
  const dbh = opts.dbh ?? (await openAndMigrate(config.db));
  try {
    await seedIfEmpty(dbh, config);
  } catch (e) {
    if (ownDb) await dbh.close();
    throw e;
  }
  const fetchFn = opts.fetch ?? globalThis.fetch;

  const app = Fastify({
    bodyLimit: config.bodyLimit,
    clientErrorHandler,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Above info level nothing per-request is logged, so skip creating a child logger for every request.
    ...(['warn', 'error', 'fatal', 'silent'].includes(config.logLevel)
      ? { childLoggerFactory: (logger: FastifyBaseLogger) => logger }
      : {}),
    logController: new RequestLogController({ disableRequestLogging: (req) => req.url === '/healthz' }),
    routerOptions: { maxParamLength: 256, ignoreTrailingSlash: true },
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            // No pid/hostname; requests are logged as method + path only: no IPs, ports, host names or query strings.
            base: undefined,
            serializers: {
              req: (req: { method?: string; url?: string }) => ({
                method: req.method,
                path: pathOnly(req.url),
              }),
              res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
            },
          },
  });

  const onRoute = opts.onRoute;
  if (onRoute) app.addHook('onRoute', (r) => onRoute({ method: r.method, url: r.url }));

  const deps: AppDeps = { config, dbh, fetch: fetchFn, prices: createPriceService(config, fetchFn) };
  app.decorate('deps', deps);
  if (ownDb) app.addHook('onClose', async () => dbh.close());

  // Security headers on every response, including errors and 404s.
  const headers = securityHeaders(config);
  const headerEntries = Object.entries(headers);
  app.addHook('onRequest', (req, reply, done) => {
    for (const [k, v] of headerEntries) reply.header(k, v);
    // req.protocol reads X-Forwarded-Proto only when the peer is a trusted proxy (see fastifyTrustProxy).
    if (config.hsts || req.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    done();
  });

  app.setErrorHandler(
    (
      err: Error & { statusCode?: number; extra?: Record<string, unknown>; validation?: unknown },
      req,
      reply,
    ) => {
      const status =
        typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600
          ? err.statusCode
          : 500;
      if (status >= 500) {
        req.log.error({ err, path: pathOnly(req.url) }, 'request failed');
        // A code the route gave (e.g. buy_not_configured) names the web app's translated message.
        const code =
          err instanceof HttpError && typeof err.extra?.code === 'string' ? err.extra.code : 'internal';
        return reply.status(status).send({ error: 'Internal Server Error', code, statusCode: status });
      }
      const extra = err instanceof HttpError ? err.extra : undefined;
      return reply.status(status).send({ error: err.message, statusCode: status, ...extra });
    },
  );

  // Without an allowlist the API is same-origin only: no CORS headers at all (and no per-request CORS work).
  if (config.corsOrigins.length) {
    await app.register(cors, {
      origin: (origin, cb) =>
        cb(null, !!origin && (config.corsOrigins.includes('*') || config.corsOrigins.includes(origin))),
      methods: ['GET', 'HEAD', 'POST'],
      maxAge: 600,
    });
  }

  // The per-client limits: every API route (RATE_LIMIT_MAX per window) and the transaction log's daily cap, which
  // routes/txlog.ts applies through the plugin's `rateLimit` decorator. Counters live in this instance's memory.
  // The web app's files and shell are not counted: one page load fetches about 150 of them (hashed assets, cached as
  // immutable), and counting them gave a user 429s and a blank page after about eight loads a minute (issue 29).
  if (config.rateLimit.max > 0 || config.txLog.dailyCap > 0) {
    await app.register(rateLimit, {
      global: config.rateLimit.max > 0,
      allowList: (req) => {
        const p = pathOnly(req.url);
        return p !== '/api' && !p.startsWith('/api/');
      },
      max: config.rateLimit.max,
      timeWindow: config.rateLimit.windowMs,
      cache: 20000,
      // Rate-limit headers only on 429 answers (saves work on every request).
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      errorResponseBuilder: (_req, ctx) => new HttpError(429, `rate limit exceeded, retry in ${ctx.after}`),
    });
  }

  app.get('/healthz', { config: { rateLimit: false } }, async (_req, reply) => {
    try {
      await dbh.ping();
      return { status: 'ok', db: dbh.kind };
    } catch {
      return reply.status(503).send({ status: 'error', db: dbh.kind });
    }
  });

  // The remote config's extra RPCs (spec 01 §9), read at start and every minute (the admin tool writes them to the
  // database): the EVM chains try them after their own nodes (chains/evm config/extraRpcs.ts).
  let extraRpcs: Record<string, string[]> = {};
  const readExtraRpcs = async () => {
    try {
      extraRpcs = extraRpcsOf((await readRemoteConfig(dbh)).extraRpcs);
    } catch (e) {
      app.log.warn({ err: e }, 'extra RPCs could not be read; the last ones stay');
    }
  };
  await readExtraRpcs();
  const extraRpcsTimer = setInterval(() => void readExtraRpcs(), EXTRA_RPCS_REFRESH_MS);
  extraRpcsTimer.unref();
  app.addHook('onClose', async () => clearInterval(extraRpcsTimer));

  await app.register(
    async (api) => {
      registerFirmwareRoutes(api, deps);
      registerContentRoutes(api, deps);
      registerTxLogRoutes(api, deps);
      registerPriceRoutes(api, deps);
      registerBuyRoutes(api, deps);
      registerDomainRoutes(api, deps);
      registerEmulatorRoutes(api, deps);
      registerChainRoutes(api, deps, {
        ...(opts.chainEnv ? { env: opts.chainEnv } : {}),
        extraRpcs: () => extraRpcs,
      });
      for (const family of FAMILIES) family.register?.(api, deps);
    },
    { prefix: '/api' },
  );

  registerWebApp(app, config);
  return app;
}

/** Static web app with SPA fallback; a clear 503 while the web app has not been built. */
function registerWebApp(app: FastifyInstance, config: Config): void {
  const indexFile = path.join(config.webDist, 'index.html');
  const distExists = fs.existsSync(config.webDist) && fs.statSync(config.webDist).isDirectory();
  const notBuilt = (reply: FastifyReply) =>
    reply
      .status(503)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `The web app has not been built: ${indexFile} is missing.\n` +
          'Build it with `npm run build` (from the repository root), or set WEB_DIST to a built copy, then restart the server.\n',
      );

  if (distExists) {
    app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      dotfiles: 'ignore',
      setHeaders: (res, filePath) => {
        if (filePath.endsWith('.html')) res.header('cache-control', 'no-cache');
        else if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  } else {
    app.get('/', async (_req, reply) => notBuilt(reply));
  }

  app.setNotFoundHandler(async (req: FastifyRequest, reply: FastifyReply) => {
    const p = pathOnly(req.url);
    const isApi = p === '/api' || p.startsWith('/api/');
    const lastSegment = p.slice(p.lastIndexOf('/') + 1);
    const wantsHtml = (req.headers.accept ?? '').includes('text/html');
    if (
      !isApi &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      !lastSegment.includes('.') &&
      wantsHtml
    ) {
      if (!fs.existsSync(indexFile)) return notBuilt(reply);
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));
    }
    return reply
      .status(404)
      .send({ error: isApi ? `no such API endpoint: ${req.method} ${p}` : 'Not Found', statusCode: 404 });
  });
}
