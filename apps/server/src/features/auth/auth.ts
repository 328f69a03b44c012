import { normalizePhone } from '@ecogrid/core';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { jwt, twoFactor } from 'better-auth/plugins';
import { z } from 'zod';
import type { Database } from '#src/db/client.ts';
import { authSchema } from '#src/db/schema/auth.ts';
import type { Mailer } from '#src/platform/mail.ts';
import { checkSignInAllowed, recordAuthAttempt, recordSecurityEvent } from './auth-log.service.ts';
import { validatePasswordStrength } from './password-strength.ts';
import { PHONE_ONLY_EMAIL_DOMAIN } from './profile.service.ts';

export const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';

export type AuthSettings = { PUBLIC_URL: string; AUTH_SECRET: string };
export type AuthDeps = { db: Database; settings: AuthSettings; mailer: Mailer };

const signUpBody = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  name: z.string().optional(),
  fullName: z.string().optional(),
  phoneNumber: z.string().optional(),
  username: z.string().optional(),
});

const hasText = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/** The client's address, as the server put it in x-client-ip (never trusted from the client). */
const clientIp = (headers: Headers | undefined) => headers?.get('x-client-ip') ?? null;

export function createAuth({ db, settings, mailer }: AuthDeps) {
  const origin = new URL(settings.PUBLIC_URL).origin;
  return betterAuth({
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
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        if (user.email.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`)) return;
        const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send(db, {
          to: user.email,
          subject: 'Reset your EcoGrid password',
          text: `Hello ${user.name},\n\nTo choose a new password for your EcoGrid account, open:\n\n${link}\n\nThe link works once, for one hour. If you did not ask for this, ignore this message: your password stays the same.\n`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      // The link opens the app's own /email-verification page, which confirms the token.
      sendVerificationEmail: async ({ user, token }) => {
        const link = `${origin}/email-verification?token=${encodeURIComponent(token)}`;
        await mailer.send(db, {
          to: user.email,
          subject: 'Confirm your email address for EcoGrid',
          text: `Hello ${user.name},\n\nConfirm your email address to finish creating your EcoGrid account:\n\n${link}\n\nThe link works for one hour. If you did not sign up, ignore this message.\n`,
        });
      },
    },
    user: {
      additionalFields: {
        fullName: { type: 'string', required: false, defaultValue: 'User' },
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
      },
    },
    // Counted in the database so every app process shares them. Many Ugandan phones share one
    // address behind the carrier's NAT, so per-address limits are generous; failed sign-ins
    // are also limited per account (auth-log.service.ts).
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 120,
      customRules: {
        '/sign-up/email': { window: 60, max: 20 },
        '/sign-in/email': { window: 60, max: 30 },
        '/send-verification-email': { window: 60, max: 5 },
      },
    },
    plugins: [
      // TOTP with backup codes; admins must enrol before any admin page or API opens (admin.guard.ts).
      twoFactor({ issuer: 'EcoGrid' }),
      // Signed tokens for other services, verified against the keys at /.well-known/jwks.json.
      jwt(),
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
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = signUpBody.safeParse(ctx.body ?? {}).data ?? {};
        if (ctx.path === '/sign-up/email' || ctx.path === '/sign-in/email') {
          if (!(hasText(body.email) || hasText(body.phoneNumber)) || !hasText(body.password)) {
            throw new APIError('BAD_REQUEST', { code: 'MISSING_CREDENTIALS', message: MISSING_CREDENTIALS });
          }
        }
        if (ctx.path === '/sign-up/email') {
          if (hasText(body.phoneNumber) && !normalizePhone(body.phoneNumber!)) {
            throw new APIError('BAD_REQUEST', {
              code: 'INVALID_PHONE_NUMBER',
              message: 'Enter a valid phone number, for example 0772 123456.',
            });
          }
          const check = validatePasswordStrength(body.password!, [
            body.name,
            body.fullName,
            body.email,
            body.username,
            body.phoneNumber,
          ]);
          if (!check.ok) {
            await recordSecurityEvent(db, {
              eventType: 'signup_failed',
              details: { reason: 'weak_password', email: body.email ?? null },
              ipAddress: clientIp(ctx.headers),
              userAgent: ctx.headers?.get('user-agent') ?? null,
            });
            throw new APIError('BAD_REQUEST', { code: 'WEAK_PASSWORD', message: check.message });
          }
        }
        if (ctx.path === '/reset-password') {
          const newPassword = (ctx.body as { newPassword?: unknown } | undefined)?.newPassword;
          const check = validatePasswordStrength(typeof newPassword === 'string' ? newPassword : '');
          if (!check.ok) throw new APIError('BAD_REQUEST', { code: 'WEAK_PASSWORD', message: check.message });
        }
        if (ctx.path === '/sign-in/email') {
          const blocked = await checkSignInAllowed(db, {
            identifier: body.email!.toLowerCase(),
            ipAddress: clientIp(ctx.headers),
          });
          if (blocked) throw new APIError('TOO_MANY_REQUESTS', { code: 'TOO_MANY_ATTEMPTS', message: blocked });
        }
        if (ctx.path === '/update-user' && ctx.body && typeof ctx.body === 'object' && 'userType' in ctx.body) {
          throw new APIError('FORBIDDEN', {
            code: 'FIELD_NOT_ALLOWED',
            message: 'The account type cannot be changed here.',
          });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email' && ctx.path !== '/sign-in/email') return;
        const body = signUpBody.safeParse(ctx.body ?? {}).data ?? {};
        const returned = ctx.context.returned;
        const failed = returned instanceof APIError;
        const ipAddress = clientIp(ctx.headers);
        const userAgent = ctx.headers?.get('user-agent') ?? null;
        const userId =
          ctx.context.newSession?.user.id ??
          (!failed && returned && typeof returned === 'object' && 'user' in returned
            ? ((returned as { user?: { id?: string } }).user?.id ?? null)
            : null);
        const reason = failed ? (returned.body?.code ?? returned.status) : null;
        const action = ctx.path === '/sign-up/email' ? 'signup' : 'signin';
        await recordSecurityEvent(db, {
          eventType: `${action}_${failed ? 'failed' : 'success'}`,
          userId,
          details: { method: 'email', email: body.email ?? null, ...(reason ? { reason } : {}) },
          ipAddress,
          userAgent,
        });
        if (action === 'signup') return;
        await recordAuthAttempt(db, {
          userId,
          loginMethod: 'email',
          identifier: (body.email ?? '').toLowerCase(),
          success: !failed,
          failureReason: reason ? String(reason) : null,
          ipAddress,
          userAgent,
        });
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
