import fs from 'node:fs';
import path from 'node:path';
// libsql: SQLite with better-sqlite3's synchronous API, its native build shipped on npm for each platform (better-sqlite3
// compiled from source on every fresh install: 105 s of npm ci here, as its prebuilt binaries come from GitHub).
import Sqlite from 'libsql';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config, DbKind } from '../config.js';
import { migrateToLatest } from './migrations.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: DbKind;
  /** Real round trip to the database. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function openDb(dbConfig: Config['db']): DbHandle {
  if (dbConfig.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: dbConfig.url, max: 10, connectionTimeoutMillis: 5000 });
    // An idle client error (e.g. the server restarted) must not crash the process.
    pool.on('error', () => {});
    return handleOf(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), 'postgres');
  }
  if (dbConfig.file !== ':memory:') fs.mkdirSync(path.dirname(dbConfig.file), { recursive: true });
  const database = new Sqlite(dbConfig.file);
  // WAL: readers never wait for the writer, and a crash (kill -9) mid-write loses nothing committed.
  database.pragma('journal_mode = WAL');
  // Durability: FULL syncs the WAL on every commit, so a write the API has answered (a firmware release, content, a
  // transaction log row) also survives a power cut or an OS crash; NORMAL would be safe against process crashes but may
  // roll back the last commits on power loss. Writes here are rare (admin changes, capped txlog posts), so the one
  // fsync per commit costs nothing that matters.
  database.pragma('synchronous = FULL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  return handleOf(new Kysely<Database>({ dialect: new SqliteDialect({ database }) }), 'sqlite');
}

function handleOf(db: Db, kind: DbKind): DbHandle {
  return {
    db,
    kind,
    ping: async () => void (await sql`select 1`.execute(db)),
    close: () => db.destroy(),
  };
}

/** Opens the database and applies pending migrations. */
export async function openAndMigrate(dbConfig: Config['db']): Promise<DbHandle> {
  const handle = openDb(dbConfig);
  try {
    await migrateToLatest(handle.db as unknown as Kysely<unknown>, handle.kind);
  } catch (e) {
    await handle.close().catch(() => {});
    throw e;
  }
  return handle;
}

export const nowIso = (): string => new Date().toISOString();
