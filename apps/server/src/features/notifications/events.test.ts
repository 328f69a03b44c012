import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolTotp, promoteToAdmin, send, signUpAndVerify, userIdOf } from '../../../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

/** Reads an event stream until `until` matches what has arrived, or fails after `ms`. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, until: RegExp, ms = 5_000) {
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + ms;
  while (!until.test(text)) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`no ${until} in the stream; got: ${text}`);
    const chunk = await Promise.race([
      reader.read(),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`no ${until} in the stream; got: ${text}`)), left),
      ),
    ]);
    if (chunk.done) throw new Error(`the stream ended; got: ${text}`);
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text;
}

async function account() {
  const signedUp = await signUpAndVerify(ctx);
  return { ...signedUp, id: await userIdOf(ctx.db, signedUp.email) };
}

async function adminCookie() {
  const admin = await account();
  await promoteToAdmin(ctx.db, admin.id);
  return (await enrolTotp(ctx, admin.cookie)).cookie;
}

describe('GET /api/events', () => {
  it('refuses a visitor', async () => {
    expect((await send(ctx, '/api/events')).status).toBe(401);
  });

  it("streams the user's own notifications as an admin sends them, and nobody else's", async () => {
    const me = await account();
    const other = await account();
    // As a browser asks: compressed if possible. The stream must come through uncompressed.
    const response = await ctx.request('/api/events', {
      headers: { cookie: me.cookie, 'accept-encoding': 'gzip, br', 'x-client-ip': '10.9.9.9' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('content-encoding')).toBeNull();
    const reader = response.body!.getReader();
    await readUntil(reader, /event: ready/);

    const cookie = await adminCookie();
    const toOther = await send(
      ctx,
      '/api/admin/notifications',
      { userId: other.id, type: 'account', title: 'Not for you', message: 'Someone else' },
      { cookie },
    );
    expect(toOther.status).toBe(201);
    const toMe = await send(
      ctx,
      '/api/admin/notifications',
      { userId: me.id, type: 'order_update', title: 'Order Status Update', message: 'Order A1 status: shipped' },
      { cookie },
    );
    expect(toMe.status).toBe(201);
    const text = await readUntil(reader, /event: notification\ndata: .*Order A1 status: shipped/);
    expect(text).not.toContain('Not for you');
    await reader.cancel();
    await expect.poll(() => ctx.realtime.size()).toBe(0);

    const listed = await send(ctx, '/api/notifications', undefined, { cookie: me.cookie });
    expect(((await listed.json()) as { unread: number }).unread).toBe(1);
  });

  it('ends the stream soon after its session ends, and sends keep-alive lines while idle', async () => {
    const me = await account();
    const response = await send(ctx, '/api/events', undefined, { cookie: me.cookie });
    const reader = response.body!.getReader();
    await readUntil(reader, /: keep-alive/);
    expect((await send(ctx, '/api/auth/sign-out', {}, { cookie: me.cookie })).status).toBe(200);
    const decoder = new TextDecoder();
    const ended = await Promise.race([
      (async () => {
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) return true;
          decoder.decode(chunk.value);
        }
      })(),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
    ]);
    expect(ended).toBe(true);
    await expect.poll(() => ctx.realtime.size()).toBe(0);
  });

  it('keeps the send-notification API to admins, and refuses an unknown user', async () => {
    const me = await account();
    const refused = await send(
      ctx,
      '/api/admin/notifications',
      { userId: me.id, type: 'account', title: 'Hi', message: 'Hello' },
      { cookie: me.cookie },
    );
    expect(refused.status).toBe(403);
    const cookie = await adminCookie();
    const unknown = await send(
      ctx,
      '/api/admin/notifications',
      { userId: '00000000-0000-4000-8000-000000000000', type: 'account', title: 'Hi', message: 'Hello' },
      { cookie },
    );
    expect(unknown.status).toBe(404);
    const badType = await send(
      ctx,
      '/api/admin/notifications',
      { userId: me.id, type: 'spam', title: 'Hi', message: 'Hello' },
      { cookie },
    );
    expect(badType.status).toBe(400);
  });
});
