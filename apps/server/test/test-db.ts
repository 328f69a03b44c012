import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '#src/db/client.ts';

/** The test databases open now: after every test, each one's ledger is checked (ledger-check.ts). */
export const openTestDatabases = new Set<DatabaseHandle>();

function tracked<T extends DatabaseHandle & { destroy(): Promise<void> }>(handle: T): T {
  openTestDatabases.add(handle);
  const { close, destroy } = handle;
  handle.close = () => {
    openTestDatabases.delete(handle);
    return close.call(handle);
  };
  handle.destroy = () => {
    openTestDatabases.delete(handle);
    return destroy.call(handle);
  };
  return handle;
}

/** Waits until the replica has replayed the new database's creation and takes connections to it. */
async function replicaReady(url: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      return;
    } catch (error) {
      if (attempt >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server in DATABASE_URL (dropped again afterwards), read through
 * DATABASE_REPLICA_URL's streaming replica when that is set.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { destroy(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ memory: true });
    await migrateDatabase(handle);
    const close = handle.close.bind(handle);
    return tracked(Object.assign(handle, { destroy: close }));
  }
  const name = `ecogrid_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let replicaUrl: string | undefined;
  if (process.env.DATABASE_REPLICA_URL) {
    const replica = new URL(process.env.DATABASE_REPLICA_URL);
    replica.pathname = `/${name}`;
    replicaUrl = replica.toString();
    await replicaReady(replicaUrl);
  }
  const handle = await openDatabase({ databaseUrl: url.toString(), poolMax: 5, replicaUrl });
  await migrateDatabase(handle);
  const close = handle.close.bind(handle);
  return tracked(
    Object.assign(handle, {
      destroy: async () => {
        await close();
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    }),
  );
}
