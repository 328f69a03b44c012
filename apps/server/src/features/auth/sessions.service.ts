import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { sessions, users } from '#src/db/schema/auth.ts';

/** Whether a session still signs its user in: not ended, not expired, and the account active. */
export async function isSessionLive(db: Database, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date()), eq(users.isActive, true)));
  return Boolean(row);
}
