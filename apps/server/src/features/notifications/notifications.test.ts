import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, signUpAndVerify, userIdOf } from '../../../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { storeNotification } from './notifications.service.ts';

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

async function notify(userId: string, n: number) {
  for (let i = 0; i < n; i++) {
    await storeNotification(ctx.db, { userId, type: 'account', title: `Note ${i}`, message: `Message ${i}` });
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
