/**
 * Schema migrations, kept in code and applied at start with Kysely's Migrator.
 * Every statement is written to run unchanged on SQLite and PostgreSQL; the only dialect switch is the
 * auto-increment id column type.
 */
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DbKind } from '../config.js';

function idColumn(db: Kysely<unknown>, kind: DbKind, table: string) {
  return kind === 'postgres'
    ? db.schema.createTable(table).addColumn('id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable(table).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

function migrations(kind: DbKind): Record<string, Migration> {
  return {
    '0001_initial': {
      async up(db: Kysely<unknown>) {
        await idColumn(db, kind, 'firmware_release')
          .addColumn('kind', 'varchar(8)', (c) => c.notNull())
          .addColumn('model', 'varchar(32)', (c) => c.notNull().defaultTo('all'))
          .addColumn('version', 'varchar(32)', (c) => c.notNull())
          .addColumn('force', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('features', 'text', (c) => c.notNull().defaultTo('{}'))
          .addColumn('file_name', 'varchar(128)', (c) => c.notNull())
          .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
          .addColumn('size', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .addUniqueConstraint('firmware_release_kind_model_version_uq', ['kind', 'model', 'version'])
          .execute();
        await db.schema
          .createIndex('firmware_release_file_name_idx')
          .on('firmware_release')
          .column('file_name')
          .execute();

        await idColumn(db, kind, 'news')
          .addColumn('date', 'varchar(10)', (c) => c.notNull())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('news_date_idx').on('news').column('date').execute();

        await idColumn(db, kind, 'banner')
          .addColumn('enable_banner', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('web_uri', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('image_web', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('image_android', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('alt', 'text', (c) => c.notNull().defaultTo('{}'))
          .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
          .execute();

        await idColumn(db, kind, 'faq')
          .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('question', 'text', (c) => c.notNull())
          .addColumn('answer', 'text', (c) => c.notNull())
          .execute();

        await idColumn(db, kind, 'update_log')
          .addColumn('kind', 'varchar(8)', (c) => c.notNull())
          .addColumn('version', 'varchar(32)', (c) => c.notNull())
          .addColumn('date', 'varchar(10)', (c) => c.notNull())
          .addColumn('features', 'text', (c) => c.notNull())
          .addUniqueConstraint('update_log_kind_version_uq', ['kind', 'version'])
          .execute();

        await db.schema
          .createTable('remote_config')
          .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
          .execute();

        await idColumn(db, kind, 'tx_log')
          .addColumn('hash', 'varchar(200)', (c) => c.notNull().unique())
          .addColumn('chain', 'varchar(32)', (c) => c.notNull())
          .addColumn('context', 'text', (c) => c.notNull())
          .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('tx_log_created_at_idx').on('tx_log').column('created_at').execute();
      },
      async down(db: Kysely<unknown>) {
        for (const t of [
          'tx_log',
          'remote_config',
          'update_log',
          'faq',
          'banner',
          'news',
          'firmware_release',
        ]) {
          await db.schema.dropTable(t).ifExists().execute();
        }
      },
    },
    '0002_news_link': {
      // A news item may carry a page to read more (issue 18 item 3: links out only where the item has one).
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('news').addColumn('link', 'varchar(2048)').execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.alterTable('news').dropColumn('link').execute();
      },
    },
  };
}

export async function migrateToLatest(db: Kysely<unknown>, kind: DbKind): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(kind) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(
      `database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export { sql };
