/**
 * Test harness: one suite body runs against SQLite and against a real PostgreSQL cluster.
 *
 *   describe.each(BACKENDS)('thing ($name)', (backend) => {
 *     const t = useTestApp(backend, { env: { ... } });
 *     it('...', async () => { const res = await t.app.inject(...) });
 *   });
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { startPostgres, postgresOptedOut, type PgCluster } from './postgres.js';

export interface Backend {
  name: 'sqlite' | 'postgres';
  /** False only when TEST_OPT_OUT names `postgres` (the suite is then skipped, and counted as skipped). */
  enabled: boolean;
}

export const BACKENDS: Backend[] = [
  { name: 'sqlite', enabled: true },
  { name: 'postgres', enabled: !postgresOptedOut() },
];

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  tmp: string;
}

export interface TestAppOptions extends Omit<BuildOptions, 'dbh'> {
  /** Extra env vars; a function is evaluated in beforeAll (after earlier hooks, e.g. a fake upstream, ran). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Write a minimal built web app (index.html + assets/app.js) into WEB_DIST. Default true. */
  withWeb?: boolean;
}

export const INDEX_HTML =
  '<!doctype html><html><head><title>SecuX test</title></head><body><div id="root"></div></body></html>';

export function makeTestConfig(tmp: string, env: Record<string, string> = {}, databaseUrl?: string): Config {
  const r = loadConfig({
    WALLET_PROFILE: 'local',
    DATA_DIR: path.join(tmp, 'data'),
    WEB_DIST: path.join(tmp, 'web'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.config;
}

/** Registers beforeAll/afterAll hooks; the returned object is filled in before the tests run. */
export function useTestApp(backend: Backend, opts: TestAppOptions = {}): TestApp {
  const t = {} as TestApp;
  let cluster: PgCluster | undefined;
  beforeAll(async () => {
    t.tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-server-test-'));
    if (opts.withWeb !== false) {
      fs.mkdirSync(path.join(t.tmp, 'web', 'assets'), { recursive: true });
      fs.writeFileSync(path.join(t.tmp, 'web', 'index.html'), INDEX_HTML);
      fs.writeFileSync(path.join(t.tmp, 'web', 'assets', 'app-1234.js'), 'console.log("app");');
    }
    let url: string | undefined;
    if (backend.name === 'postgres') {
      cluster = await startPostgres();
      url = cluster.url;
    }
    t.config = makeTestConfig(t.tmp, typeof opts.env === 'function' ? opts.env() : opts.env, url);
    t.app = await buildApp(t.config, { logger: opts.logger ?? false, fetch: opts.fetch });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.app?.close();
    await cluster?.stop();
    if (t.tmp) fs.rmSync(t.tmp, { recursive: true, force: true });
  });
  return t;
}
