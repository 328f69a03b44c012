import { normalizePhone } from '@ecogrid/core';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema/auth.ts';
import { checkSignInAllowed, recordAuthAttempt, recordSecurityEvent } from './auth-log.service.ts';
import { validatePasswordStrength } from './password-strength.ts';
import { USERNAME_TAKEN } from './phone-sign-up.ts';
import { PHONE_ONLY_EMAIL_DOMAIN } from './profile.service.ts';

export const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';
export const INVALID_PHONE = 'Enter a valid phone number, for example 0772 123456.';

const body = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  newPassword: z.string().optional(),
  name: z.string().optional(),
  fullName: z.string().optional(),
  phoneNumber: z.string().optional(),
  username: z.string().optional(),
  updatePhoneNumber: z.boolean().optional(),
});
type Body = z.infer<typeof body>;

const SIGN_UP = new Set(['/sign-up/email', '/sign-up/phone']);
const SIGN_IN = new Set(['/sign-in/email', '/sign-in/phone-number']);
/** Endpoints whose phoneNumber is put in E.164 form before they run. */
const PHONE_INPUT = new Set([
  '/sign-up/phone',
  '/sign-in/phone-number',
  '/phone-number/send-otp',
  '/phone-number/verify',
  '/phone-number/request-password-reset',
  '/phone-number/reset-password',
]);
/** Second-factor checks at sign-in, by the method each one records. */
const SECOND_FACTOR: Record<string, string> = {
  '/two-factor/verify-totp': 'totp',
  '/two-factor/verify-otp': 'sms_code',
  '/two-factor/verify-backup-code': 'backup_code',
};

const hasText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const isPhoneOnlyEmail = (email: string | undefined) =>
  Boolean(email?.trim().toLowerCase().endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`));

/** The client's address, as the server put it in x-client-ip (never trusted from the client). */
const clientIp = (headers: Headers | undefined) => headers?.get('x-client-ip') ?? null;

const refuse = (status: 'BAD_REQUEST' | 'UNAUTHORIZED' | 'UNPROCESSABLE_ENTITY', code: string, message: string) =>
  new APIError(status, { code, message });

/**
 * The rules better-auth does not know: the spec's messages, password strength, E.164 phone
 * numbers, per-account sign-in limits, no sign-in path around a second factor, and the
 * security log (spec log_security_event and log_auth_attempt).
 */
export function createAuthHooks(db: Database) {
  const userByPhone = async (phoneNumber: string) =>
    (await db.select().from(users).where(eq(users.phoneNumber, phoneNumber)))[0];

  const before = createAuthMiddleware(async (ctx) => {
    const path = ctx.path;
    const input: Body = body.safeParse(ctx.body ?? {}).data ?? {};
    const changes: Record<string, unknown> = {};

    if (SIGN_UP.has(path) || SIGN_IN.has(path)) {
      if (!(hasText(input.email) || hasText(input.phoneNumber)) || !hasText(input.password)) {
        throw refuse('BAD_REQUEST', 'MISSING_CREDENTIALS', MISSING_CREDENTIALS);
      }
      if (path.endsWith('/email') && !hasText(input.email)) {
        throw refuse('BAD_REQUEST', 'USE_PHONE', 'To use a phone number, send it to the phone sign-up or sign-in.');
      }
    }
    // A made-up address of a phone-only account is not a way in.
    if ((path === '/sign-in/email' || path === '/send-verification-email') && isPhoneOnlyEmail(input.email)) {
      throw refuse('UNAUTHORIZED', 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password');
    }

    let phone: string | undefined;
    if (PHONE_INPUT.has(path) && typeof input.phoneNumber === 'string') {
      const normalized = normalizePhone(input.phoneNumber);
      if (!normalized) throw refuse('BAD_REQUEST', 'INVALID_PHONE_NUMBER', INVALID_PHONE);
      phone = normalized;
      changes.phoneNumber = normalized;
    }

    if (SIGN_UP.has(path)) {
      const check = validatePasswordStrength(input.password!, [
        input.name,
        input.fullName,
        input.email,
        input.username,
        input.phoneNumber,
        phone,
      ]);
      if (!check.ok) {
        await recordSecurityEvent(db, {
          eventType: 'signup_failed',
          details: { method: phone ? 'phone' : 'email', reason: 'weak_password', identifier: input.email ?? phone },
          ipAddress: clientIp(ctx.headers),
          userAgent: ctx.headers?.get('user-agent') ?? null,
        });
        throw refuse('BAD_REQUEST', 'WEAK_PASSWORD', check.message);
      }
      if (hasText(input.username)) {
        const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, input.username.trim()));
        if (taken) throw refuse('UNPROCESSABLE_ENTITY', 'USERNAME_TAKEN', USERNAME_TAKEN);
      }
    }

    if (path === '/reset-password' || path === '/phone-number/reset-password') {
      const check = validatePasswordStrength(input.newPassword ?? '');
      if (!check.ok) throw refuse('BAD_REQUEST', 'WEAK_PASSWORD', check.message);
    }

    if (SIGN_IN.has(path)) {
      const identifier = phone ?? input.email!.trim().toLowerCase();
      const blocked = await checkSignInAllowed(db, { identifier, ipAddress: clientIp(ctx.headers) });
      if (blocked) throw new APIError('TOO_MANY_REQUESTS', { code: 'TOO_MANY_ATTEMPTS', message: blocked });
    }

    if (path === '/phone-number/send-otp' && phone) {
      // Codes go to a number someone signed up with and has not confirmed yet, or to a new
      // number a signed-in user is moving to. Any other number gets the same answer and no
      // SMS, so the endpoint neither reveals accounts nor texts strangers.
      const holder = await userByPhone(phone);
      const allowed = (holder && !holder.phoneNumberVerified) || (await getSessionFromCtx(ctx));
      if (!allowed) return { message: 'code sent' };
    }

    if (path === '/phone-number/verify' && phone && !input.updatePhoneNumber) {
      // A code confirms a new account's number and signs it in once. It is never a way into
      // an account that is already confirmed, nor around its second factor.
      const holder = await userByPhone(phone);
      if (holder && (holder.phoneNumberVerified || holder.twoFactorEnabled)) changes.disableSession = true;
    }

    if (path === '/two-factor/enable' && (ctx.body as { method?: unknown } | undefined)?.method === 'otp') {
      // Codes by SMS are switched on by entering one (send-otp, then verify-otp), which proves
      // the number works; switching them on blind could lock the account out.
      throw refuse('BAD_REQUEST', 'CONFIRM_SMS_CODE', 'To use codes by SMS, enter a code sent to your phone.');
    }

    if (path === '/update-user' && ctx.body && typeof ctx.body === 'object' && 'userType' in ctx.body) {
      throw new APIError('FORBIDDEN', {
        code: 'FIELD_NOT_ALLOWED',
        message: 'The account type cannot be changed here.',
      });
    }

    if (Object.keys(changes).length > 0) return { context: { body: { ...(ctx.body as object), ...changes } } };
  });

  const after = createAuthMiddleware(async (ctx) => {
    const path = ctx.path;
    const returned = ctx.context.returned;
    const failed = returned instanceof APIError;

    // Confirming an email address signs the user in, unless a second factor is on: then they
    // sign in with their password and that factor like everyone else.
    if ((path === '/verify-email' || path === '/phone-number/verify') && !failed) {
      const fresh = ctx.context.newSession;
      if (fresh?.user.twoFactorEnabled) {
        await ctx.context.internalAdapter.deleteSession(fresh.session.token);
        deleteSessionCookie(ctx, true);
        ctx.context.setNewSession(null);
        return ctx.json({ status: true, signInRequired: true });
      }
      return;
    }

    const secondFactor = SECOND_FACTOR[path];
    if (!SIGN_UP.has(path) && !SIGN_IN.has(path) && !secondFactor) return;
    const input: Body = body.safeParse(ctx.body ?? {}).data ?? {};
    const ipAddress = clientIp(ctx.headers);
    const userAgent = ctx.headers?.get('user-agent') ?? null;
    const returnedUser =
      !failed && returned && typeof returned === 'object' && 'user' in returned
        ? ((returned as { user?: { id?: string } }).user?.id ?? null)
        : null;
    const userId = ctx.context.newSession?.user.id ?? returnedUser;
    const reason = failed ? String(returned.body?.code ?? returned.status) : null;
    const method = secondFactor ?? (path.endsWith('/email') ? 'email' : 'phone');
    const identifier =
      method === 'email' ? (input.email ?? '').trim().toLowerCase() : (input.phoneNumber ?? userId ?? '');
    const pendingSecondFactor = !failed && returned && typeof returned === 'object' && 'twoFactorRedirect' in returned;

    if (SIGN_UP.has(path)) {
      await recordSecurityEvent(db, {
        eventType: failed ? 'signup_failed' : 'signup_success',
        userId,
        details: { method, identifier, ...(reason ? { reason } : {}) },
        ipAddress,
        userAgent,
      });
      return;
    }
    await recordSecurityEvent(db, {
      eventType: failed ? 'signin_failed' : 'signin_success',
      userId,
      details: {
        method,
        ...(secondFactor ? {} : { identifier }),
        ...(reason ? { reason } : {}),
        ...(pendingSecondFactor ? { secondFactor: 'required' } : {}),
      },
      ipAddress,
      userAgent,
    });
    await recordAuthAttempt(db, {
      userId,
      loginMethod: method,
      identifier,
      success: !failed,
      failureReason: reason,
      ipAddress,
      userAgent,
    });
  });

  return { before, after };
}
