import { sql } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';

/**
 * Makes a change land at the worst moment for `act` (PostgreSQL only): `change` runs in a
 * transaction of its own that stays open, holding its row locks, while `act` starts; once a
 * connection of `act` waits on one of those locks, the change commits and `act` carries on,
 * seeing it. So `act` read what it needed before the change, and wrote after it.
 */
export async function withChangeAtTheWorstMoment<T>(
  db: Database,
  change: (tx: Tx) => Promise<unknown>,
  act: () => Promise<T>,
): Promise<T> {
  let acting: Promise<T> | null = null;
  await db.transaction(async (tx) => {
    await change(tx);
    let settled = false;
    acting = act().finally(() => {
      settled = true;
    });
    // Never rejected unseen while waiting: the caller awaits it below.
    acting.catch(() => undefined);
    await waitForALockWait(db, () => settled);
  });
  return acting!;
}

/** Until a connection waits on a lock, or `act` is over without ever needing one. */
async function waitForALockWait(db: Database, over: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !over(); i++) {
    const result = (await db.execute(
      sql`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { waiting: number }[] };
    if ((result.rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  if (!over()) throw new Error('Nothing came to wait on the held change within 5 seconds');
}
