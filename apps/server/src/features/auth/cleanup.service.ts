import { lt } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { authAttempts, rateLimits, sessions, verifications } from '#src/db/schema/auth.ts';

/** Sign-in attempts are kept this long for the security dashboard; the security log is kept for good. */
export const SIGN_IN_ATTEMPT_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes what has stopped meaning anything: expired sessions, links and codes, rate-limit
 * counters idle for a day, and sign-in attempts older than 90 days. Run daily.
 */
export async function pruneExpiredAuthRecords(db: Database, now = new Date()) {
  return db.transaction(async (tx) => {
    const removed = async (query: Promise<{ id: string }[]>) => (await query).length;
    return {
      sessions: await removed(tx.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id })),
      verifications: await removed(
        tx.delete(verifications).where(lt(verifications.expiresAt, now)).returning({ id: verifications.id }),
      ),
      rateLimits: await removed(
        tx
          .delete(rateLimits)
          .where(lt(rateLimits.lastRequest, now.getTime() - DAY_MS))
          .returning({ id: rateLimits.id }),
      ),
      signInAttempts: await removed(
        tx
          .delete(authAttempts)
          .where(lt(authAttempts.createdAt, new Date(now.getTime() - SIGN_IN_ATTEMPT_DAYS * DAY_MS)))
          .returning({ id: authAttempts.id }),
      ),
    };
  });
}
