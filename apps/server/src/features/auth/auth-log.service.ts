import { and, count, eq, gte } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { authAttempts, securityEvents } from '#src/db/schema/auth.ts';

type Context = { ipAddress?: string | null; userAgent?: string | null };

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

/** Failed sign-ins allowed in the window, per account and per address, before 429. */
export const SIGN_IN_LIMITS = { windowMinutes: 15, perAccount: 5, perAddress: 20 } as const;

/**
 * Counted from the auth_attempts table, so every app process shares the count. Returns the
 * refusal message, or null when the sign-in may go ahead.
 */
export async function checkSignInAllowed(
  db: Database,
  { identifier, ipAddress }: { identifier: string; ipAddress: string | null },
): Promise<string | null> {
  const since = new Date(Date.now() - SIGN_IN_LIMITS.windowMinutes * 60_000);
  const failures = (where: ReturnType<typeof eq>) =>
    db
      .select({ n: count() })
      .from(authAttempts)
      .where(and(where, eq(authAttempts.success, false), gte(authAttempts.createdAt, since)))
      .then((rows) => rows[0]?.n ?? 0);
  const message = `Too many failed sign-in attempts. Try again in ${SIGN_IN_LIMITS.windowMinutes} minutes.`;
  if ((await failures(eq(authAttempts.identifier, identifier))) >= SIGN_IN_LIMITS.perAccount) return message;
  if (ipAddress && (await failures(eq(authAttempts.ipAddress, ipAddress))) >= SIGN_IN_LIMITS.perAddress) return message;
  return null;
}
