import { and, desc, eq } from 'drizzle-orm';
import type { StaffRole } from '@ecogrid/core/staff-roles';
import type { Database } from '#src/db/client.ts';
import { users } from '#src/db/schema/auth.ts';
import { outboxMessages } from '#src/db/schema/messaging.ts';
import { expect } from 'vitest';
import { TEST_ORIGIN, type TestContext } from './test-app.ts';
import { totpFromUri } from './totp.ts';

/** The name=value pairs a response sets, ready to send back as a Cookie header. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c): c is string => Boolean(c) && !c!.endsWith('='))
    .join('; ');
}

/** A JSON request as the web app sends it: same origin, with its cookies. */
let nextAddress = 1;
/** Each call comes from its own address unless one is given, so address limits only bite where a test means them to. */
const freshAddress = () => `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;

export function send(
  ctx: TestContext,
  path: string,
  body?: unknown,
  options: { cookie?: string; method?: string; ip?: string; acceptLanguage?: string } = {},
) {
  return ctx.request(path, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      'content-type': 'application/json',
      origin: TEST_ORIGIN,
      'x-client-ip': options.ip ?? freshAddress(),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.acceptLanguage ? { 'accept-language': options.acceptLanguage } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function lastEmailTo(db: Database, to: string) {
  const [message] = await db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, to), eq(outboxMessages.channel, 'email')))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return message;
}

export async function lastSmsTo(db: Database, to: string) {
  const [message] = await db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, to), eq(outboxMessages.channel, 'sms')))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return message;
}

export async function smsCountTo(db: Database, to: string): Promise<number> {
  return (
    await db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, to), eq(outboxMessages.channel, 'sms')))
  ).length;
}

/** The six-digit code in the last SMS to a number. */
export async function lastSmsCode(db: Database, to: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec((await lastSmsTo(db, to))?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

let phoneCounter = Math.floor(Math.random() * 900_000);
/** A distinct Ugandan mobile number per call, in local form (0772…) and E.164. */
export function uniquePhone() {
  const subscriber = String(100_000 + (phoneCounter++ % 900_000));
  return { local: `0772${subscriber}`, e164: `+256772${subscriber}` };
}

export const STRONG_PASSWORD = 'mango tree beside the borehole';

let counter = 0;
export const uniqueEmail = (label = 'user') => `${label}.${Date.now()}.${counter++}@example.ug`;

/** Signs up by email, confirms the address from the outbox link, and returns the session cookie. */
export async function signUpAndVerify(ctx: TestContext, extra: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const signUp = await send(ctx, '/api/auth/sign-up/email', {
    email,
    password: STRONG_PASSWORD,
    name: 'Sarah Nakato',
    fullName: 'Sarah Nakato',
    ...extra,
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const mail = await lastEmailTo(ctx.db, email);
  const token = /email-verification\?token=([^\s]+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error('no verification link in the outbox');
  const verify = await send(ctx, `/api/auth/verify-email?token=${token}`);
  return { email, cookie: cookiesFrom(verify), verifyStatus: verify.status };
}

/** Signs up by phone in local form and enters the SMS code; returns the number and the session cookie. */
export async function signUpByPhoneAndVerify(ctx: TestContext, extra: Record<string, unknown> = {}) {
  const phone = uniquePhone();
  const signUp = await send(ctx, '/api/auth/sign-up/phone', {
    phoneNumber: phone.local,
    password: STRONG_PASSWORD,
    fullName: 'Nambi Grace',
    ...extra,
  });
  expect(signUp.status).toBe(200);
  const verify = await send(ctx, '/api/auth/phone-number/verify', {
    phoneNumber: phone.local,
    code: await lastSmsCode(ctx.db, phone.e164),
  });
  expect(verify.status).toBe(200);
  return { ...phone, cookie: cookiesFrom(verify) };
}

/** The id of the account with this phone number (E.164). */
export async function userIdOfPhone(db: Database, e164: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, e164));
  if (!row) throw new Error(`no account for ${e164}`);
  return row.id;
}

/** The id of the account with this email address. */
export async function userIdOf(db: Database, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no account for ${email}`);
  return row.id;
}

/** Makes an account staff in a role (the full admin unless said), as an existing admin would. */
export async function promoteToAdmin(db: Database, userId: string, staffRole: StaffRole = 'admin'): Promise<void> {
  await db.update(users).set({ userType: 'admin', staffRole }).where(eq(users.id, userId));
}

/** Switches on an authenticator app for a signed-in account; returns its URI and the renewed session cookie. */
export async function enrolTotp(ctx: TestContext, cookie: string) {
  const enable = await send(ctx, '/api/auth/two-factor/enable', { password: STRONG_PASSWORD }, { cookie });
  expect(enable.status).toBe(200);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  expect(backupCodes.length).toBeGreaterThan(0);
  const verify = await send(ctx, '/api/auth/two-factor/verify-totp', { code: totpFromUri(totpURI) }, { cookie });
  expect(verify.status).toBe(200);
  // Turning TOTP on renews the session: the new cookie replaces the old one.
  return { totpURI, cookie: cookiesFrom(verify).includes('session_token') ? cookiesFrom(verify) : cookie };
}
