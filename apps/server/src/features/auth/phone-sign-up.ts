import { randomUUID } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { and, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#src/db/client.ts';
import { securityEvents, users } from '#src/db/schema/auth.ts';
import { hasPgCode, UNIQUE_VIOLATION } from '#src/platform/db-errors.ts';
import { PHONE_ONLY_EMAIL_DOMAIN } from './profile.service.ts';

export const PHONE_TAKEN = 'An account with this phone number already exists. Sign in instead.';
export const USERNAME_TAKEN = 'That username is taken. Choose another one.';

export const SIGN_UP_WAITING =
  'A sign-up with this number is waiting for its SMS code. Enter that code, or try again in 10 minutes.';
/** How long an unconfirmed phone sign-up keeps its number before someone else may claim it. */
const PENDING_MINUTES = 10;
/** The security log's reason for a sign-up with a number or address that already has an account. */
export const ACCOUNT_EXISTS = 'account_exists';

/** Whether someone tried to sign up with this confirmed number in the last ten minutes. */
async function recentlyTried(db: Database, phoneNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ id: securityEvents.id })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.eventType, 'signup_failed'),
        gte(securityEvents.createdAt, new Date(Date.now() - PENDING_MINUTES * 60_000)),
        sql`${securityEvents.details}->>'identifier' = ${phoneNumber}`,
        sql`${securityEvents.details}->>'reason' = ${ACCOUNT_EXISTS}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The made-up address of a phone-only account: never shown and never mailed. The random part
 * keeps it unique after the account moves to another number and someone signs up with this one.
 */
export const phoneOnlyEmail = (e164: string) =>
  `${e164.replace(/\D/g, '')}.${randomUUID().slice(0, 8)}@${PHONE_ONLY_EMAIL_DOMAIN}`;
const isPhoneOnly = (email: string) => email.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`);

const body = z.object({
  phoneNumber: z.string().min(1),
  password: z.string().min(1),
  fullName: z.string().trim().max(120).optional(),
  name: z.string().trim().max(120).optional(),
  username: z.string().trim().min(2).max(40).optional(),
  userType: z.enum(['customer', 'agent'], { error: 'Choose customer or agent' }).optional(),
  preferredLanguage: z.enum(['english', 'luganda', 'swahili']).optional(),
});

/**
 * POST /api/auth/sign-up/phone: an account that signs in with a phone number and password.
 * It stays unconfirmed until the SMS code sent here is entered at /api/auth/phone-number/verify
 * (the phoneNumber plugin), which then signs the user in. The auth hooks have already put the
 * number in E.164 form, checked the password's strength and that the username is free.
 */
export function phoneSignUp(deps: {
  db: Database;
  sendCode: (phoneNumber: string) => Promise<void>;
  /** Tells the owner of a confirmed number that someone tried to sign up with it. */
  warnOwner: (phoneNumber: string) => Promise<void>;
}) {
  return {
    id: 'phone-sign-up',
    endpoints: {
      signUpPhone: createAuthEndpoint('/sign-up/phone', { method: 'POST', body }, async (ctx) => {
        const { phoneNumber, password } = ctx.body;
        const [holder] = await deps.db
          .select({ id: users.id, email: users.email, verified: users.phoneNumberVerified, createdAt: users.createdAt })
          .from(users)
          .where(eq(users.phoneNumber, phoneNumber));
        if (holder?.verified) {
          // Answered as a new number is (as sign-up by email answers for an address that has an
          // account), so sign-up never tells who has an account: the same answer, the same
          // refusal of a second try within ten minutes, about the same work (a password hash
          // and an SMS). Only the owner learns of it, by SMS; nothing is created.
          if (await recentlyTried(deps.db, phoneNumber)) {
            throw new APIError('UNPROCESSABLE_ENTITY', { code: 'SIGN_UP_WAITING', message: SIGN_UP_WAITING });
          }
          await ctx.context.password.hash(password);
          await deps.warnOwner(phoneNumber);
          return ctx.json({ status: true, phoneNumber, user: { id: randomUUID() } });
        }
        if (holder) {
          // An earlier sign-up with this number never entered its code. For ten minutes it keeps
          // the number (so nobody can swap their own account in under a code already texted);
          // after that the number goes to whoever proves they hold it, so no claim squats on it.
          if (holder.createdAt.getTime() > Date.now() - PENDING_MINUTES * 60_000) {
            throw new APIError('UNPROCESSABLE_ENTITY', { code: 'SIGN_UP_WAITING', message: SIGN_UP_WAITING });
          }
          if (isPhoneOnly(holder.email)) await deps.db.delete(users).where(eq(users.id, holder.id));
          else await deps.db.update(users).set({ phoneNumber: null }).where(eq(users.id, holder.id));
        }
        const fullName = ctx.body.fullName || ctx.body.name || 'User';
        const user = await ctx.context.internalAdapter.createUser(
          {
            email: phoneOnlyEmail(phoneNumber),
            name: fullName,
            emailVerified: false,
            fullName,
            username: ctx.body.username ?? null,
            userType: ctx.body.userType ?? 'customer',
            preferredLanguage: ctx.body.preferredLanguage ?? 'english',
          },
          ctx,
        );
        if (!user)
          throw new APIError('INTERNAL_SERVER_ERROR', { message: 'An unexpected error occurred during signup' });
        await ctx.context.internalAdapter.linkAccount({
          userId: user.id,
          providerId: 'credential',
          accountId: user.id,
          password: await ctx.context.password.hash(password),
        });
        // The phoneNumber plugin only writes numbers that are already confirmed, so the
        // unconfirmed number is set here; it signs nobody in until the code is entered.
        try {
          await deps.db.update(users).set({ phoneNumber }).where(eq(users.id, user.id));
        } catch (error) {
          await deps.db.delete(users).where(eq(users.id, user.id));
          if (hasPgCode(error, UNIQUE_VIOLATION)) {
            throw new APIError('UNPROCESSABLE_ENTITY', { code: 'PHONE_TAKEN', message: PHONE_TAKEN });
          }
          throw error;
        }
        await deps.sendCode(phoneNumber);
        return ctx.json({ status: true, phoneNumber, user: { id: user.id } });
      }),
    },
  } satisfies BetterAuthPlugin;
}
