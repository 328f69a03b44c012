import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { acquireDirectoryLock } from './pglite-lock.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction on the database, as `db.transaction` hands it over. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseHandle = {
  db: Database;
  /**
   * For reads that tolerate a moment's lag and never lead to a write (reports, exports, portfolio
   * figures): the streaming replica when DATABASE_REPLICA_URL is set, else `db` itself. A replica
   * refuses writes, so nothing that writes may be handed this.
   */
  reader: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
} & ({ kind: 'pglite'; client: PGlite } | { kind: 'postgres'; client: pg.Pool; url: string });

export type DatabaseOptions =
  { databaseUrl: string; poolMax?: number; replicaUrl?: string | undefined } | { dataDir: string } | { memory: true };

/** The name the replica's connections carry (pg_stat_activity.application_name). */
export const READER_APPLICATION_NAME = 'ecogrid-reader';

async function openPool(url: string, max: number, applicationName?: string): Promise<pg.Pool> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(applicationName ? { application_name: applicationName } : {}),
  });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  return pool;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) {
    const max = options.poolMax ?? 10;
    const pool = await openPool(options.databaseUrl, max);
    let replica: pg.Pool | undefined;
    try {
      if (options.replicaUrl) replica = await openPool(options.replicaUrl, max, READER_APPLICATION_NAME);
    } catch (error) {
      await pool.end();
      throw new Error(`The read replica (DATABASE_REPLICA_URL) cannot be reached: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const reader = replica ? (drizzlePg(replica, { schema }) as unknown as Database) : db;
    return {
      kind: 'postgres',
      client: pool,
      url: options.databaseUrl,
      db,
      reader,
      close: async () => {
        await Promise.all([pool.end(), replica?.end()]);
      },
    };
  }
  let release = () => {};
  let client: PGlite;
  if ('dataDir' in options) {
    const dir = path.join(options.dataDir, 'pglite');
    release = acquireDirectoryLock(options.dataDir);
    try {
      client = await PGlite.create(dir);
    } catch (error) {
      release();
      throw error;
    }
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    kind: 'pglite',
    client,
    db,
    // One process owns the embedded database: there is no replica to read from.
    reader: db,
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * The database the settings name: a PostgreSQL server when DATABASE_URL is set (with its streaming
 * replica as the reader when DATABASE_REPLICA_URL is set), else PGlite in DATA_DIR.
 */
export function openConfiguredDatabase(settings: {
  DATABASE_URL?: string | undefined;
  DATABASE_REPLICA_URL?: string | undefined;
  DB_POOL_MAX: number;
  DATA_DIR: string;
}): Promise<DatabaseHandle> {
  return openDatabase(
    settings.DATABASE_URL
      ? { databaseUrl: settings.DATABASE_URL, poolMax: settings.DB_POOL_MAX, replicaUrl: settings.DATABASE_REPLICA_URL }
      : { dataDir: settings.DATA_DIR },
  );
}

// Any fixed number, shared by every app process, so only one migrates at a time.
const MIGRATION_LOCK_KEY = 7_240_311;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(drizzlePglite(handle.client), { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const lockClient = await handle.client.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(handle.client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
}

export function expectedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

export async function appliedMigrationCount(db: Database): Promise<number> {
  // Both drivers answer execute() with { rows }.
  const result = (await db.execute(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  )) as unknown as {
    rows: { count: number }[];
  };
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * The migration files the journal lists that the database has not applied (drizzle records each
 * applied one with the journal's `when`), and how many it has applied.
 */
export async function migrationStatus(db: Database): Promise<{ expected: number; applied: number; missing: string[] }> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const result = (await db.execute(sql`select created_at from drizzle.__drizzle_migrations`)) as unknown as {
    rows: { created_at: string | number }[];
  };
  const applied = new Set(result.rows.map((row) => Number(row.created_at)));
  return {
    expected: journal.entries.length,
    applied: result.rows.length,
    missing: journal.entries.filter((entry) => !applied.has(entry.when)).map((entry) => entry.tag),
  };
}

const dialect = new PgDialect();
const preparedTexts = new Map<string, string>();

/**
 * Runs a statement as a named prepared statement: on PostgreSQL each pooled connection parses
 * and plans it once, then only binds new values (for the wallet payment's statement this halves
 * the database's work). PGlite runs it as usual. The statement's text must be the same on every
 * call (only its values change), since a connection keeps one plan per name.
 */
export async function executePrepared<Row>(db: Database | Tx, name: string, query: SQL): Promise<Row[]> {
  const built = dialect.sqlToQuery(query);
  const known = preparedTexts.get(name);
  if (known === undefined) preparedTexts.set(name, built.sql);
  else if (known !== built.sql) throw new Error(`Prepared statement ${name} was given a different text`);
  // Both drivers answer with { rows }.
  const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as { rows: Row[] };
  return result.rows;
}

/** Runs a statement written in SQL and returns its rows (both drivers answer with { rows }). */
export async function queryRows<Row>(db: Database | Tx, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}
