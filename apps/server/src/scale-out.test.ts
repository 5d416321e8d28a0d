/**
 * Scaling out: several server instances against one PostgreSQL database (behind a load balancer) start together on an
 * empty database (migrations and seeding run once) and serve the same data, whichever instance wrote it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { setRemoteConfig } from './content/remote-config.js';
import { buildImage, samplePayload } from './firmware/image.js';
import { publishRelease } from './firmware/store.js';
import { BACKENDS, INDEX_HTML, makeTestConfig } from './test/harness.js';
import { startPostgres, type PgCluster } from './test/postgres.js';

const postgres = BACKENDS.find((b) => b.name === 'postgres')!;

describe.skipIf(!postgres.enabled)('two instances on one PostgreSQL', () => {
  let cluster: PgCluster;
  let tmp: string;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    cluster = await startPostgres('wallet_scale');
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-scale-'));
    fs.mkdirSync(path.join(tmp, 'web'), { recursive: true });
    fs.writeFileSync(path.join(tmp, 'web', 'index.html'), INDEX_HTML);
    // The same configuration on both (DATA_DIR, where firmware images live, is a shared volume).
    const config = makeTestConfig(tmp, {}, cluster.url);
    // Both start at once on the empty database: migrations and sample seeding race.
    [a, b] = await Promise.all([buildApp(config, { logger: false }), buildApp(config, { logger: false })]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await cluster?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('start together on an empty database: migrated once, seeded once', async () => {
    for (const app of [a, b]) {
      expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok', db: 'postgres' });
      const news = (await app.inject({ url: '/api/content/news?limit=50' })).json();
      expect(news.news).toHaveLength(5);
    }
    const releases = await a.deps.dbh.db.selectFrom('firmware_release').select('id').execute();
    expect(releases).toHaveLength(3);
  });

  it('a transaction log written through one is a duplicate through the other', async () => {
    const body = {
      hash: `0x${'ab'.repeat(32)}`,
      chain: 'ETH',
      context: { kind: 'coin', result: 'state-010' },
    };
    const first = await a.inject({ method: 'POST', url: '/api/txlog', payload: body });
    expect(first.statusCode).toBe(201);
    const again = await b.inject({ method: 'POST', url: '/api/txlog', payload: body });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ duplicate: true });
  });

  it('a firmware release published through one is served by the other', async () => {
    const image = buildImage('mcu', '2.31', samplePayload('mcu', '2.31', 4096));
    await publishRelease(a.deps.dbh, a.deps.config.firmwareDir, {
      kind: 'mcu',
      version: '2.31',
      date: '2025-06-01',
      features: { en: ['Scale-out release'] },
      image,
    });
    const latest = await b.inject({ url: '/api/firmware/latest?mcu=2.30' });
    expect(latest.json()).toMatchObject({ latestFirmwareVersion: '2.31', status: 'welcome' });
    const dl = await b.inject({ url: '/api/firmware/downloadMcu' });
    expect(dl.headers['x-firmware-version']).toBe('2.31');
    expect(dl.rawPayload.equals(image)).toBe(true);
  });

  it('content and remote configuration changed through one are served by the other', async () => {
    await setRemoteConfig(b.deps.dbh, 'maxFeeLimit', 777);
    expect((await a.inject({ url: '/api/config' })).json()).toMatchObject({ maxFeeLimit: 777 });
    await a.deps.dbh.db
      .insertInto('news')
      .values({
        date: '2030-01-01',
        title: JSON.stringify({ en: 'Scaled out' }),
        content: JSON.stringify({ en: 'Two instances, one database.' }),
        created_at: new Date().toISOString(),
      })
      .execute();
    const news = (await b.inject({ url: '/api/content/news?limit=1' })).json();
    expect(JSON.stringify(news)).toContain('Scaled out');
  });
});
