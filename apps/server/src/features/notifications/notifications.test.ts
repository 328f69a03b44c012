import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lastEmailTo,
  lastSmsTo,
  send,
  signUpAndVerify,
  signUpByPhoneAndVerify,
  smsCountTo,
  userIdOf,
  userIdOfPhone,
} from '../../../test/auth-helpers.ts';
import { waitFor } from '../../../test/server-process.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { notifications } from '#src/db/schema/notifications.ts';
import { sendNotification, type NewNotification } from './notifications.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

type Page = { items: { id: string; title: string; isRead: boolean }[]; unread: number };

async function customer() {
  const account = await signUpAndVerify(ctx);
  return { ...account, id: await userIdOf(ctx.db, account.email) };
}

/** n notifications, a second apart (the newest now), so their order is certain. */
async function notify(userId: string, n: number) {
  const start = Date.now() - n * 1000;
  for (let i = 0; i < n; i++) {
    await ctx.db.insert(notifications).values({
      userId,
      type: 'account',
      title: `Note ${i}`,
      message: `Message ${i}`,
      createdAt: new Date(start + i * 1000),
    });
  }
}

describe('notifications', () => {
  it('lists at most 50, newest first, with the unread count', async () => {
    const me = await customer();
    await notify(me.id, 55);
    const response = await send(ctx, '/api/notifications', undefined, { cookie: me.cookie });
    expect(response.status).toBe(200);
    const page = (await response.json()) as Page;
    expect(page.items).toHaveLength(50);
    expect(page.items[0]?.title).toBe('Note 54');
    expect(page.items[49]?.title).toBe('Note 5');
    expect(page.unread).toBe(55);
    expect((await send(ctx, '/api/notifications?limit=51', undefined, { cookie: me.cookie })).status).toBe(400);
  });

  it('marks one read, and mark-all touches only the caller’s unread', async () => {
    const me = await customer();
    const other = await customer();
    await notify(me.id, 3);
    await notify(other.id, 2);
    const mine = ((await (await send(ctx, '/api/notifications', undefined, { cookie: me.cookie })).json()) as Page)
      .items;

    const one = await send(ctx, `/api/notifications/${mine[0]!.id}/read`, {}, { cookie: me.cookie });
    expect(await one.json()).toMatchObject({ id: mine[0]!.id, isRead: true });
    const count = await send(ctx, '/api/notifications/unread-count', undefined, { cookie: me.cookie });
    expect(await count.json()).toEqual({ unread: 2 });

    const all = await send(ctx, '/api/notifications/read-all', {}, { cookie: me.cookie });
    expect(await all.json()).toEqual({ marked: 2 });
    const theirs = (await (await send(ctx, '/api/notifications', undefined, { cookie: other.cookie })).json()) as Page;
    expect(theirs.unread).toBe(2);
    expect(theirs.items.every((n) => !n.isRead)).toBe(true);
  });

  it('refuses another user’s notification, a malformed id and a visitor', async () => {
    const me = await customer();
    const other = await customer();
    await notify(other.id, 1);
    const theirs = ((await (await send(ctx, '/api/notifications', undefined, { cookie: other.cookie })).json()) as Page)
      .items[0]!;
    const steal = await send(ctx, `/api/notifications/${theirs.id}/read`, {}, { cookie: me.cookie });
    expect(steal.status).toBe(404);
    const after = (await (await send(ctx, '/api/notifications', undefined, { cookie: other.cookie })).json()) as Page;
    expect(after.items[0]?.isRead).toBe(false);

    const bad = await send(ctx, '/api/notifications/null/read', {}, { cookie: me.cookie });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      'Invalid notification ID. Please ensure you are properly authenticated.',
    );
    const visitor = await send(ctx, '/api/notifications');
    expect(visitor.status).toBe(401);
    expect(((await visitor.json()) as { error: { message: string } }).error.message).toBe('User not authenticated');
  });
});

describe('send-notification', () => {
  const deliver = (input: NewNotification) =>
    sendNotification(ctx.db, { realtime: ctx.realtime, messages: ctx.messages, publicUrl: TEST_ORIGIN }, input);

  it('texts a phone-only account', async () => {
    const phone = await signUpByPhoneAndVerify(ctx);
    const userId = await userIdOfPhone(ctx.db, phone.e164);
    const codes = await smsCountTo(ctx.db, phone.e164);
    await deliver({
      userId,
      type: 'payment_update',
      title: 'Payment Update',
      message: 'Payment completed: UGX 20,000',
      sms: true,
    });
    expect(await smsCountTo(ctx.db, phone.e164)).toBe(codes + 1);
    const sms = await lastSmsTo(ctx.db, phone.e164);
    expect(sms?.body).toBe('EcoGrid: Payment Update. Payment completed: UGX 20,000');
    // The delivery job takes it from the outbox queue (no SMS provider here, so it is kept).
    let status = sms?.status;
    await waitFor(
      () => status === 'stored',
      'the SMS delivery',
      10_000,
      async () => {
        status = (await lastSmsTo(ctx.db, phone.e164))?.status;
      },
    );
  });

  it('emails an email account, with a link to the inbox', async () => {
    const me = await customer();
    await deliver({
      userId: me.id,
      type: 'order_update',
      title: 'Order Status Update',
      message: 'Order A1 status: shipped',
    });
    const mail = await lastEmailTo(ctx.db, me.email);
    expect(mail?.subject).toBe('EcoGrid: Order Status Update');
    expect(mail?.body).toContain('Order A1 status: shipped');
    expect(mail?.body).toContain(`${TEST_ORIGIN}/inbox`);
  });

  it("follows the user's choices for updates, but security notices and repayment reminders always go out", async () => {
    const phone = await signUpByPhoneAndVerify(ctx);
    const userId = await userIdOfPhone(ctx.db, phone.e164);
    const off = await send(ctx, '/api/me', { notifyBySms: false }, { cookie: phone.cookie, method: 'PATCH' });
    expect(await off.json()).toMatchObject({ notifyBySms: false, notifyByEmail: true });
    const before = await smsCountTo(ctx.db, phone.e164);

    await deliver({ userId, type: 'order_update', title: 'Order on its way', message: 'Out for delivery', sms: true });
    expect(await smsCountTo(ctx.db, phone.e164)).toBe(before);
    await deliver({
      userId,
      type: 'loan_reminder',
      title: 'Loan Payment Reminder',
      message: 'Payment of UGX 45,000 due in 3 days',
      sms: true,
    });
    await deliver({
      userId,
      type: 'account',
      title: 'Password changed',
      message: 'Your password was changed.',
      sms: true,
    });
    expect(await smsCountTo(ctx.db, phone.e164)).toBe(before + 2);

    const mailer = await customer();
    const none = await send(ctx, '/api/me', { notifyByEmail: false }, { cookie: mailer.cookie, method: 'PATCH' });
    expect(none.status).toBe(200);
    await deliver({ userId: mailer.id, type: 'kyc_update', title: 'Identity check', message: 'Approved' });
    // The last email is still the address confirmation from sign-up.
    expect((await lastEmailTo(ctx.db, mailer.email))?.subject).toBe('Confirm your email address for EcoGrid');
    await deliver({ userId: mailer.id, type: 'account', title: 'New sign-in', message: 'A new sign-in.' });
    expect((await lastEmailTo(ctx.db, mailer.email))?.subject).toBe('EcoGrid: New sign-in');
    // Every notification is in the app whatever the choices.
    const list = (await (await send(ctx, '/api/notifications', undefined, { cookie: mailer.cookie })).json()) as Page;
    expect(list.items.map((n) => n.title)).toEqual(['New sign-in', 'Identity check']);
  });

  it('texts only a notice marked as one to act on, and never identity-check news', async () => {
    const phone = await signUpByPhoneAndVerify(ctx);
    const userId = await userIdOfPhone(ctx.db, phone.e164);
    const before = await smsCountTo(ctx.db, phone.e164);
    await deliver({
      userId,
      type: 'order_update',
      title: 'Order being prepared',
      message: 'Your order is being prepared.',
    });
    await deliver({ userId, type: 'kyc_update', title: 'Identity check', message: 'Approved', sms: true });
    expect(await smsCountTo(ctx.db, phone.e164)).toBe(before);
    await deliver({ userId, type: 'order_update', title: 'Order delivered', message: 'Delivered.', sms: true });
    expect(await smsCountTo(ctx.db, phone.e164)).toBe(before + 1);
    const list = (await (await send(ctx, '/api/notifications', undefined, { cookie: phone.cookie })).json()) as Page;
    expect(list.items).toHaveLength(3);
  });

  it('keeps nothing and sends nothing when the transaction it joined rolls back', async () => {
    const phone = await signUpByPhoneAndVerify(ctx);
    const userId = await userIdOfPhone(ctx.db, phone.e164);
    const before = await smsCountTo(ctx.db, phone.e164);
    await expect(
      ctx.db.transaction(async (tx) => {
        await sendNotification(
          tx,
          { realtime: ctx.realtime, messages: ctx.messages, publicUrl: TEST_ORIGIN },
          { userId, type: 'order_update', title: 'Order Status Update', message: 'Order A3 status: paid' },
        );
        throw new Error('the order change failed');
      }),
    ).rejects.toThrow('the order change failed');
    expect(await smsCountTo(ctx.db, phone.e164)).toBe(before);
    const list = (await (await send(ctx, '/api/notifications', undefined, { cookie: phone.cookie })).json()) as Page;
    expect(list.items).toEqual([]);
  });
});
