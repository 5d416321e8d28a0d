/**
 * POST /api/txlog cannot be used to fill the disk: a strict body with per-field limits, retention by age and by row
 * count, and a per-client daily cap. On SQLite and on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { BACKENDS, useTestApp } from '../test/harness.js';
import { pruneTxLog } from './txlog.js';

const ETH_ADDR = '0x8aaD44321A86b170879d7A244c1e8d360c99DdA8';
const hex64 = (n: number) => n.toString(16).padStart(64, '0');

/** What the web app posts (send/txFlow.ts broadcastWith with families/{bitcoin,evm}/send/*Flow.ts's contexts). */
const WEB_POSTS = [
  {
    hash: hex64(1),
    chain: 'BTC',
    context: {
      kind: 'send',
      network: 'BTC',
      from: "m/84'/0'/0'",
      bip: 84,
      to: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      amount: '100000',
      fee: '1410',
      feeRate: 10,
      relatedTx: null,
      result: 'state-010',
    },
  },
  {
    hash: hex64(2),
    chain: 'LTC',
    context: {
      kind: 'rbf',
      network: 'LTC_REGTEST',
      from: "m/84'/2'/1'",
      bip: 84,
      to: 'rltc1qexample',
      amount: '5000000',
      fee: '2820',
      feeRate: 2.5,
      relatedTx: hex64(9),
      result: 'err-08',
      error: 'insufficient fee, rejecting replacement\n(code 66)',
    },
  },
  {
    hash: `0x${hex64(3)}`,
    chain: 'ETH',
    context: {
      kind: 'token',
      chainId: 1,
      from: "m/44'/60'/0'/0/0",
      to: ETH_ADDR,
      amount: (2n ** 256n - 1n).toString(),
      fee: '21000000000000',
      nonce: 4,
      result: 'state-010',
    },
  },
];

describe.each(BACKENDS)('txlog limits ($name)', (backend) => {
  describe.skipIf(!backend.enabled)('', () => {
    const t = useTestApp(backend, {
      env: { TXLOG_MAX_ROWS: '5', TXLOG_RETENTION_DAYS: '1', TXLOG_DAILY_CAP: '4' },
    });
    // Each post from a new client unless the test names one (the daily cap is per client).
    let client = 0;
    const post = (payload: unknown, remoteAddress = `10.9.${Math.floor(++client / 250)}.${client % 250}`) =>
      t.app.inject({ method: 'POST', url: '/api/txlog', payload: payload as object, remoteAddress });
    const rows = () => t.app.deps.dbh.db.selectFrom('tx_log').selectAll().orderBy('id').execute();
    const clear = () => t.app.deps.dbh.db.deleteFrom('tx_log').execute();

    it('accepts exactly what the web app posts', async () => {
      await clear();
      for (const body of WEB_POSTS) expect((await post(body)).statusCode).toBe(201);
      const stored = await rows();
      expect(stored.map((r) => JSON.parse(r.context))).toEqual(WEB_POSTS.map((b) => b.context));
    });

    it('a field over its size limit, or one the app never sends, is a 400 and nothing is stored', async () => {
      await clear();
      const ok = WEB_POSTS[2]!;
      const bad: [string, unknown][] = [
        ['hash', { ...ok, hash: 'a'.repeat(201) }],
        ['chain', { ...ok, chain: 'C'.repeat(33) }],
        ['context.from', { ...ok, context: { ...ok.context, from: 'm/'.repeat(65) } }],
        ['context.to', { ...ok, context: { ...ok.context, to: 'x'.repeat(257) } }],
        ['context.amount', { ...ok, context: { ...ok.context, amount: '9'.repeat(81) } }],
        ['context.fee', { ...ok, context: { ...ok.context, fee: '1.5' } }],
        ['context.error', { ...ok, context: { ...ok.context, error: 'e'.repeat(4001) } }],
        ['context.nonce', { ...ok, context: { ...ok.context, nonce: 2 ** 280 } }],
        ['context.kind', { ...ok, context: { ...ok.context, kind: { big: 'x'.repeat(100_000) } } }],
        ['context', { ...ok, context: { ...ok.context, blob: 'x'.repeat(200_000) } }],
        ['context', { ...ok, context: { ...ok.context, ip: '1.2.3.4' } }],
        ['body', { ...ok, extra: 1 }],
      ];
      for (const [field, body] of bad) {
        const res = await post(body);
        expect(res.statusCode, field).toBe(400);
        expect(res.json().error, field).toContain(
          field === 'body' || field === 'context' ? 'invalid body' : field,
        );
      }
      expect(await rows()).toEqual([]);
    });

    it('keeps only the newest TXLOG_MAX_ROWS rows', async () => {
      await clear();
      for (let i = 0; i < 8; i++)
        expect((await post({ ...WEB_POSTS[0], hash: hex64(100 + i) })).statusCode).toBe(201);
      expect((await rows()).map((r) => r.hash)).toEqual([103, 104, 105, 106, 107].map(hex64));
    });

    it('deletes rows older than TXLOG_RETENTION_DAYS, at start and as rows are written', async () => {
      await clear();
      const db = t.app.deps.dbh.db;
      const insertOld = (hash: string, daysAgo: number) =>
        db
          .insertInto('tx_log')
          .values({
            hash,
            chain: 'BTC',
            context: '{}',
            created_at: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
          })
          .execute();
      await insertOld(hex64(200), 3);
      await insertOld(hex64(201), 0.5);
      // A second instance on the same database sweeps when it starts.
      const second = await buildApp(t.config, { dbh: t.app.deps.dbh, logger: false });
      await second.ready();
      await second.close();
      expect((await rows()).map((r) => r.hash)).toEqual([hex64(201)]);

      await insertOld(hex64(202), 2);
      expect((await post({ ...WEB_POSTS[0], hash: hex64(203) })).statusCode).toBe(201);
      expect((await rows()).map((r) => r.hash)).toEqual([hex64(201), hex64(203)]);
    });

    it('pruneTxLog: age and count', async () => {
      await clear();
      const db = t.app.deps.dbh.db;
      const now = Date.parse('2030-01-10T00:00:00Z');
      for (let d = 0; d < 6; d++)
        await db
          .insertInto('tx_log')
          .values({
            hash: hex64(300 + d),
            chain: 'BTC',
            context: '{}',
            created_at: new Date(now - d * 86_400_000).toISOString(),
          })
          .execute();
      // Ages 0..5 days: older than 4 days goes (5), then all but the newest 2 rows by id.
      expect(await pruneTxLog(db, { maxAgeMs: 4.5 * 86_400_000, maxRows: 2 }, now)).toBe(4);
      expect((await rows()).map((r) => r.hash)).toEqual([hex64(303), hex64(304)]);
    });

    it('a client past its daily cap gets 429; other clients are not affected', async () => {
      await clear();
      const codes: number[] = [];
      for (let i = 0; i < 7; i++)
        codes.push((await post({ ...WEB_POSTS[0], hash: hex64(400 + i) }, '198.51.100.50')).statusCode);
      expect(codes).toEqual([201, 201, 201, 201, 429, 429, 429]);
      const limited = await post({ ...WEB_POSTS[0], hash: hex64(499) }, '198.51.100.50');
      expect(limited.json()).toMatchObject({ statusCode: 429, error: expect.stringMatching(/4 a day/) });
      expect(limited.headers['retry-after']).toBeDefined();
      expect((await post({ ...WEB_POSTS[0], hash: hex64(498) }, '198.51.100.51')).statusCode).toBe(201);
      expect(await rows()).toHaveLength(5);
    });
  });
});
