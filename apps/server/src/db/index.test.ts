import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openAndMigrate } from './index.js';

const tmps: string[] = [];
afterEach(() => {
  for (const d of tmps.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('SQLite database file', () => {
  it('is in WAL mode with synchronous=FULL (a committed write survives a power cut)', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-db-'));
    tmps.push(tmp);
    const file = path.join(tmp, 'wallet.sqlite');
    const dbh = await openAndMigrate({ kind: 'sqlite', file });
    try {
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(dbh.db);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(dbh.db);
      expect(sync.rows[0]?.synchronous).toBe(2); // 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA
      expect(fs.existsSync(`${file}-wal`)).toBe(true);
    } finally {
      await dbh.close();
    }
  });
});
