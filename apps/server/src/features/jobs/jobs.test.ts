import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolTotp, lastEmailTo, promoteToAdmin, send, signUpAndVerify, userIdOf } from '../../../test/auth-helpers.ts';
import { waitFor } from '../../../test/server-process.ts';
import { startSmtpReceiver } from '../../../test/smtp-receiver.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';

type Overview = {
  queues: { name: string; ready: number; failed: number }[];
  schedules: { name: string; cron: string; timezone: string; next: string | null }[];
  deadLetters: { id: string; queue: string; data: { messageId?: string }; error: string | null; attempts: number }[];
};

let refusing = false;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let ctx: TestContext;
let adminCookie: string;
let adminId: string;
beforeAll(async () => {
  smtp = await startSmtpReceiver({ refuse: () => refusing });
  ctx = await createTestContext({ settings: { SMTP_URL: smtp.url } });
  const admin = await signUpAndVerify(ctx);
  adminId = await userIdOf(ctx.db, admin.email);
  await promoteToAdmin(ctx.db, adminId);
  adminCookie = (await enrolTotp(ctx, admin.cookie)).cookie;
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const overview = async () =>
  (await (await send(ctx, '/api/admin/jobs', undefined, { cookie: adminCookie })).json()) as Overview;

describe('admin jobs', () => {
  it('is for admins only', async () => {
    const customer = await signUpAndVerify(ctx);
    expect((await send(ctx, '/api/admin/jobs', undefined, { cookie: customer.cookie })).status).toBe(403);
    expect((await send(ctx, '/api/admin/jobs')).status).toBe(401);
    const run = await send(ctx, '/api/admin/jobs/schedules/daily-cleanup/run', {}, { cookie: customer.cookie });
    expect(run.status).toBe(403);
    const retry = await send(
      ctx,
      '/api/admin/jobs/dead-letters/00000000-0000-4000-8000-000000000000/retry',
      {},
      { cookie: customer.cookie },
    );
    expect(retry.status).toBe(403);
  });

  it('lists the delivery queues and the daily task with its next run in Kampala time', async () => {
    const body = await overview();
    expect(body.queues.map((q) => q.name)).toEqual(
      expect.arrayContaining(['dead-letters', 'deliver-email', 'deliver-sms', 'daily-cleanup']),
    );
    const daily = body.schedules.find((s) => s.name === 'daily-cleanup');
    expect(daily).toMatchObject({ cron: '30 3 * * *', timezone: 'Africa/Kampala' });
    // 03:30 in Kampala (UTC+3) is 00:30 UTC, within the next day.
    const next = new Date(daily!.next!);
    expect(next.getUTCHours() * 60 + next.getUTCMinutes()).toBe(30);
    expect(next.getTime() - Date.now()).toBeGreaterThan(0);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
  });

  it('runs a scheduled task on request, and refuses an unknown one', async () => {
    const run = await send(ctx, '/api/admin/jobs/schedules/daily-cleanup/run', {}, { cookie: adminCookie });
    expect(run.status).toBe(202);
    const unknown = await send(ctx, '/api/admin/jobs/schedules/no-such-task/run', {}, { cookie: adminCookie });
    expect(unknown.status).toBe(404);
  });

  it('shows an email that failed every retry as a dead letter, and sends it again on request', async () => {
    const customer = await signUpAndVerify(ctx);
    const customerId = await userIdOf(ctx.db, customer.email);
    refusing = true;
    const notice = await send(
      ctx,
      '/api/admin/notifications',
      { userId: customerId, type: 'order_update', title: 'Order Status Update', message: 'Order B7 status: shipped' },
      { cookie: adminCookie },
    );
    expect(notice.status).toBe(201);
    const message = await lastEmailTo(ctx.db, customer.email);
    expect(message?.subject).toBe('EcoGrid: Order Status Update');
    let dead: Overview['deadLetters'] = [];
    await waitFor(
      () => dead.length === 1,
      'the dead letter',
      20_000,
      async () => {
        dead = (await overview()).deadLetters.filter((d) => d.data.messageId === message?.id);
      },
    );
    expect(dead[0]).toMatchObject({ queue: 'deliver-email', attempts: 3 });
    expect(dead[0]?.error).toMatch(/Mailbox unavailable/);
    expect(await lastEmailTo(ctx.db, customer.email)).toMatchObject({ status: 'failed', attempts: 3 });
    // The admins were told, with the way to the jobs page.
    const told = (
      (await ctx.db.execute(
        `select title, message, data from notifications where user_id = '${adminId}' and data->>'queue' = 'deliver-email'`,
      )) as unknown as { rows: { title: string; message: string; data: Record<string, unknown> }[] }
    ).rows;
    // (The customer's confirmation email, sent as the mailbox started refusing, may have failed too.)
    expect(told).toContainEqual({
      title: 'A background job failed',
      message:
        'A deliver-email job failed on every try and waits in the dead letters. Open Jobs to see why and retry it.',
      data: { jobId: expect.any(String), queue: 'deliver-email', forStaff: true },
    });

    refusing = false;
    const retry = await send(ctx, `/api/admin/jobs/dead-letters/${dead[0]!.id}/retry`, {}, { cookie: adminCookie });
    expect(retry.status).toBe(200);
    const arrived = () => smtp.received.filter((m) => m.text.includes('Order B7 status: shipped'));
    await waitFor(() => arrived().length === 1, 'the email sent again', 15_000);
    expect(arrived()[0]?.to).toEqual([customer.email]);
    const again = await send(ctx, `/api/admin/jobs/dead-letters/${dead[0]!.id}/retry`, {}, { cookie: adminCookie });
    expect(again.status).toBe(404);
    const bad = await send(ctx, '/api/admin/jobs/dead-letters/not-an-id/retry', {}, { cookie: adminCookie });
    expect(bad.status).toBe(400);
  });

  it('drops a confirmation link that failed every retry instead of keeping it or sending it late', async () => {
    refusing = true;
    const email = `dead.${Date.now()}@example.ug`;
    const signUp = await send(ctx, '/api/auth/sign-up/email', {
      email,
      password: 'mango tree beside the borehole',
      name: 'Okello John',
    });
    expect(signUp.status).toBe(200);
    let row = await lastEmailTo(ctx.db, email);
    await waitFor(
      () => row?.status === 'failed',
      'the failed confirmation',
      20_000,
      async () => {
        row = await lastEmailTo(ctx.db, email);
      },
    );
    expect(row).toMatchObject({ attempts: 3, body: null });
    refusing = false;
  });
});
