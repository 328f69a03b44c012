import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { ussdCallers } from '#src/db/schema/ussd.ts';

export type Caller = typeof ussdCallers.$inferSelect;

/** Wrong PINs in a row before the PIN locks, and for how long. */
export const PIN_TRIES = 3;
export const LOCK_MINUTES = 30;
/** Wrong tries of one SMS code before it is dropped, and how long it lasts. */
export const CODE_TRIES = 5;
export const CODE_MINUTES = 10;

/** The customer's USSD record, or null before their first session. */
export async function findCaller(db: Database, userId: string): Promise<Caller | null> {
  const [row] = await db.select().from(ussdCallers).where(eq(ussdCallers.userId, userId));
  return row ?? null;
}

/** The customer's first session: its first answer is their language (kept if two steps race). */
export async function startCaller(db: Database, userId: string, sessionId: string): Promise<Caller> {
  await db.insert(ussdCallers).values({ userId, firstSessionId: sessionId }).onConflictDoNothing();
  return (await findCaller(db, userId))!;
}

/** Whether the PIN is locked now. */
export const lockedNow = (caller: Caller, now = new Date()) => Boolean(caller.lockedUntil && caller.lockedUntil > now);

/**
 * Counts a wrong PIN, once per session (the PIN is a session's last answer, so a second count in
 * one session is the gateway retrying the step); the third in a row locks the PIN for 30 minutes
 * and starts the count again. Returns the tries left (0 when it just locked) and the lock's end.
 */
export async function countWrongPin(
  db: Database,
  userId: string,
  sessionId: string,
): Promise<{ left: number; lockedUntil: Date | null }> {
  const [row] = await db
    .update(ussdCallers)
    .set({
      pinTriedIn: sessionId,
      pinTries: sql`case when ${ussdCallers.pinTries} + 1 >= ${PIN_TRIES} then 0 else ${ussdCallers.pinTries} + 1 end`,
      lockedUntil: sql`case when ${ussdCallers.pinTries} + 1 >= ${PIN_TRIES}
        then now() + make_interval(mins => ${LOCK_MINUTES}) else ${ussdCallers.lockedUntil} end`,
    })
    .where(and(eq(ussdCallers.userId, userId), sql`${ussdCallers.pinTriedIn} is distinct from ${sessionId}`))
    .returning({ pinTries: ussdCallers.pinTries, lockedUntil: ussdCallers.lockedUntil });
  const { pinTries, lockedUntil } = row ?? (await findCaller(db, userId))!;
  // A count back at 0 is the lock that the third wrong PIN just set.
  return pinTries === 0 ? { left: 0, lockedUntil } : { left: PIN_TRIES - pinTries, lockedUntil: null };
}

/** A right PIN starts the count of wrong ones again. */
export async function clearPinTries(db: Database, userId: string): Promise<void> {
  await db.update(ussdCallers).set({ pinTries: 0 }).where(eq(ussdCallers.userId, userId));
}

/** Keeps a fresh SMS code's hash for this session, replacing any earlier code. */
export async function keepCode(db: Database, userId: string, sessionId: string, codeHash: string): Promise<void> {
  await db
    .update(ussdCallers)
    .set({
      codeHash,
      codeSessionId: sessionId,
      codeTries: 0,
      codeExpiresAt: sql`now() + make_interval(mins => ${CODE_MINUTES})`,
    })
    .where(eq(ussdCallers.userId, userId));
}

/** Counts a wrong code; the fifth drops it, so a new one must be asked for. */
export async function countWrongCode(db: Database, userId: string): Promise<void> {
  await db
    .update(ussdCallers)
    .set({
      codeTries: sql`${ussdCallers.codeTries} + 1`,
      codeHash: sql`case when ${ussdCallers.codeTries} + 1 >= ${CODE_TRIES} then null else ${ussdCallers.codeHash} end`,
    })
    .where(eq(ussdCallers.userId, userId));
}

/** Stores the new PIN's hash, uses the code up and lifts any lock; only with the code still held. */
export async function storePin(db: Database, userId: string, codeHash: string, pinHash: string): Promise<boolean> {
  const rows = await db
    .update(ussdCallers)
    .set({ pinHash, pinTries: 0, lockedUntil: null, codeHash: null, codeExpiresAt: null, codeSessionId: null })
    .where(and(eq(ussdCallers.userId, userId), eq(ussdCallers.codeHash, codeHash)))
    .returning({ userId: ussdCallers.userId });
  return rows.length === 1;
}
