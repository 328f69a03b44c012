import { and, count, eq, gt, gte, isNull, max, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { authAttempts, securityEvents } from '#src/db/schema/auth.ts';

type Context = { ipAddress?: string | null; userAgent?: string | null };

/** The security event of a sign-in refused for too many failures (the attempt itself is not kept). */
export const SIGN_IN_LOCKED = 'signin_locked';

/** Spec log_security_event. Details never carry passwords, codes or tokens. */
export async function recordSecurityEvent(
  db: Database,
  event: { eventType: string; userId?: string | null; details?: Record<string, unknown> } & Context,
): Promise<void> {
  await db.insert(securityEvents).values({
    eventType: event.eventType,
    userId: event.userId ?? null,
    details: event.details ?? {},
    ipAddress: event.ipAddress ?? null,
    userAgent: event.userAgent ?? null,
  });
}

/** Spec log_auth_attempt. */
export async function recordAuthAttempt(
  db: Database,
  attempt: {
    userId?: string | null;
    loginMethod: string;
    identifier: string;
    success: boolean;
    failureReason?: string | null;
  } & Context,
): Promise<void> {
  await db.insert(authAttempts).values({
    userId: attempt.userId ?? null,
    loginMethod: attempt.loginMethod,
    identifier: attempt.identifier,
    success: attempt.success,
    failureReason: attempt.failureReason ?? null,
    ipAddress: attempt.ipAddress ?? null,
    userAgent: attempt.userAgent ?? null,
  });
}

/** How a password reset shows in auth_attempts: a proof of ownership that clears the failures before it. */
const PASSWORD_RESET = 'password_reset';

/**
 * A password reset (by email link or SMS code) proved the account is its owner's: the wrong
 * passwords typed before it no longer count towards the per-account limit.
 */
export async function recordPasswordReset(db: Database, reset: { userId: string } & Context): Promise<void> {
  await recordAuthAttempt(db, {
    userId: reset.userId,
    loginMethod: PASSWORD_RESET,
    identifier: reset.userId,
    success: true,
    ipAddress: reset.ipAddress ?? null,
    userAgent: reset.userAgent ?? null,
  });
  await recordSecurityEvent(db, {
    eventType: PASSWORD_RESET,
    userId: reset.userId,
    ipAddress: reset.ipAddress ?? null,
    userAgent: reset.userAgent ?? null,
  });
}

async function lastPasswordReset(db: Database, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(authAttempts.createdAt) })
    .from(authAttempts)
    .where(and(eq(authAttempts.userId, userId), eq(authAttempts.loginMethod, PASSWORD_RESET)));
  return row?.at ?? null;
}

/** Failed sign-ins allowed in the window, per account and per address, before 429. */
export const SIGN_IN_LIMITS = { windowMinutes: 15, perAccount: 5, perAddress: 20 } as const;

/** The failure reason of an attempt whose password is still being checked. */
const IN_PROGRESS = 'in_progress';

/**
 * Starts a sign-in attempt: records it as in progress, then counts the failures before it per
 * account (attempts still in progress included) and per address (finished ones only: many
 * phones share a carrier's address and may sign in at the same moment), from the auth_attempts
 * table that every app process shares. Recording first means a burst of parallel guesses at
 * one account sees itself: only the first few get through. Returns the attempt's id, or the refusal
 * message (and forgets the attempt) when the limit is reached.
 */
export async function beginSignInAttempt(
  db: Database,
  attempt: { identifier: string; userId: string | null; loginMethod: string } & Context,
): Promise<{ id: string; refused: null } | { id: null; refused: string }> {
  const [row] = await db
    .insert(authAttempts)
    .values({
      identifier: attempt.identifier,
      userId: attempt.userId,
      loginMethod: attempt.loginMethod,
      success: false,
      failureReason: IN_PROGRESS,
      ipAddress: attempt.ipAddress ?? null,
      userAgent: attempt.userAgent ?? null,
    })
    .returning({ id: authAttempts.id });
  const id = row!.id;
  const since = new Date(Date.now() - SIGN_IN_LIMITS.windowMinutes * 60_000);
  const failures = (who: SQL | undefined, finishedOnly = false, clearedAt: Date | null = null) =>
    db
      .select({ n: count() })
      .from(authAttempts)
      .where(
        and(
          who,
          ne(authAttempts.id, id),
          eq(authAttempts.success, false),
          gte(authAttempts.createdAt, since),
          clearedAt ? gt(authAttempts.createdAt, clearedAt) : undefined,
          finishedOnly
            ? or(isNull(authAttempts.failureReason), ne(authAttempts.failureReason, IN_PROGRESS))
            : undefined,
        ),
      )
      .then((rows) => rows[0]?.n ?? 0);
  // One account has one count, whether it is tried by email or by phone number.
  const account = attempt.userId
    ? or(eq(authAttempts.identifier, attempt.identifier), eq(authAttempts.userId, attempt.userId))
    : eq(authAttempts.identifier, attempt.identifier);
  const clearedAt = attempt.userId ? await lastPasswordReset(db, attempt.userId) : null;
  const blocked =
    (await failures(account, false, clearedAt)) >= SIGN_IN_LIMITS.perAccount ||
    (attempt.ipAddress
      ? (await failures(eq(authAttempts.ipAddress, attempt.ipAddress), true)) >= SIGN_IN_LIMITS.perAddress
      : false);
  if (!blocked) return { id, refused: null };
  const refusedText = `Too many failed sign-in attempts. Try again in ${SIGN_IN_LIMITS.windowMinutes} minutes.`;
  await db.delete(authAttempts).where(eq(authAttempts.id, id));
  // Kept as a security event, so lockouts show on the security dashboard over time: once per
  // lock (the first refusal in the window), not for every try while it lasts.
  const [told] = await db
    .select({ n: count() })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.eventType, SIGN_IN_LOCKED),
        gte(securityEvents.createdAt, since),
        sql`${securityEvents.details}->>'identifier' = ${attempt.identifier}`,
      ),
    );
  if ((told?.n ?? 0) > 0) return { id: null, refused: refusedText };
  await recordSecurityEvent(db, {
    eventType: SIGN_IN_LOCKED,
    userId: attempt.userId,
    details: { identifier: attempt.identifier, loginMethod: attempt.loginMethod },
    ipAddress: attempt.ipAddress ?? null,
    userAgent: attempt.userAgent ?? null,
  });
  return { id: null, refused: refusedText };
}

/** Records how an attempt begun by beginSignInAttempt ended. */
export async function finishSignInAttempt(
  db: Database,
  id: string,
  outcome: { success: boolean; failureReason: string | null; userId: string | null },
): Promise<void> {
  await db
    .update(authAttempts)
    .set({
      success: outcome.success,
      failureReason: outcome.failureReason,
      ...(outcome.userId ? { userId: outcome.userId } : {}),
    })
    .where(eq(authAttempts.id, id));
}
