import { normalizePhone } from '@ecogrid/core';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema/auth.ts';
import { textsFor } from '#src/platform/i18n.ts';
import {
  beginSignInAttempt,
  finishSignInAttempt,
  recordAuthAttempt,
  recordSecurityEvent,
  SIGN_IN_LIMITS,
} from './auth-log.service.ts';
import { codesWaitText, takeCodeAllowance } from './code-allowance.ts';
import { refusalText } from './code-notes.ts';
import { validatePasswordStrength } from './password-strength.ts';
import { ACCOUNT_EXISTS, USERNAME_TAKEN } from './phone-sign-up.ts';
import { PHONE_ONLY_EMAIL_DOMAIN } from './profile.service.ts';

export const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';
export const INVALID_PHONE = 'Enter a valid phone number, for example 0772 123456.';
export const ADMINS_USE_TOTP = 'Admins sign in with their authenticator app or a backup code.';

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
/** Second-factor checks, by the method each one records. */
const SECOND_FACTOR: Record<string, string> = {
  '/two-factor/verify-totp': 'totp',
  '/two-factor/verify-otp': 'sms_code',
  '/two-factor/verify-backup-code': 'backup_code',
};
/** Endpoints that set a new password: the same strength rules as at sign-up. */
const NEW_PASSWORD = new Set(['/reset-password', '/phone-number/reset-password', '/change-password']);

type Body = Record<string, unknown>;
const bodyOf = (ctx: { body?: unknown }): Body =>
  ctx.body && typeof ctx.body === 'object' && !Array.isArray(ctx.body) ? (ctx.body as Body) : {};
/** A field that must be text when present: anything else is refused, never silently skipped. */
function text(body: Body, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw refuse('BAD_REQUEST', 'INVALID_FIELD', `${key} must be text.`);
  return value;
}
const hasText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const isPhoneOnlyEmail = (email: string | undefined) =>
  Boolean(email?.trim().toLowerCase().endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`));

/** The client's address, as the server put it in x-client-ip (never trusted from the client). */
const clientIp = (headers: Headers | undefined) => headers?.get('x-client-ip') ?? null;
const userAgentOf = (headers: Headers | undefined) => headers?.get('user-agent') ?? null;
/** Whether the request carries the challenge cookie of a sign-in waiting for its second factor. */
const isSecondStepOfSignIn = (headers: Headers | undefined) =>
  /(^|;\s*)(__Secure-)?better-auth\.two_factor=/.test(headers?.get('cookie') ?? '');

function refuse(
  status: 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'UNPROCESSABLE_ENTITY',
  code: string,
  message: string,
) {
  return new APIError(status, { code, message });
}

/**
 * The rules better-auth does not know: the spec's messages, password strength, E.164 phone
 * numbers, per-account sign-in limits, and no sign-in path around a second factor. `notify`
 * texts a number without the per-number cap on codes.
 */
export function createAuthHooks(db: Database, notify: (to: string, message: string) => Promise<void>) {
  type User = typeof users.$inferSelect;
  const userByPhone = async (phoneNumber: string): Promise<User | undefined> =>
    (await db.select().from(users).where(eq(users.phoneNumber, phoneNumber)))[0];
  const userByEmail = async (email: string): Promise<User | undefined> =>
    (await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())))[0];
  /**
   * What the checks before a request learnt and the log after it needs: the sign-in attempt
   * begun and the account it is for, or the number a phone change moves away from.
   */
  const pending = new WeakMap<Request, { attemptId?: string; account?: User; previousPhone?: string }>();

  const before = createAuthMiddleware(async (ctx) => {
    const path = ctx.path;
    const body = bodyOf(ctx);
    const changes: Body = {};
    const email = text(body, 'email');
    const password = text(body, 'password');
    const phoneInput = text(body, 'phoneNumber');

    if (SIGN_UP.has(path) || SIGN_IN.has(path)) {
      if (!(hasText(email) || hasText(phoneInput)) || !hasText(password)) {
        throw refuse('BAD_REQUEST', 'MISSING_CREDENTIALS', MISSING_CREDENTIALS);
      }
      if (path.endsWith('/email') && !hasText(email)) {
        throw refuse('BAD_REQUEST', 'USE_PHONE', 'To use a phone number, send it to the phone sign-up or sign-in.');
      }
    }
    // A made-up address of a phone-only account is not a way in.
    if ((path === '/sign-in/email' || path === '/send-verification-email') && isPhoneOnlyEmail(email)) {
      throw refuse('UNAUTHORIZED', 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password');
    }

    let phone: string | undefined;
    if (PHONE_INPUT.has(path)) {
      if (!hasText(phoneInput)) throw refuse('BAD_REQUEST', 'INVALID_PHONE_NUMBER', INVALID_PHONE);
      const normalized = normalizePhone(phoneInput);
      if (!normalized) throw refuse('BAD_REQUEST', 'INVALID_PHONE_NUMBER', INVALID_PHONE);
      phone = normalized;
      changes.phoneNumber = normalized;
    }

    if (SIGN_UP.has(path)) {
      const username = text(body, 'username');
      const check = validatePasswordStrength(password!, [
        text(body, 'name'),
        text(body, 'fullName'),
        email,
        username,
        phoneInput,
        phone,
      ]);
      if (!check.ok) {
        await recordSecurityEvent(db, {
          eventType: 'signup_failed',
          details: { method: phone ? 'phone' : 'email', reason: 'weak_password', identifier: email ?? phone },
          ipAddress: clientIp(ctx.headers),
          userAgent: userAgentOf(ctx.headers),
        });
        throw refusalText(refuse('BAD_REQUEST', 'WEAK_PASSWORD', check.message), check.text);
      }
      if (hasText(username)) {
        const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, username.trim()));
        if (taken) throw refuse('UNPROCESSABLE_ENTITY', 'USERNAME_TAKEN', USERNAME_TAKEN);
      }
    }

    if (NEW_PASSWORD.has(path)) {
      // A signed-in change is held to the sign-up rules in full: nothing of the person's own details.
      const own = path === '/change-password' ? (await getSessionFromCtx(ctx))?.user : undefined;
      const mine = own as (typeof own & Partial<User>) | undefined;
      const check = validatePasswordStrength(text(body, 'newPassword') ?? '', [
        mine?.name,
        mine?.fullName,
        mine && !isPhoneOnlyEmail(mine.email) ? mine.email : null,
        mine?.username,
        mine?.phoneNumber,
        phone,
      ]);
      if (!check.ok) throw refusalText(refuse('BAD_REQUEST', 'WEAK_PASSWORD', check.message), check.text);
    }
    // A new password ends the sessions on every other device, whatever the request asked: one
    // left open is the very thing a password change is meant to shut out.
    if (path === '/change-password') changes.revokeOtherSessions = true;

    if (SIGN_IN.has(path)) {
      const identifier = phone ?? email!.trim().toLowerCase();
      const account = phone ? await userByPhone(phone) : await userByEmail(identifier);
      const started = await beginSignInAttempt(db, {
        identifier,
        userId: account?.id ?? null,
        loginMethod: phone ? 'phone' : 'email',
        ipAddress: clientIp(ctx.headers),
        userAgent: userAgentOf(ctx.headers),
      });
      if (started.id === null) {
        throw refusalText(new APIError('TOO_MANY_REQUESTS', { code: 'TOO_MANY_ATTEMPTS', message: started.refused }), {
          key: 'errors:auth.signInLocked',
          values: { count: SIGN_IN_LIMITS.windowMinutes },
        });
      }
      if (ctx.request) pending.set(ctx.request, { attemptId: started.id, account });
    }

    if (path === '/phone-number/request-password-reset' && phone) {
      // Counted here, before the library looks the number up, so a number with no account uses
      // up its allowance and is refused exactly like one with an account.
      const allowance = await takeCodeAllowance(db, {
        phoneNumber: phone,
        asker: 'anyone',
        purpose: 'password_reset',
        ipAddress: clientIp(ctx.headers),
        userAgent: userAgentOf(ctx.headers),
      });
      if (!allowance.ok) {
        throw refusalText(
          new APIError('TOO_MANY_REQUESTS', { code: 'TOO_MANY_CODES', message: allowance.message }),
          codesWaitText(allowance.waitMinutes),
        );
      }
    }

    if (path === '/phone-number/send-otp' && phone) {
      // Codes go to a number someone signed up with and has not confirmed yet, or to a new
      // number a signed-in user is moving to. Any other number gets the same answer and no
      // SMS, so the endpoint neither reveals accounts nor texts strangers.
      const holder = await userByPhone(phone);
      const allowed = (holder && !holder.phoneNumberVerified) || (await getSessionFromCtx(ctx));
      if (!allowed) return { message: 'code sent' };
    }

    if (path === '/phone-number/verify' && phone) {
      if (body.updatePhoneNumber === true) {
        // A new number becomes the way to reset the password and to receive codes, so
        // moving to one takes the account's password as well as the code.
        const session = await getSessionFromCtx(ctx);
        const given = text(body, 'password');
        const credential = session
          ? (await ctx.context.internalAdapter.findAccounts(session.user.id)).find((a) => a.providerId === 'credential')
          : undefined;
        const ok =
          hasText(given) && credential?.password
            ? await ctx.context.password.verify({ hash: credential.password, password: given })
            : false;
        if (!ok) throw refuse('BAD_REQUEST', 'INVALID_PASSWORD', 'Enter your password to change your phone number.');
        const [current] = await db.select().from(users).where(eq(users.id, session!.user.id));
        if (ctx.request && current?.phoneNumber && current.phoneNumberVerified) {
          pending.set(ctx.request, { previousPhone: current.phoneNumber });
        }
      } else {
        // A code confirms a new account's number and signs it in once. It is never a way into
        // an account that is already confirmed, nor around its second factor.
        const holder = await userByPhone(phone);
        if (holder && (holder.phoneNumberVerified || holder.twoFactorEnabled)) changes.disableSession = true;
      }
    }

    if (path === '/update-user' && 'userType' in body) {
      throw refuse('FORBIDDEN', 'FIELD_NOT_ALLOWED', 'The account type cannot be changed here.');
    }

    if (path === '/two-factor/enable' && body.method === 'otp') {
      // Codes by SMS are switched on by entering one (send-otp, then verify-otp), which proves
      // the number works; switching them on blind could lock the account out.
      throw refuse('BAD_REQUEST', 'CONFIRM_SMS_CODE', 'To use codes by SMS, enter a code sent to your phone.');
    }

    if (Object.keys(changes).length > 0) return { context: { body: { ...body, ...changes } } };
  });

  /**
   * Runs after the plugins' own hooks (it is installed as the last plugin), so it sees the
   * final outcome: a password that still needs its second factor, a confirmation that must
   * not sign in. It writes the security log (spec log_security_event and log_auth_attempt).
   */
  const afterPlugins = createAuthMiddleware(async (ctx) => {
    const path = ctx.path;
    const returned = ctx.context.returned;
    const failed = isAPIError(returned);
    const body = bodyOf(ctx);

    const ipAddress = clientIp(ctx.headers);
    const userAgent = userAgentOf(ctx.headers);
    const returnedObject = !failed && returned && typeof returned === 'object' ? (returned as Body) : {};
    const reason = failed ? String(returned.body?.code ?? returned.status) : null;

    if (path === '/phone-number/verify' && body.updatePhoneNumber === true) {
      if (failed) return;
      await recordSecurityEvent(db, {
        eventType: 'phone_changed',
        userId: (returnedObject.user as { id?: string } | undefined)?.id ?? null,
        details: { to: String(body.phoneNumber ?? '') },
        ipAddress,
        userAgent,
      });
      // Tell the old number that the account moved to a new one.
      const previous = ctx.request ? pending.get(ctx.request)?.previousPhone : undefined;
      if (previous) {
        const language = (returnedObject.user as { preferredLanguage?: string } | undefined)?.preferredLanguage;
        await notify(previous, textsFor(language).t('sms:phoneChanged'));
      }
      return;
    }

    // Confirming an email address or phone number signs the user in, unless a second factor
    // is on: then they sign in with their password and that factor like everyone else.
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

    if (SIGN_UP.has(path)) {
      const answered = (returnedObject.user as { id?: string } | undefined)?.id;
      // A sign-up with an address or number that has an account answers with a made-up user.
      const created = answered && (await db.select({ id: users.id }).from(users).where(eq(users.id, answered)))[0]?.id;
      const exists = !failed && !created;
      const phone = typeof body.phoneNumber === 'string' ? body.phoneNumber : undefined;
      await recordSecurityEvent(db, {
        eventType: failed || exists ? 'signup_failed' : 'signup_success',
        userId: created || null,
        details: {
          method: path === '/sign-up/phone' ? 'phone' : 'email',
          identifier: path === '/sign-up/phone' ? phone : text(body, 'email'),
          ...(reason ? { reason } : exists ? { reason: ACCOUNT_EXISTS } : {}),
        },
        ipAddress,
        userAgent,
      });
      return;
    }

    if (SIGN_IN.has(path)) {
      const method = path === '/sign-in/email' ? 'email' : 'phone';
      const identifier =
        method === 'email' ? (text(body, 'email') ?? '').trim().toLowerCase() : String(body.phoneNumber ?? '');
      const pendingSecondFactor = returnedObject.twoFactorRedirect === true;
      const before = ctx.request ? pending.get(ctx.request) : undefined;
      const account =
        before?.account ?? (method === 'email' ? await userByEmail(identifier) : await userByPhone(identifier));
      await recordSecurityEvent(db, {
        eventType: failed ? 'signin_failed' : 'signin_success',
        userId: failed ? null : (account?.id ?? null),
        details: {
          method,
          identifier,
          ...(reason ? { reason } : {}),
          ...(pendingSecondFactor ? { secondFactor: 'required' } : {}),
        },
        ipAddress,
        userAgent,
      });
      const outcome = { success: !failed, failureReason: reason, userId: failed ? null : (account?.id ?? null) };
      if (before?.attemptId) await finishSignInAttempt(db, before.attemptId, outcome);
      else await recordAuthAttempt(db, { ...outcome, loginMethod: method, identifier, ipAddress, userAgent });

      if (pendingSecondFactor && account) {
        // Offer codes by SMS only where they can arrive, and never to an admin.
        const sms = account.phoneNumberVerified && account.userType !== 'admin';
        const methods = (returnedObject.twoFactorMethods as string[] | undefined) ?? [];
        return ctx.json({ ...returnedObject, twoFactorMethods: methods.filter((m) => m !== 'otp' || sms) });
      }
      return;
    }

    const secondFactor = SECOND_FACTOR[path];
    if (secondFactor && isSecondStepOfSignIn(ctx.headers)) {
      const userId = ctx.context.newSession?.user.id ?? null;
      await recordSecurityEvent(db, {
        eventType: failed ? 'signin_failed' : 'signin_success',
        userId,
        details: { method: secondFactor, ...(reason ? { reason } : {}) },
        ipAddress,
        userAgent,
      });
      await recordAuthAttempt(db, {
        userId,
        loginMethod: secondFactor,
        identifier: userId ?? 'second_factor',
        success: !failed,
        failureReason: reason,
        ipAddress,
        userAgent,
      });
      return;
    }
  });

  const securityLog = {
    id: 'ecogrid-security-log',
    hooks: { after: [{ matcher: () => true, handler: afterPlugins }] },
  } satisfies BetterAuthPlugin;

  return { hooks: { before }, securityLog };
}
