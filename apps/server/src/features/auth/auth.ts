import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { jwt, phoneNumber, twoFactor } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#src/db/client.ts';
import { authSchema, users } from '#src/db/schema/auth.ts';
import type { Logger } from '#src/platform/logger.ts';
import type { Messages } from '#src/platform/messaging.ts';
import { ADMINS_USE_TOTP, createAuthHooks } from './auth-hooks.ts';
import { recordPasswordReset } from './auth-log.service.ts';
import { answerInReaderLanguage } from './auth-error-text.ts';
import { codesWaitText, takeCodeAllowance, type CodeAsker } from './code-allowance.ts';
import { codeNotes, noteCode, noteRefusal, refusalText, withCodeNotes } from './code-notes.ts';
import { phoneSignUp } from './phone-sign-up.ts';
import { createRateLimitStore } from '#src/platform/rate-limit-store.ts';
import { languageOfPhone } from './profile.service.ts';
import { textsFor } from '#src/platform/i18n.ts';
import { PHONE_ONLY_EMAIL_DOMAIN } from './profile.service.ts';
import type { NotifierDeps } from '#src/features/notifications/notifications.service.ts';
import { agentApplied } from './applicant-rules.ts';

export { MISSING_CREDENTIALS } from './auth-hooks.ts';

export const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Contact EcoGrid support to restore it.';
export const NO_PHONE_FOR_CODES =
  'Your account has no confirmed phone number to text a code to. Use your authenticator app or a backup code.';

export type AuthSettings = { PUBLIC_URL: string; AUTH_SECRET: string };
export type AuthDeps = {
  db: Database;
  settings: AuthSettings;
  messages: Messages;
  logger?: Logger;
  /** For the notices other features send when an account is made (admins told of an agent applicant). */
  notifier?: NotifierDeps;
};

/** Links in email (confirmation, password reset) work for an hour. */
const LINK_SECONDS = 60 * 60;
/** SMS codes (phone confirmation, password reset, second factor) last five minutes. */
const SMS_CODE_SECONDS = 300;
/** An account email's subject and text, in the language the account chose. */
function emailIn(
  user: { name: string; preferredLanguage?: unknown },
  kind: 'verification' | 'passwordReset',
  link: string,
) {
  const { t } = textsFor(typeof user.preferredLanguage === 'string' ? user.preferredLanguage : null);
  return { subject: t(`email:${kind}.subject`), text: t(`email:${kind}.text`, { name: user.name, link }) };
}
const hasText = (v: unknown) => typeof v === 'string' && v.trim() !== '';

export function createAuth({ db, settings, messages, logger, notifier }: AuthDeps) {
  const origin = new URL(settings.PUBLIC_URL).origin;
  const notify = async (to: string, message: string) => {
    await messages.sms(db, { to, message });
  };
  /** Texts a code already counted against its allowance (a password reset's, by the auth hooks). */
  const sendCode = async (to: string, code: string, message: string) => {
    // A code not sent within its five minutes is dropped, never texted late.
    await messages.sms(db, { to, message, expiresAt: new Date(Date.now() + SMS_CODE_SECONDS * 1000) });
    noteCode(code);
  };
  /**
   * Texts a code (or, with no code, a notice that stands in for one, so both answer alike) if the
   * number's allowance for this asker has one left; a 429 otherwise.
   */
  const text = async (
    request: { to: string; code?: string; message: string; asker: CodeAsker; purpose: string; userId?: string },
    ctx: { headers?: Headers } | undefined,
  ) => {
    const allowance = await takeCodeAllowance(db, {
      phoneNumber: request.to,
      asker: request.asker,
      purpose: request.purpose,
      userId: request.userId ?? null,
      ipAddress: ctx?.headers?.get('x-client-ip') ?? null,
      userAgent: ctx?.headers?.get('user-agent') ?? null,
    });
    if (!allowance.ok) {
      const refusal = refusalText(
        new APIError('TOO_MANY_REQUESTS', { code: 'TOO_MANY_CODES', message: allowance.message }),
        codesWaitText(allowance.waitMinutes),
      );
      noteRefusal(refusal);
      throw refusal;
    }
    if (request.code) await sendCode(request.to, request.code, request.message);
    else await notify(request.to, request.message);
  };
  const { hooks, securityLog } = createAuthHooks(db, notify);
  const auth = betterAuth({
    appName: 'EcoGrid',
    baseURL: origin,
    basePath: '/api/auth',
    secret: settings.AUTH_SECRET,
    // The configured address, and the address a request itself came to: a same-origin request
    // from a phone on the local network is not cross-site. Another site's Origin never matches.
    trustedOrigins: (request) => [origin, request ? new URL(request.url).origin : null],
    database: drizzleAdapter(db, { provider: 'pg', schema: authSchema }),
    advanced: {
      database: { generateId: 'uuid' },
      useSecureCookies: origin.startsWith('https:'),
      ipAddress: { ipAddressHeaders: ['x-client-ip'] },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: false,
      // A reset ends every session of the account; the link works once, for one hour.
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: LINK_SECONDS,
      // Not awaited: an unknown address queues no mail, so a real one must not wait for its
      // mail to be queued, or the time of the answer would tell which addresses have accounts.
      sendResetPassword: ({ user, token }) => {
        if (user.email.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`)) return Promise.resolve();
        const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
        void messages
          .email(db, {
            expiresAt: new Date(Date.now() + LINK_SECONDS * 1000),
            to: user.email,
            ...emailIn(user, 'passwordReset', link),
          })
          .catch((err: unknown) => logger?.error({ err }, 'could not queue a password reset email'));
        return Promise.resolve();
      },
      // Proving the account is theirs clears the failed sign-ins that would keep its owner out.
      onPasswordReset: async ({ user }, request) => {
        await recordPasswordReset(db, {
          userId: user.id,
          ipAddress: request?.headers.get('x-client-ip') ?? null,
          userAgent: request?.headers.get('user-agent') ?? null,
        });
      },
    },
    emailVerification: {
      expiresIn: LINK_SECONDS,
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      // The link opens the app's own /email-verification page, which confirms the token.
      sendVerificationEmail: async ({ user, token }) => {
        if (user.email.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`)) return;
        const link = `${origin}/email-verification?token=${encodeURIComponent(token)}`;
        await messages.email(db, {
          expiresAt: new Date(Date.now() + LINK_SECONDS * 1000),
          to: user.email,
          ...emailIn(user, 'verification', link),
        });
      },
    },
    user: {
      additionalFields: {
        // No default here: the create hook falls back to better-auth's `name`, then to 'User'.
        fullName: { type: 'string', required: false },
        username: { type: 'string', required: false },
        // A public sign-up is a customer or an agent applicant; nobody can sign up as an admin.
        userType: {
          type: 'string',
          required: false,
          defaultValue: 'customer',
          validator: { input: z.enum(['customer', 'agent'], { error: 'Choose customer or agent' }) },
        },
        preferredLanguage: {
          type: 'string',
          required: false,
          defaultValue: 'english',
          validator: { input: z.enum(['english', 'luganda', 'swahili']) },
        },
        agentStatus: { type: 'string', required: false, input: false },
        kycStatus: { type: 'string', required: false, defaultValue: 'pending', input: false },
        isActive: { type: 'boolean', required: false, defaultValue: true, input: false },
      },
    },
    // Counted in fixed windows in the database so every app process shares them
    // (platform/rate-limit-store.ts). Many Ugandan phones share one address behind the carrier's
    // NAT, so per-address limits are generous; failed sign-ins are also limited per account
    // (auth-log.service.ts). Reading one's own session, its list
    // and its token is not limited by address at all: every page asks, a whole office or
    // carrier shares an address, and a refused read would look to the app like being signed
    // out. Such a read guesses nothing: it only answers for a valid session cookie.
    rateLimit: {
      enabled: true,
      customStorage: createRateLimitStore(db),
      window: 60,
      max: 120,
      customRules: {
        '/sign-up/email': { window: 60, max: 20 },
        '/sign-up/phone': { window: 60, max: 10 },
        '/sign-in/email': { window: 60, max: 30 },
        '/sign-in/phone-number': { window: 60, max: 30 },
        '/send-verification-email': { window: 60, max: 5 },
        '/two-factor/send-otp': { window: 60, max: 5 },
        '/get-session': false,
        '/list-sessions': false,
        '/token': false,
      },
    },
    plugins: [
      // Phone accounts: confirmation and password-reset codes by SMS. Numbers are stored in
      // E.164 (the auth hooks normalise what people type); a number signs in only once confirmed.
      phoneNumber({
        expiresIn: SMS_CODE_SECONDS,
        requireVerification: true,
        allowedAttempts: 5,
        phoneNumberValidator: (value) => /^\+[1-9]\d{7,14}$/.test(value),
        // Asked without a session (a sign-up, a sign-in of an unconfirmed number) or for a new
        // number not yet the account's: from the number's allowance for anyone.
        sendOTP: async ({ phoneNumber: to, code }, ctx) =>
          text(
            {
              to,
              code,
              asker: 'anyone',
              purpose: 'phone_confirmation',
              message: textsFor(await languageOfPhone(db, to)).t('sms:codes.phone', { code }),
            },
            ctx,
          ),
        // The auth hooks counted the request already, whether or not the number has an account.
        sendPasswordResetOTP: async ({ phoneNumber: to, code }) =>
          sendCode(to, code, textsFor(await languageOfPhone(db, to)).t('sms:codes.passwordReset', { code })),
      }),
      phoneSignUp({
        db,
        sendCode: async (to) => {
          await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: to } });
        },
        // Under the same hourly cap as codes, so both kinds of number answer 429 alike.
        warnOwner: async (to) =>
          text(
            {
              to,
              asker: 'anyone',
              purpose: 'phone_confirmation',
              message: textsFor(await languageOfPhone(db, to)).t('sms:existingAccount'),
            },
            undefined,
          ),
      }),
      // TOTP with backup codes, or a code by SMS to a confirmed number. Admins must enrol an
      // authenticator app before any admin page or API opens (admin.guard.ts).
      twoFactor({
        issuer: 'EcoGrid',
        otpOptions: {
          period: SMS_CODE_SECONDS / 60,
          sendOTP: async ({ user, otp }, ctx) => {
            const phone = user as typeof user & {
              phoneNumber?: string | null;
              phoneNumberVerified?: boolean | null;
              userType?: string;
              preferredLanguage?: string | null;
            };
            // The code is stored before this runs; refusing to send it leaves it unusable.
            if (phone.userType === 'admin') {
              throw new APIError('FORBIDDEN', { code: 'ADMINS_USE_TOTP', message: ADMINS_USE_TOTP });
            }
            if (!phone.phoneNumber || !phone.phoneNumberVerified) {
              throw new APIError('BAD_REQUEST', { code: 'NO_PHONE_FOR_CODES', message: NO_PHONE_FOR_CODES });
            }
            // Asked by someone who has just given the account's password: the holder's own allowance.
            await text(
              {
                to: phone.phoneNumber,
                code: otp,
                asker: 'account',
                purpose: 'sign_in',
                userId: user.id,
                message: textsFor(phone.preferredLanguage).t('sms:codes.signIn', { code: otp }),
              },
              ctx,
            );
          },
        },
      }),
      // Signed tokens for other services, verified against the keys at /.well-known/jwks.json.
      // Handed out by /api/auth/token only: by default the plugin signs a fresh token into a
      // header of every session look-up, which is every signed-in request here.
      jwt({ disableSettingJwtHeader: true }),
      codeNotes(messages.codesOnScreen),
      // Last, so that it sees what the other plugins made of each request.
      securityLog,
    ],
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const data = user as typeof user & { userType?: string; fullName?: string };
            return {
              data: {
                ...data,
                fullName: hasText(data.fullName) ? data.fullName : data.name || 'User',
                agentStatus: data.userType === 'agent' ? 'applicant' : null,
              },
            };
          },
          // Someone applying to be an agent waits for an admin: the admins are told.
          after: async (user) => {
            if ((user as typeof user & { userType?: string }).userType === 'agent' && notifier) {
              await agentApplied(db, notifier, user.id);
            }
          },
        },
      },
      session: {
        create: {
          // Every way of signing in ends here, so a deactivated account gets no session at all.
          before: async (session) => {
            const [row] = await db.select({ isActive: users.isActive }).from(users).where(eq(users.id, session.userId));
            if (row && !row.isActive) {
              throw new APIError('FORBIDDEN', { code: 'ACCOUNT_DEACTIVATED', message: ACCOUNT_DEACTIVATED });
            }
          },
        },
      },
    },
    hooks,
  });
  // Each request keeps its own notes of the codes it sent (code-notes.ts), and a refusal is
  // answered in the reader's language (auth-error-text.ts).
  return {
    ...auth,
    handler: (request: Request) =>
      withCodeNotes(async () => answerInReaderLanguage(request, await auth.handler(request))),
  };
}

export type Auth = ReturnType<typeof createAuth>;
