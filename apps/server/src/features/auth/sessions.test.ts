import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, lastEmailTo, send, signUpAndVerify, STRONG_PASSWORD } from '../../../test/auth-helpers.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const signIn = async (email: string, password = STRONG_PASSWORD) => {
  const response = await send(ctx, '/api/auth/sign-in/email', { email, password });
  expect(response.status).toBe(200);
  return cookiesFrom(response);
};
const meStatus = async (cookie: string) => (await send(ctx, '/api/me', undefined, { cookie })).status;

describe('sessions', () => {
  it('lists the devices a user is signed in on', async () => {
    const { email, cookie } = await signUpAndVerify(ctx);
    await signIn(email);
    const response = await send(ctx, '/api/auth/list-sessions', undefined, { cookie });
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBe(2);
  });

  it('signs out the other devices, then every device', async () => {
    const { email, cookie: phone } = await signUpAndVerify(ctx);
    const laptop = await signIn(email);
    const tablet = await signIn(email);
    expect((await send(ctx, '/api/auth/revoke-other-sessions', {}, { cookie: phone })).status).toBe(200);
    expect(await meStatus(laptop)).toBe(401);
    expect(await meStatus(tablet)).toBe(401);
    expect(await meStatus(phone)).toBe(200);

    const again = await signIn(email);
    expect((await send(ctx, '/api/auth/revoke-sessions', {}, { cookie: phone })).status).toBe(200);
    expect(await meStatus(phone)).toBe(401);
    expect(await meStatus(again)).toBe(401);
  });
});

describe('change password', () => {
  it('holds the new password to the sign-up rules', async () => {
    const { cookie } = await signUpAndVerify(ctx);
    const weak = await send(
      ctx,
      '/api/auth/change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: 'password123' },
      { cookie },
    );
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { code: string }).code).toBe('WEAK_PASSWORD');
    const strong = await send(
      ctx,
      '/api/auth/change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: 'kettle whistles over charcoal' },
      { cookie },
    );
    expect(strong.status).toBe(200);
  });

  it("refuses a wrong current password, and a new one made of the person's own details", async () => {
    const { cookie, email } = await signUpAndVerify(ctx);
    const wrong = await send(
      ctx,
      '/api/auth/change-password',
      { currentPassword: 'not my password at all', newPassword: 'kettle whistles over charcoal' },
      { cookie },
    );
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { code: string }).code).toBe('INVALID_PASSWORD');
    const personal = await send(
      ctx,
      '/api/auth/change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: `${email.split('@')[0]}Nakato` },
      { cookie },
    );
    expect(personal.status).toBe(400);
    expect(((await personal.json()) as { code: string }).code).toBe('WEAK_PASSWORD');
  });

  it('ends the sessions on every other device, even when not asked to, and keeps this one signed in', async () => {
    const { email, cookie: phone } = await signUpAndVerify(ctx);
    const laptop = await signIn(email);
    const newPassword = 'kettle whistles over charcoal';
    const changed = await send(
      ctx,
      '/api/auth/change-password',
      { currentPassword: STRONG_PASSWORD, newPassword, revokeOtherSessions: false },
      { cookie: phone },
    );
    expect(changed.status).toBe(200);
    expect(await meStatus(laptop)).toBe(401);
    expect(await meStatus(cookiesFrom(changed))).toBe(200);
    expect((await send(ctx, '/api/auth/sign-in/email', { email, password: newPassword })).status).toBe(200);
  });
});

describe('forgot and reset password by email', () => {
  /** The link in the reset mail, which is queued after the answer (up to two seconds later). */
  const resetLink = async (email: string) => {
    for (let i = 0; i < 40; i++) {
      const mail = await lastEmailTo(ctx.db, email);
      const token = /\/reset-password\?token=(\S+)/.exec(mail?.body ?? '')?.[1];
      if (token) return token;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return undefined;
  };

  it('mails a link to /reset-password; the reset ends every session, works once, and the new password signs in', async () => {
    const { email, cookie } = await signUpAndVerify(ctx);
    const asked = await send(ctx, '/api/auth/request-password-reset', {
      email,
      redirectTo: `${TEST_ORIGIN}/reset-password`,
    });
    expect(asked.status).toBe(200);
    const token = await resetLink(email);
    expect(token).toBeTruthy();
    expect((await lastEmailTo(ctx.db, email))?.body).toContain(`${TEST_ORIGIN}/reset-password?token=`);

    const weak = await send(ctx, '/api/auth/reset-password', { token, newPassword: 'password1' });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { message: string }).message).toMatch(/too easy to guess/);

    const newPassword = 'river crossing near the old mill';
    const reset = await send(ctx, '/api/auth/reset-password', { token, newPassword });
    expect(reset.status).toBe(200);
    expect(await meStatus(cookie)).toBe(401);

    const reused = await send(ctx, '/api/auth/reset-password', {
      token,
      newPassword: 'another long phrase for testing',
    });
    expect(reused.status).toBe(400);

    expect((await send(ctx, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD })).status).toBe(401);
    expect((await send(ctx, '/api/auth/sign-in/email', { email, password: newPassword })).status).toBe(200);
  });

  it('answers a real address without waiting for its mail to be queued', async () => {
    const { email } = await signUpAndVerify(ctx);
    const queue = ctx.messages.email;
    let queued = 0;
    // A mail queue that never finishes: the answer must not depend on it.
    ctx.messages.email = () => {
      queued++;
      return new Promise<string>(() => {});
    };
    try {
      const response = await send(ctx, '/api/auth/request-password-reset', { email });
      expect(response.status).toBe(200);
      expect(queued).toBe(1);
    } finally {
      ctx.messages.email = queue;
    }
  });

  it('clears the failed sign-ins before a reset: the new password signs in at once', async () => {
    const { email } = await signUpAndVerify(ctx);
    for (let i = 0; i < 5; i++) {
      expect((await send(ctx, '/api/auth/sign-in/email', { email, password: `wrong guess ${i}` })).status).toBe(401);
    }
    expect((await send(ctx, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD })).status).toBe(429);
    expect((await send(ctx, '/api/auth/request-password-reset', { email })).status).toBe(200);
    const newPassword = 'goats graze on the green hill';
    const token = await resetLink(email);
    expect((await send(ctx, '/api/auth/reset-password', { token, newPassword })).status).toBe(200);
    expect((await send(ctx, '/api/auth/sign-in/email', { email, password: newPassword })).status).toBe(200);
  });

  it('answers the same for an unknown address, and mails nothing', async () => {
    const email = `nobody.${Date.now()}@example.ug`;
    const response = await send(ctx, '/api/auth/request-password-reset', { email });
    expect(response.status).toBe(200);
    expect(await lastEmailTo(ctx.db, email)).toBeUndefined();
  });
});
