import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { securityEvents } from '#src/db/schema/auth.ts';
import type { CatalogueText } from '#src/platform/i18n.ts';
import { recordSecurityEvent } from './auth-log.service.ts';

/**
 * Who asked for a code by SMS. 'anyone': asked without proving who they are (a sign-up's
 * confirmation, a forgotten password), so a stranger can ask too. 'account': asked by the
 * number's signed-in holder (a withdrawal, the second step of a sign-in after the password).
 * Each has its own allowance per number, so strangers cannot use up the holder's codes, and
 * notices (orders, payments) count against neither.
 */
export type CodeAsker = 'anyone' | 'account';

/** Codes one number may be asked for in an hour, per asker: SMS costs money and annoys strangers. */
export const SMS_CODES_PER_HOUR = 6;
const WINDOW_MINUTES = 60;

export const REQUESTED = 'sms_code_requested';
export const REFUSED = 'sms_code_refused';

/** tooManyCodes in the `errors` catalogue's words. */
export const codesWaitText = (minutes: number): CatalogueText => ({
  key: 'errors:auth.codesWait',
  values: { count: minutes },
});

export const tooManyCodes = (minutes: number) =>
  `Too many codes were asked for this number. Wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, then try again.`;

export type CodeRequest = {
  phoneNumber: string;
  asker: CodeAsker;
  /** What the code is for: 'phone_confirmation', 'password_reset', 'sign_in', 'withdrawal'. */
  purpose: string;
  /** A tighter hourly allowance of its own for this purpose, within the number's (an agent's registration codes). */
  purposeLimit?: number;
  userId?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
};

/**
 * Takes one code from the number's hourly allowance for this asker, or refuses. Every request
 * and every refusal is written to the security log (the number, never the code), which is also
 * what is counted: a request for a number that has no account counts the same as one that does,
 * so the answer never tells a stranger whether an account exists.
 */
export async function takeCodeAllowance(
  db: Database,
  request: CodeRequest,
): Promise<{ ok: true } | { ok: false; waitMinutes: number; message: string }> {
  const since = new Date(Date.now() - WINDOW_MINUTES * 60_000);
  const recent = await db
    .select({ at: securityEvents.createdAt, purpose: sql<string>`${securityEvents.details}->>'purpose'` })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.eventType, REQUESTED),
        gte(securityEvents.createdAt, since),
        sql`${securityEvents.details}->>'phoneNumber' = ${request.phoneNumber}`,
        sql`${securityEvents.details}->>'asker' = ${request.asker}`,
      ),
    )
    .orderBy(asc(securityEvents.createdAt));
  const event = {
    userId: request.userId ?? null,
    ipAddress: request.ipAddress ?? null,
    userAgent: request.userAgent ?? null,
  };
  const details = { phoneNumber: request.phoneNumber, asker: request.asker, purpose: request.purpose };
  const same = recent.filter((r) => r.purpose === request.purpose);
  const limit = request.purposeLimit;
  const [counted, allowed] = limit !== undefined && same.length >= limit ? [same, limit] : [recent, SMS_CODES_PER_HOUR];
  if (counted.length < allowed) {
    await recordSecurityEvent(db, { ...event, eventType: REQUESTED, details });
    return { ok: true };
  }
  // A code is free again when enough of the hour's requests have left the window.
  const freedBy = counted[counted.length - allowed]!.at.getTime() + WINDOW_MINUTES * 60_000;
  const waitMinutes = Math.max(1, Math.ceil((freedBy - Date.now()) / 60_000));
  await recordSecurityEvent(db, { ...event, eventType: REFUSED, details: { ...details, waitMinutes } });
  return { ok: false, waitMinutes, message: tooManyCodes(waitMinutes) };
}
