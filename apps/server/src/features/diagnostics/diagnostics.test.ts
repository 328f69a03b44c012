import { DIAGNOSTIC_CHECKS } from '@ecogrid/core/diagnostics';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { signedInAdmin, signedInCustomer, type Client } from '../../../test/catalog-admin.ts';
import { waitFor } from '../../../test/server-process.ts';
import { startSmtpReceiver } from '../../../test/smtp-receiver.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createMailer } from '#src/platform/mail.ts';
import { DIAGNOSTICS_SCHEDULE } from './diagnostics.service.ts';
import { runDiagnostics } from './run-diagnostics.ts';
import type { CheckOutcome, DiagnosticsDeps } from './types.ts';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let admin: { id: string; api: Client };
let adminEmail: string;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  ctx = await createTestContext({ settings: { SMTP_URL: smtp.url } });
  admin = await signedInAdmin(ctx);
  const [row] = await queryRows<{ email: string }>(
    ctx.db,
    sql`update users set full_name = 'Nakato Grace' where id = ${admin.id} returning email`,
  );
  adminEmail = row!.email;
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe('system checks: run now and history', () => {
  it('is for admins only', async () => {
    const customer = await signedInCustomer(ctx);
    expect((await customer.api.post('/api/admin/diagnostics/runs')).status).toBe(403);
    expect((await customer.api.get('/api/admin/diagnostics/runs')).status).toBe(403);
    expect((await customer.api.get(`/api/admin/diagnostics/runs/${crypto.randomUUID()}`)).status).toBe(403);
    expect((await ctx.request('/api/admin/diagnostics/runs')).status).toBe(401);
  });

  it('runs every check now and answers the run, the test email going to the admin', async () => {
    const { status, body } = await admin.api.post('/api/admin/diagnostics/runs');
    expect(status).toBe(201);
    expect(body).toMatchObject({ trigger: 'manual', startedByName: 'Nakato Grace' });
    expect(body.results.map((r: { check: string }) => r.check)).toEqual([...DIAGNOSTIC_CHECKS]);
    const byName = Object.fromEntries(body.results.map((r: { check: string; status: string }) => [r.check, r.status]));
    expect(byName).toMatchObject({
      database: 'ok',
      smtp: 'ok',
      mtn: 'ok',
      airtel: 'ok',
      storage: 'ok',
      ledger: 'ok',
      clock: 'ok',
      version: 'ok',
      // No SMS provider in the tests: a warning, not a failure.
      sms: 'warn',
    });
    expect(smtp.received.some((mail) => mail.to.includes(adminEmail))).toBe(true);
    expect(body.counts.ok + body.counts.warn + body.counts.fail).toBe(DIAGNOSTIC_CHECKS.length);
    expect(body.status).toBe(body.counts.fail > 0 ? 'fail' : 'warn');
  });

  it('keeps the history newest first, a page at a time, each run openable', async () => {
    const first = (await admin.api.post('/api/admin/diagnostics/runs')).body;
    const second = (await admin.api.post('/api/admin/diagnostics/runs')).body;
    const page = await admin.api.get('/api/admin/diagnostics/runs?limit=1');
    expect(page.status).toBe(200);
    expect(page.body.items.map((r: { id: string }) => r.id)).toEqual([second.id]);
    expect(page.body.items[0]).not.toHaveProperty('results');
    const next = await admin.api.get(`/api/admin/diagnostics/runs?limit=1&cursor=${page.body.nextCursor}`);
    expect(next.body.items.map((r: { id: string }) => r.id)).toEqual([first.id]);
    const opened = await admin.api.get(`/api/admin/diagnostics/runs/${first.id}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual(first);
    expect((await admin.api.get(`/api/admin/diagnostics/runs/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await admin.api.get('/api/admin/diagnostics/runs/not-a-run')).status).toBe(400);
    expect((await admin.api.get('/api/admin/diagnostics/runs?cursor=nonsense')).status).toBe(400);
  });

  it('runs every hour on the hour in Kampala time, as a scheduled task of the queue', async () => {
    const schedule = (await ctx.jobs.schedules()).find((s) => s.name === DIAGNOSTICS_SCHEDULE.name);
    expect(schedule).toMatchObject({ cron: '0 * * * *', timezone: 'Africa/Kampala' });
    const next = new Date(schedule!.next!);
    expect(next.getUTCMinutes()).toBe(0);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    // The schedule's job, run now, makes a run of its own, started by nobody.
    expect(await ctx.jobs.runNow(DIAGNOSTICS_SCHEDULE.name)).toHaveProperty('jobId');
    let scheduled: { trigger: string; startedByName: string | null } | undefined;
    await waitFor(
      () => scheduled !== undefined,
      'the scheduled run',
      20_000,
      async () => {
        const { body } = await admin.api.get('/api/admin/diagnostics/runs?limit=5');
        scheduled = body.items.find((r: { trigger: string }) => r.trigger === 'schedule');
      },
    );
    expect(scheduled).toMatchObject({ startedByName: null });
  });
});

describe('telling the admins of a failing check', () => {
  /** The admin's notices of the version check, oldest first. */
  const notices = () =>
    queryRows<{ title: string; message: string; data: Record<string, unknown> }>(
      ctx.db,
      sql`select title, message, data from notifications
          where user_id = ${admin.id} and data->>'check' = 'version' order by created_at`,
    );

  it('tells them once when a check starts failing, again only after it has recovered', async () => {
    let outcome: CheckOutcome = { status: 'fail', message: 'Broken on purpose.' };
    const deps: DiagnosticsDeps = {
      db: ctx.db,
      jobs: ctx.jobs,
      mailer: createMailer({ MAIL_FROM: 'x <x@x.ug>' }),
      sms: {},
      mobileMoney: ctx.mobileMoney,
      storage: ctx.storage,
      dataDir: ctx.mediaDir,
      version: '1.0.0',
      commit: null,
      mailTo: null,
      timeoutMs: 2_000,
      notifier: { realtime: ctx.realtime, messages: ctx.messages, publicUrl: ctx.settings.PUBLIC_URL },
      logger: ctx.logger,
    };
    const checks = [{ name: 'version' as const, run: async () => outcome }];
    const run = () => runDiagnostics(deps, { trigger: 'schedule', starter: null, checks });
    const before = (await notices()).length;
    expect((await run()).status).toBe('fail');
    expect((await notices()).length).toBe(before + 1);
    await run();
    await run();
    expect((await notices()).length).toBe(before + 1);
    outcome = { status: 'ok', message: 'Fine again.' };
    expect((await run()).status).toBe('ok');
    outcome = { status: 'fail', message: 'Broken again.' };
    await run();
    expect((await notices()).length).toBe(before + 2);
    const [notice] = await notices();
    expect(notice).toMatchObject({ title: 'A system check failed' });
    expect(notice!.message).toContain('The version check failed.');
    expect(notice!.data).toMatchObject({ forStaff: true });
  });
});
