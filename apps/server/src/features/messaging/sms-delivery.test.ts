import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '#src/db/schema/messaging.ts';
import { africasTalkingToken } from '#src/platform/africastalking-callbacks.ts';
import { applyFor, creditCustomer, deliver, importDevices, systemOnCredit } from '../../../test/loan-helpers.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { auditTrail } from '#src/features/audit/audit.service.ts';
import { appWithAdmin } from '../../../test/catalog-admin.ts';

const app = appWithAdmin();
let ctx: TestContext;
let admin: typeof app.admin;
let path: string;
beforeAll(() => {
  ({ ctx, admin } = app);
  path = `/api/callbacks/africastalking/${africasTalkingToken(ctx.settings)}/sms-delivery`;
});

/** Posts a report as Africa's Talking does: form-encoded, from its own server (no Origin). */
const report = async (fields: Record<string, string>, to = path) => {
  const response = await ctx.request(to, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const rowOf = async (id: string) => (await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;

/** An SMS as the delivery job leaves it once Africa's Talking took it: sent, text dropped, its id kept. */
async function sentSms(changes: Partial<typeof outboxMessages.$inferInsert> = {}) {
  const providerMessageId = `ATXid_${randomUUID().replaceAll('-', '')}`;
  const [row] = await ctx.db
    .insert(outboxMessages)
    .values({
      channel: 'sms',
      recipient: '+256772000111',
      status: 'sent',
      provider: 'africastalking',
      providerMessageId,
      delivery: 'pending',
      ...changes,
    })
    .returning();
  return { ...row!, providerMessageId };
}

/** A customer whose loan's device got its first token by SMS; the outbox row, its text, then marked sent. */
async function tokenSmsSent() {
  const { product, plan } = await systemOnCredit(ctx, admin.api);
  const customer = await creditCustomer(ctx, { wallet: 1_200_000 });
  const loan = (await applyFor(customer, product.id, plan.id)).body.loans[0];
  await importDevices(ctx, admin.api, product.sku);
  const order = await ctx.db.execute(`select order_id from loans where id = '${loan.id}'`);
  const orderId = (order as unknown as { rows: { order_id: string }[] }).rows[0]!.order_id;
  expect((await deliver(admin.api, orderId)).status).toBe(200);
  const [token] = await ctx.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, customer.e164), eq(outboxMessages.purpose, 'token')));
  expect(token?.body).toMatch(/Token for loan LN-\d+: [\d ]+ adds \d+ days of use\./);
  const providerMessageId = `ATXid_${randomUUID().replaceAll('-', '')}`;
  await ctx.db
    .update(outboxMessages)
    .set({ status: 'sent', provider: 'africastalking', body: null, providerMessageId, delivery: 'pending' })
    .where(eq(outboxMessages.id, token!.id));
  return { id: token!.id, text: token!.body!, providerMessageId, recipient: customer.e164 };
}

const copiesOf = (id: string) => ctx.db.select().from(outboxMessages).where(eq(outboxMessages.retryOf, id));

describe("Africa's Talking delivery reports", () => {
  it('records a delivered SMS, and a failed one with its reason and the time of the report', async () => {
    const delivered = await sentSms();
    const answer = await report({
      id: delivered.providerMessageId,
      status: 'Success',
      phoneNumber: '+256772000111',
      networkCode: '64110',
      retryCount: '0',
    });
    expect(answer).toEqual({ status: 200, body: { received: true, outcome: 'recorded' } });
    expect(await rowOf(delivered.id)).toMatchObject({ delivery: 'delivered', deliveryReason: null });
    expect((await rowOf(delivered.id)).reportedAt).toBeInstanceOf(Date);

    const failed = await sentSms();
    await report({ id: failed.providerMessageId, status: 'Failed', failureReason: 'UserInBlackList' });
    expect(await rowOf(failed.id)).toMatchObject({ delivery: 'failed', deliveryReason: 'UserInBlackList' });
    // A late intermediate report does not undo a final one.
    await report({ id: failed.providerMessageId, status: 'Buffered' });
    expect(await rowOf(failed.id)).toMatchObject({ delivery: 'failed', deliveryReason: 'UserInBlackList' });
  });

  it('refuses a report to an address without the token', async () => {
    const sms = await sentSms();
    const wrong = await report(
      { id: sms.providerMessageId, status: 'Success' },
      '/api/callbacks/africastalking/not-the-token/sms-delivery',
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: { code: 'bad_signature' } });
    expect((await rowOf(sms.id)).delivery).toBe('pending');
  });

  it('answers 200 and changes nothing for a message it does not know', async () => {
    const answer = await report({ id: 'ATXid_nobody', status: 'Failed', failureReason: 'DeliveryFailure' });
    expect(answer).toEqual({ status: 200, body: { received: true, outcome: 'unknown_message' } });
  });

  it('refuses hostile or malformed bodies with a 400, never a 500', async () => {
    const sms = await sentSms();
    const bodies: Record<string, string>[] = [
      {},
      { id: sms.providerMessageId },
      { id: sms.providerMessageId, status: 'Delivered' },
      { id: 'x'.repeat(5_000), status: 'Success' },
      { id: sms.providerMessageId, status: 'Failed', failureReason: "'; drop table outbox_messages; --" },
      { id: sms.providerMessageId, status: 'Success', retryCount: '-1' },
    ];
    for (const fields of bodies) expect((await report(fields)).status, JSON.stringify(fields)).toBe(400);
    const json = await ctx.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id": [1], "status": {"$gt": ""}}',
    });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    expect((await rowOf(sms.id)).delivery).toBe('pending');
  });
});

describe('token SMS that did not arrive', () => {
  it('is sent again, written from the token record, at most twice', async () => {
    const token = await tokenSmsSent();
    const first = await report({ id: token.providerMessageId, status: 'Failed', failureReason: 'DeliveryFailure' });
    expect(first.body).toEqual({ received: true, outcome: 'retry_queued' });
    // The same report twice adds no retry.
    expect(
      (await report({ id: token.providerMessageId, status: 'Failed', failureReason: 'DeliveryFailure' })).body,
    ).toEqual({ received: true, outcome: 'recorded' });
    const [retry] = await copiesOf(token.id);
    // Spaced: the retry's delivery job waits about ten minutes.
    const wait = (await ctx.db.execute(
      sql`select extract(epoch from start_after - now())::int as s from pgboss.job where data->>'messageId' = ${retry!.id}`,
    )) as unknown as { rows: { s: number }[] };
    expect(wait.rows[0]!.s).toBeGreaterThan(9 * 60);
    expect(retry).toMatchObject({
      body: token.text,
      recipient: token.recipient,
      purpose: 'token',
      retryNumber: 1,
      status: 'queued',
    });

    // The retry fails too (the phone is still off): one more, then no more.
    for (const [number, outcome] of [
      [2, 'retry_queued'],
      [3, 'recorded'],
    ] as const) {
      const latest = (await copiesOf(token.id)).find((r) => r.retryNumber === number - 1)!;
      const id = `ATXid_${randomUUID().replaceAll('-', '')}`;
      await ctx.db
        .update(outboxMessages)
        .set({ status: 'sent', body: null, providerMessageId: id, delivery: 'pending' })
        .where(eq(outboxMessages.id, latest.id));
      expect((await report({ id, status: 'AbsentSubscriber' })).body).toEqual({ received: true, outcome });
    }
    expect((await copiesOf(token.id)).map((r) => r.retryNumber).sort()).toEqual([1, 2]);
  });

  it('is not sent again when the number cannot receive', async () => {
    const token = await tokenSmsSent();
    const answer = await report({ id: token.providerMessageId, status: 'Rejected', failureReason: 'UserInBlackList' });
    expect(answer.body).toEqual({ received: true, outcome: 'recorded' });
    expect(await copiesOf(token.id)).toEqual([]);
  });
});

describe('the admin sends a message again', () => {
  it('writes a token SMS again from its token, and audits it', async () => {
    const token = await tokenSmsSent();
    const resent = await admin.api.post(`/api/admin/outbox/${token.id}/resend`);
    expect(resent.status, JSON.stringify(resent.body)).toBe(201);
    expect(await rowOf(resent.body.id)).toMatchObject({ body: token.text, retryOf: token.id, purpose: 'token' });
    expect(await auditTrail(ctx.db, 'outbox_message', token.id)).toEqual([
      expect.objectContaining({
        action: 'message.resend',
        details: expect.objectContaining({ newMessageId: resent.body.id }),
      }),
    ]);
  });

  it('refuses a code, which expires, and a message it cannot write again', async () => {
    const code = await sentSms({ purpose: 'code', expiresAt: new Date(Date.now() + 600_000) });
    const refused = await admin.api.post(`/api/admin/outbox/${code.id}/resend`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'message_expires',
      message: expect.stringMatching(/code or link/),
    });
    const waiting = await sentSms({ status: 'queued', body: 'Your order is on its way.', purpose: 'other' });
    expect((await admin.api.post(`/api/admin/outbox/${waiting.id}/resend`)).body.error.code).toBe('already_waiting');
    const gone = await sentSms({ purpose: 'other' });
    expect((await admin.api.post(`/api/admin/outbox/${gone.id}/resend`)).body.error.code).toBe(
      'message_not_rebuildable',
    );
    expect((await admin.api.post(`/api/admin/outbox/${randomUUID()}/resend`)).status).toBe(404);
    expect((await admin.api.post('/api/admin/outbox/not-an-id/resend')).status).toBe(400);
  });

  it('resends a message whose text is kept, and only for admins', async () => {
    const kept = await sentSms({
      status: 'failed',
      body: 'Your order EG-1 is on its way.',
      delivery: null,
      providerMessageId: null,
    });
    const customer = await creditCustomer(ctx);
    expect((await customer.api.post(`/api/admin/outbox/${kept.id}/resend`)).status).toBe(403);
    const resent = await admin.api.post(`/api/admin/outbox/${kept.id}/resend`);
    expect(resent.status).toBe(201);
    expect((await rowOf(resent.body.id)).body).toBe('Your order EG-1 is on its way.');
  });

  it('lists the failed deliveries with their reason, and what can be sent again', async () => {
    const recipient = '+256772000222';
    const failed = await sentSms({
      recipient,
      delivery: 'failed',
      deliveryReason: 'AbsentSubscriber',
      reportedAt: new Date(),
    });
    await sentSms({ recipient });
    const listed = await admin.api.get(`/api/admin/outbox?recipient=${encodeURIComponent(recipient)}&delivery=failed`);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        id: failed.id,
        delivery: 'failed',
        deliveryReason: 'AbsentSubscriber',
        resendable: false,
      }),
    ]);
    expect(listed.body.items[0]).not.toHaveProperty('providerMessageId');
  });
});
