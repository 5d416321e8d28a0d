import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './admin.js';
import { buildApp } from './app.js';
import { parseImage } from './firmware/image.js';
import { BACKENDS, makeTestConfig } from './test/harness.js';
import { startPostgres, type PgCluster } from './test/postgres.js';

describe.each(BACKENDS)('admin tool ($name)', (backend) => {
  describe.skipIf(!backend.enabled)('', () => {
    let tmp = '';
    let cluster: PgCluster | undefined;
    let env: Record<string, string> = {};
    beforeAll(async () => {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-admin-'));
      env = {
        DATA_DIR: path.join(tmp, 'data'),
        WEB_DIST: path.join(tmp, 'web'),
        LOG_LEVEL: 'silent',
        RATE_LIMIT_MAX: '0',
      };
      if (backend.name === 'postgres') {
        cluster = await startPostgres();
        env.DATABASE_URL = cluster.url;
      }
    });
    afterAll(async () => {
      await cluster?.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
    });

    async function run(...argv: string[]) {
      const out: string[] = [];
      const err: string[] = [];
      const code = await main(
        argv,
        env,
        (l) => void out.push(l),
        (l) => void err.push(l),
      );
      return { code, out: out.join('\n'), err: err.join('\n') };
    }

    it('publishes, lists and serves a release; edits content and config', async () => {
      const img = path.join(tmp, 'mcu.bin');
      expect((await run('sample-image', '--kind', 'mcu', '--version', '2.40', '--out', img)).code).toBe(0);
      const pub = await run(
        'publish',
        '--kind',
        'mcu',
        '--version',
        '2.40',
        '--file',
        img,
        '--force',
        '--features-en',
        'One',
        '--features-en',
        'Two',
        '--features-pt',
        'Um',
      );
      expect(pub.err).toBe('');
      expect(pub.code).toBe(0);
      expect(pub.out).toMatch(/published mcu 2.40 .*FORCE/);
      expect(
        (await run('publish', '--kind', 'mcu', '--version', '2.40', '--file', img, '--features-en', 'x'))
          .code,
      ).toBe(1);
      expect((await run('list')).out).toContain('mcu-2.40.bin');
      expect(
        (
          await run(
            'news',
            'add',
            '--date',
            '2030-01-01',
            '--title-en',
            'Hello',
            '--title-pt',
            'Olá',
            '--content-en',
            'Body',
          )
        ).code,
      ).toBe(0);
      expect((await run('config', 'set', 'higherFeeLimit', '250')).code).toBe(0);
      expect((await run('config', 'set', 'higherFeeLimit', '"x"')).code).toBe(1);
      expect((await run('faq', 'add', '--question-en', 'Q?', '--answer-en', 'A.')).code).toBe(0);
      expect((await run('banner', 'set', '--enable', '--web-uri', 'https://x.example')).code).toBe(0);
      expect(
        (await run('log', 'add', '--kind', 'se', '--version', '1.99', '--features-en', 'SE text')).code,
      ).toBe(0);

      const app = await buildApp(makeTestConfig(tmp, env, env.DATABASE_URL), { logger: false });
      try {
        const latest = (await app.inject({ url: '/api/firmware/latest?mcu=2.30&lang=pt' })).json();
        expect(latest).toMatchObject({
          latestFirmwareVersion: '2.40',
          forceUpdate: true,
          status: 'force',
          features: ['Um'],
        });
        const dl = await app.inject({ url: '/api/firmware/downloadMcu' });
        expect(parseImage(dl.rawPayload).version).toBe('2.40');
        expect((await app.inject({ url: '/api/content/news?lang=pt' })).json().news[0].title).toBe('Olá');
        expect((await app.inject({ url: '/api/config' })).json().higherFeeLimit).toBe(250);
        expect((await app.inject({ url: '/api/content/banner' })).json()).toMatchObject({
          enableBanner: true,
          webUri: 'https://x.example',
        });
        expect((await app.inject({ url: '/api/content/se-log' })).json().logs[0]).toMatchObject({
          version: '1.99',
          features: 'SE text',
        });
      } finally {
        await app.close();
      }
    });

    it.each(['news', 'faq'])('%s delete removes the item given by --id, once', async (kind) => {
      const add =
        kind === 'news'
          ? await run('news', 'add', '--title-en', 'Gone', '--content-en', 'Soon')
          : await run('faq', 'add', '--question-en', 'Gone?', '--answer-en', 'Soon.');
      const id = /#(\d+)/.exec(add.out)![1]!;
      expect(await run(kind, 'delete', '--id', id)).toMatchObject({ code: 0, out: 'deleted' });
      expect(await run(kind, 'delete', '--id', id)).toMatchObject({ code: 0, out: `no such ${kind} item` });
    });

    it('news add --link: the item carries its https page to the app; a non-https link is refused', async () => {
      const add = await run(
        'news',
        'add',
        '--date',
        '2031-02-03',
        '--title-en',
        'Linked',
        '--content-en',
        'Read more there',
        '--link',
        'https://secuxtech.com/news/linked',
      );
      expect(add.code).toBe(0);
      expect((await run('news', 'list')).out).toContain('https://secuxtech.com/news/linked');
      const bad = await run(
        'news',
        'add',
        '--title-en',
        'X',
        '--content-en',
        'Y',
        '--link',
        'javascript:alert(1)',
      );
      expect(bad.code).toBe(2);
      expect(bad.err).toContain('--link must be an https URL');
      await run('news', 'add', '--date', '2031-02-02', '--title-en', 'Plain', '--content-en', 'No link');
      const app = await buildApp(makeTestConfig(tmp, env, env.DATABASE_URL), { logger: false });
      try {
        const news = (await app.inject({ url: '/api/content/news?limit=10' })).json().news as Record<
          string,
          unknown
        >[];
        expect(news.find((n) => n.title === 'Linked')).toMatchObject({
          link: 'https://secuxtech.com/news/linked',
        });
        expect(news.find((n) => n.title === 'Plain')).not.toHaveProperty('link');
      } finally {
        await app.close();
      }
    });

    it('reports usage errors with exit code 2', async () => {
      const r = await run('publish', '--kind', 'xyz');
      expect(r.code).toBe(2);
      expect(r.err).toContain("--kind must be 'mcu' or 'se'");
      expect((await run('nope')).code).toBe(2);
    });
  });
});
