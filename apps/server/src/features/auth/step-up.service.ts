import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { createOTP } from '@better-auth/utils/otp';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { twoFactors, users, verifications } from '#src/db/schema/auth.ts';
import { textsFor } from '#src/platform/i18n.ts';
import { AppError } from '#src/platform/errors.ts';
import type { Messages } from '#src/platform/messaging.ts';
import { takeCodeAllowance } from './code-allowance.ts';

/** A code for confirming one sensitive action (a withdrawal): five minutes, five tries, used once. */
const CODE_SECONDS = 300;
const MAX_TRIES = 5;

export const WRONG_CODE = 'That code is wrong or has expired. Ask for a new one.';

const identifierFor = (userId: string, purpose: string) => `step-up:${purpose}:${userId}`;
const hash = (code: string) => createHash('sha256').update(code).digest('hex');

/** How the account can confirm a sensitive action: an authenticator app, a code to its confirmed phone. */
export async function stepUpMethods(db: Database, userId: string): Promise<{ sms: boolean; authenticator: boolean }> {
  const [user] = await db
    .select({ phone: users.phoneNumber, verified: users.phoneNumberVerified, twoFactorEnabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return { sms: false, authenticator: false };
  const [totp] = await db
    .select({ id: twoFactors.id })
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, true)));
  return { sms: Boolean(user.phone && user.verified), authenticator: Boolean(user.twoFactorEnabled && totp) };
}

const mask = (phone: string) => `${phone.slice(0, 4)} ••• ••${phone.slice(-3)}`;

/**
 * Texts a fresh code to the account's confirmed phone (replacing any earlier one), from the
 * holder's own allowance of codes: notices and codes strangers ask for do not use it up. In
 * test mode (messages.codesOnScreen) the answer carries the code as well.
 */
export async function sendStepUpCode(
  db: Database,
  messages: Messages,
  userId: string,
  purpose: 'withdrawal',
  client: { ipAddress?: string | null; userAgent?: string | null } = {},
): Promise<{ sentTo: string; expiresInSeconds: number; testModeCode?: string }> {
  const [user] = await db
    .select({ phone: users.phoneNumber, verified: users.phoneNumberVerified, language: users.preferredLanguage })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.phone || !user.verified) {
    throw new AppError(
      'no_confirmed_phone',
      'Confirm a phone number on My account first: the code is sent there.',
      422,
    );
  }
  const allowance = await takeCodeAllowance(db, {
    phoneNumber: user.phone,
    asker: 'account',
    purpose,
    userId,
    ...client,
  });
  if (!allowance.ok) throw new AppError('too_many_codes', allowance.message, 429);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(Date.now() + CODE_SECONDS * 1000);
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, identifierFor(userId, purpose)));
    await tx.insert(verifications).values({
      identifier: identifierFor(userId, purpose),
      value: JSON.stringify({ hash: hash(code), tries: 0 }),
      expiresAt,
    });
    await messages.sms(tx, {
      to: user.phone!,
      message: textsFor(user.language).t('sms:codes.withdrawal', { code }),
      expiresAt,
    });
  });
  return {
    sentTo: mask(user.phone),
    expiresInSeconds: CODE_SECONDS,
    ...(messages.codesOnScreen ? { testModeCode: code } : {}),
  };
}

/**
 * Checks a code for a sensitive action: the current code of the account's authenticator app,
 * or the last code texted for this purpose (used up once right, dropped after five wrong tries).
 * Throws 422 when it is neither.
 */
export async function checkStepUpCode(
  db: Database,
  authSecret: string,
  userId: string,
  purpose: 'withdrawal',
  code: string,
): Promise<void> {
  const [totp] = await db
    .select({ secret: twoFactors.secret })
    .from(twoFactors)
    .innerJoin(users, eq(users.id, twoFactors.userId))
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, true), eq(users.twoFactorEnabled, true)));
  if (totp) {
    const secret = await symmetricDecrypt({ key: authSecret, data: totp.secret });
    if (await createOTP(secret, { digits: 6, period: 30 }).verify(code)) return;
  }
  const ok = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(verifications)
      .where(and(eq(verifications.identifier, identifierFor(userId, purpose)), gt(verifications.expiresAt, new Date())))
      .for('update');
    if (!row) return false;
    const stored = JSON.parse(row.value) as { hash: string; tries: number };
    const matches = timingSafeEqual(Buffer.from(stored.hash), Buffer.from(hash(code)));
    if (matches || stored.tries + 1 >= MAX_TRIES) {
      await tx.delete(verifications).where(eq(verifications.id, row.id));
    } else {
      await tx
        .update(verifications)
        .set({ value: JSON.stringify({ ...stored, tries: stored.tries + 1 }), updatedAt: new Date() })
        .where(eq(verifications.id, row.id));
    }
    return matches;
  });
  if (!ok) throw new AppError('invalid_code', WRONG_CODE, 422);
}
