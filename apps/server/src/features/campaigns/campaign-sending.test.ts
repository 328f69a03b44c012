import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignRecipients } from '#src/db/schema/campaigns.ts';
import { africasTalkingCallbackPath, africasTalkingToken } from '#src/platform/africastalking-callbacks.ts';
import type { Jobs } from '#src/platform/jobs.ts';
import { TEST_ORIGIN } from '../../../test/test-app.ts';
import '../../../test/ledger-check.ts';
import { runCampaignBatch } from './batch-worker.ts';
import {
  campaignApp,
  until,
  fakeBulkSms,
  manyCustomers,
  person,
  switchSmsOff,
} from '../../../test/campaign-fixtures.ts';
import { sendCampaign, type CampaignBatch } from './send.ts';

const sms = fakeBulkSms();
const app = campaignApp(sms.sender);

/** A job queue that only records what was queued, so a test runs each batch itself. */
function recordingJobs() {
  const sent: { data: CampaignBatch; startAfterSeconds: number | undefined }[] = [];
  const jobs = {
    send: async (_db: unknown, _queue: string, data: CampaignBatch, options?: { startAfterSeconds?: number }) => {
      sent.push({ data, startAfterSeconds: options?.startAfterSeconds });
      return randomUUID();
    },
  } as unknown as Jobs;
  return { jobs, sent };
}

const attempt = (retryCount: number) => ({
  id: randomUUID(),
  retryCount,
  retryLimit: 5,
  signal: new AbortController().signal,
});
const deps = () => ({ db: app.ctx.db, sms: sms.sender, messages: app.ctx.messages, logger: app.ctx.logger });

async function draft(district: string, texts: Record<string, string> = { english: 'Big sale on lanterns' }) {
  const res = await app.admin.api.post('/api/admin/campaigns', {
    name: `Campaign ${district}`,
    texts,
    segment: { districts: [district] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function rowsOf(campaignId: string) {
  return app.ctx.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId));
}

describe('sending a campaign', () => {
  it('goes through the job queue once, each customer in their language, and counts what was sent', async () => {
    const db = app.ctx.db;
    await app.admin.api.put('/api/admin/campaigns/settings', { pricePerSms: 35, smsPerSecond: 1000 });
    const en = [
      await person(db, { name: 'Send En 1', district: 'Masaka' }),
      await person(db, { name: 'Send En 2', district: 'Masaka' }),
    ];
    const lg = await person(db, { name: 'Send Lg', district: 'Masaka', language: 'luganda' });
    const sw = await person(db, { name: 'Send Sw', district: 'Masaka', language: 'swahili' });
    const off = await person(db, { name: 'Send Off', district: 'Masaka', notifyBySms: false });
    const id = await draft('Masaka', {
      english: 'Big sale on lanterns',
      luganda: 'Ttaala ku bbeeyi entono',
      swahili: '',
    });

    const sending = await app.admin.api.post(`/api/admin/campaigns/${id}/send`);
    expect(sending.status, JSON.stringify(sending.body)).toBe(202);
    expect(sending.body.status).toBe('sending');
    expect(sending.body.counts).toMatchObject({ recipients: 4, queued: 4, sent: 0 });
    const again = await app.admin.api.post(`/api/admin/campaigns/${id}/send`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('campaign_not_draft');

    const sent = await until(
      async () => (await app.admin.api.get(`/api/admin/campaigns/${id}`)).body,
      (c) => c.status === 'sent',
    );
    expect(sent.counts).toEqual({ recipients: 4, queued: 0, sent: 4, delivered: 0, failed: 0, optedOut: 0, stored: 0 });
    expect(sent.pricePerSms).toBe(35);
    expect(sent.cost).toBe(4 * 35);
    const mine = sms.requests.filter((r) => r.to.some((n) => [...en, lg, sw].some((p) => p.phone === n)));
    const byText = new Map(mine.map((r) => [r.message.split('\n')[0], [...r.to].sort()]));
    expect(byText.get('Big sale on lanterns')).toEqual([en[0]!.phone, en[1]!.phone, sw.phone].sort());
    expect(byText.get('Ttaala ku bbeeyi entono')).toEqual([lg.phone]);
    expect(mine.flatMap((r) => r.to)).not.toContain(off.phone);
    // Each message says how to stop them, in the language of its text.
    expect(mine.find((r) => r.to.includes(lg.phone))!.message).toContain('ggyako SMS');

    const audit = (await db.execute(
      `select actor_id, details from audit_log where action = 'campaigns.send' and entity_id = '${id}'`,
    )) as unknown as { rows: { actor_id: string; details: Record<string, unknown> }[] };
    expect(audit.rows).toEqual([expect.objectContaining({ actor_id: app.admin.id })]);
    expect(audit.rows[0]!.details).toMatchObject({
      recipients: 4,
      cost: 4 * 35,
      texts: { english: 'Big sale on lanterns', luganda: 'Ttaala ku bbeeyi entono', swahili: '' },
    });

    const list = await app.admin.api.get('/api/admin/campaigns');
    expect(list.body.items.find((c: { id: string }) => c.id === id).counts.sent).toBe(4);
  });

  it('queues one batch per hundred at the provider’s rate', async () => {
    const db = app.ctx.db;
    await app.admin.api.put('/api/admin/campaigns/settings', { pricePerSms: 35, smsPerSecond: 50 });
    await manyCustomers(db, 201, 'Kabale');
    const id = await draft('Kabale');
    const { jobs, sent } = recordingJobs();
    expect(await sendCampaign(db, jobs, app.admin.id, id)).toEqual({ recipients: 201, batches: 3 });
    // 100 messages at 50 a second take 2 seconds: each batch starts 2 seconds after the one before.
    expect(sent).toEqual([
      { data: { campaignId: id, batch: 0 }, startAfterSeconds: 0 },
      { data: { campaignId: id, batch: 1 }, startAfterSeconds: 2 },
      { data: { campaignId: id, batch: 2 }, startAfterSeconds: 4 },
    ]);
    const rows = await rowsOf(id);
    expect([0, 1, 2].map((b) => rows.filter((r) => r.batch === b).length)).toEqual([100, 100, 1]);
  });

  it('leaves out a customer who switched SMS off after the preview', async () => {
    const db = app.ctx.db;
    const stays = await person(db, { name: 'Late Stays', district: 'Tororo' });
    const leaves = await person(db, { name: 'Late Leaves', district: 'Tororo' });
    const id = await draft('Tororo');
    const preview = await app.admin.api.get(`/api/admin/campaigns/${id}/preview`);
    expect(preview.body).toMatchObject({ recipients: 2, optedOut: 0 });
    const { jobs } = recordingJobs();
    await sendCampaign(db, jobs, app.admin.id, id);
    await switchSmsOff(db, leaves.id);
    await runCampaignBatch(deps(), { campaignId: id, batch: 0 }, attempt(0));
    const to = sms.requests.flatMap((r) => r.to);
    expect(to).toContain(stays.phone);
    expect(to).not.toContain(leaves.phone);
    const campaign = (await app.admin.api.get(`/api/admin/campaigns/${id}`)).body;
    expect(campaign.counts).toMatchObject({ recipients: 2, sent: 1, optedOut: 1 });
    expect(campaign.status).toBe('sent');
  });

  it('sends no one twice when a batch is retried or runs again', async () => {
    const db = app.ctx.db;
    const a = await person(db, { name: 'Retry A', district: 'Soroti' });
    const b = await person(db, { name: 'Retry B', district: 'Soroti' });
    const c = await person(db, { name: 'Retry C', district: 'Soroti' });
    const id = await draft('Soroti');
    await sendCampaign(db, recordingJobs().jobs, app.admin.id, id);
    // An attempt that claimed C and died before it knew whether C's message went out.
    await db
      .update(campaignRecipients)
      .set({ status: 'sending', attempt: 0 })
      .where(eq(campaignRecipients.userId, c.id));
    sms.state.failNext = 1;
    await expect(runCampaignBatch(deps(), { campaignId: id, batch: 0 }, attempt(1))).rejects.toThrow(
      /could not be reached/,
    );
    expect((await rowsOf(id)).find((r) => r.userId === a.id)!.status).toBe('queued');
    await runCampaignBatch(deps(), { campaignId: id, batch: 0 }, attempt(2));
    await runCampaignBatch(deps(), { campaignId: id, batch: 0 }, attempt(2));
    const to = sms.requests.flatMap((r) => r.to);
    expect(to.filter((n) => n === a.phone)).toHaveLength(1);
    expect(to.filter((n) => n === b.phone)).toHaveLength(1);
    expect(to).not.toContain(c.phone);
    const rows = await rowsOf(id);
    expect(rows.find((r) => r.userId === c.id)).toMatchObject({ status: 'failed' });
    expect((await app.admin.api.get(`/api/admin/campaigns/${id}`)).body.counts).toMatchObject({ sent: 2, failed: 1 });
  });

  it('counts delivered and failed from the network’s delivery reports, and numbers the provider refused', async () => {
    const db = app.ctx.db;
    const a = await person(db, { name: 'Report A', district: 'Kasese' });
    const b = await person(db, { name: 'Report B', district: 'Kasese' });
    const c = await person(db, { name: 'Report C', district: 'Kasese' });
    sms.state.refuse.add(c.phone);
    const id = await draft('Kasese');
    await sendCampaign(db, recordingJobs().jobs, app.admin.id, id);
    await runCampaignBatch(deps(), { campaignId: id, batch: 0 }, attempt(0));
    const rows = await rowsOf(id);
    const idOf = (userId: string) => rows.find((r) => r.userId === userId)!.providerMessageId!;
    const path = africasTalkingCallbackPath(africasTalkingToken(app.ctx.settings), 'sms-delivery');
    const report = (fields: Record<string, string>) =>
      app.ctx.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN },
        body: new URLSearchParams(fields).toString(),
      });
    const delivered = await report({ id: idOf(a.id), status: 'Success' });
    expect(await delivered.json()).toEqual({ received: true, outcome: 'recorded' });
    await report({ id: idOf(b.id), status: 'Failed', failureReason: 'DeliveryFailure' });
    // A late 'Buffered' does not undo a final report.
    await report({ id: idOf(a.id), status: 'Buffered' });
    const counts = (await app.admin.api.get(`/api/admin/campaigns/${id}`)).body.counts;
    expect(counts).toEqual({ recipients: 3, queued: 0, sent: 2, delivered: 1, failed: 2, optedOut: 0, stored: 0 });
  });
});
