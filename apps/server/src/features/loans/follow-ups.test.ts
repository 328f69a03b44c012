import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAULT_PAUSE_DAYS } from '@ecogrid/core/follow-ups';
import { loanFollowUps, loanRepayments, loans } from '#src/db/schema/loans.ts';
import { signedInCustomer } from '../../../test/catalog-admin.ts';
import { applyFor, creditCustomer, overdue, systemOnCredit } from '../../../test/loan-helpers.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { loanTestApp } from './loan-test-setup.ts';
import { runLoanDay } from './portfolio.service.ts';

const { app, deps, inboxOf } = loanTestApp();
let ctx: TestContext;
let admin: typeof app.admin;
beforeAll(() => {
  ({ ctx, admin } = app);
});

async function approvedAgent() {
  const agent = await signedInCustomer(ctx);
  expect((await admin.api.patch(`/api/admin/users/${agent.id}/role`, { userType: 'agent' })).status).toBe(200);
  const code = `EG-F-${agent.id.slice(0, 6)}`.toUpperCase();
  const approved = await admin.api.post(`/api/admin/users/${agent.id}/approve-agent`, {
    agentCode: code,
    commissionRateBp: 250,
  });
  expect(approved.status).toBe(200);
  return agent;
}

async function dueDates(loanId: string) {
  const rows = await ctx.db
    .select({ due: loanRepayments.dueDate, status: loanRepayments.status })
    .from(loanRepayments)
    .where(eq(loanRepayments.loanId, loanId))
    .orderBy(loanRepayments.dueDate);
  return rows.map((r) => ({ due: r.due, paid: r.status === 'paid' }));
}

async function pastDueLoan(agentId: string | null) {
  const { product, plan } = await systemOnCredit(ctx, admin.api, 3);
  const customer = await creditCustomer(ctx, { wallet: 300_000 });
  const id = (await applyFor(customer, product.id, plan.id)).body.loans[0].id as string;
  await ctx.db.update(loans).set({ agentId }).where(eq(loans.id, id));
  await overdue(ctx, id, 4);
  return id;
}

describe('follow-ups', () => {
  it('go to the loan agent, who sees only theirs; admins see all and those with no agent', async () => {
    const [mine, theirs] = [await approvedAgent(), await approvedAgent()];
    const mineLoan = await pastDueLoan(mine.id);
    const theirLoan = await pastDueLoan(theirs.id);
    const nobodysLoan = await pastDueLoan(null);
    await runLoanDay(deps(), kampalaDate(new Date()));

    const listed = await mine.api.get('/api/agent/follow-ups');
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((f: { loanId: string }) => f.loanId)).toEqual([mineLoan]);
    expect(listed.body.items[0]).toMatchObject({
      reason: 'arrears',
      daysPastDue: 4,
      customerName: 'Nambi Grace',
      productName: expect.any(String),
      previous: null,
    });
    expect(listed.body.items[0].amountInArrears).toBeGreaterThan(0);
    expect(listed.body.items[0].dueSince < kampalaDate(new Date())).toBe(true);
    expect(listed.body.items[0].amountOwed).toBeGreaterThanOrEqual(listed.body.items[0].amountInArrears);
    expect(await inboxOf(mine.id)).toContainEqual(expect.stringContaining('is past due'));

    const none = await admin.api.get('/api/admin/follow-ups?assignee=none');
    expect(none.body.items.map((f: { loanId: string }) => f.loanId)).toContain(nobodysLoan);
    expect(none.body.items.map((f: { loanId: string }) => f.loanId)).not.toContain(theirLoan);
    const all = await admin.api.get('/api/admin/follow-ups');
    expect(all.body.items.map((f: { loanId: string }) => f.loanId)).toEqual(
      expect.arrayContaining([mineLoan, theirLoan, nobodysLoan]),
    );

    // Another agent's follow-up is not found; a customer is no agent.
    const theirId = all.body.items.find((f: { loanId: string }) => f.loanId === theirLoan).id;
    expect((await mine.api.post(`/api/agent/follow-ups/${theirId}/outcome`, { outcome: 'reached' })).status).toBe(404);
    const customer = await creditCustomer(ctx);
    expect((await customer.api.get('/api/agent/follow-ups')).status).toBe(403);
  });

  it('take an outcome once; a promise needs its date and an amount above zero', async () => {
    const agent = await approvedAgent();
    const loanId = await pastDueLoan(agent.id);
    await runLoanDay(deps(), kampalaDate(new Date()));
    const [followUp] = (await agent.api.get('/api/agent/follow-ups')).body.items;
    const url = `/api/agent/follow-ups/${followUp.id}/outcome`;
    for (const bad of [
      { outcome: 'promise_to_pay', promiseAmount: 10_000 },
      { outcome: 'promise_to_pay', promiseDate: '2030-01-01' },
      { outcome: 'promise_to_pay', promiseDate: '2030-01-01', promiseAmount: 0 },
      { outcome: 'reached', promiseDate: '2030-01-01', promiseAmount: 5_000 },
      { outcome: 'gone_fishing' },
    ]) {
      const answer = await agent.api.post(url, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
    }
    const today = kampalaDate(new Date());
    const yesterday = kampalaDate(new Date(Date.now() - 86_400_000));
    const past = await agent.api.post(url, { outcome: 'promise_to_pay', promiseDate: yesterday, promiseAmount: 5_000 });
    expect([past.status, past.body.error.code]).toEqual([422, 'promise_date_past']);
    const tooMuch = await agent.api.post(url, {
      outcome: 'promise_to_pay',
      promiseDate: today,
      promiseAmount: followUp.amountOwed + 1,
    });
    expect([tooMuch.status, tooMuch.body.error.code]).toEqual([422, 'promise_above_owed']);
    const promised = await agent.api.post(url, {
      outcome: 'promise_to_pay',
      promiseDate: '2030-01-01',
      promiseAmount: followUp.amountOwed,
      note: 'Pays after the harvest',
    });
    expect(promised.status, JSON.stringify(promised.body)).toBe(200);
    expect(promised.body).toMatchObject({ loanId, outcome: 'promise_to_pay', promiseAmount: followUp.amountOwed });
    expect((await agent.api.post(url, { outcome: 'reached' })).status).toBe(409);
    expect((await agent.api.get('/api/agent/follow-ups')).body.items).toEqual([]);
  });

  it('come back after a broken promise, showing the promise that was broken', async () => {
    const agent = await approvedAgent();
    const loanId = await pastDueLoan(agent.id);
    const today = kampalaDate(new Date());
    await runLoanDay(deps(), today);
    const [first] = (await agent.api.get('/api/agent/follow-ups')).body.items;
    const promise = { outcome: 'promise_to_pay', promiseDate: today, promiseAmount: 20_000 };
    expect((await agent.api.post(`/api/agent/follow-ups/${first.id}/outcome`, promise)).status).toBe(200);
    await ctx.db.execute(sql`update loan_follow_ups set promise_date = promise_date - 1 where id = ${first.id}`);
    await runLoanDay(deps(), today);

    const [again] = (await agent.api.get('/api/agent/follow-ups')).body.items;
    expect(again).toMatchObject({ loanId, reason: 'broken_promise', outcome: null });
    expect(again.previous).toEqual({
      outcome: 'promise_to_pay',
      promiseDate: kampalaDate(new Date(Date.now() - 86_400_000)),
      promiseAmount: 20_000,
      promiseBroken: true,
      recordedOn: expect.any(String),
    });
  });

  it('tell the admins when an agent recommends repossession, and admins record outcomes too', async () => {
    const agent = await approvedAgent();
    await pastDueLoan(agent.id);
    const other = await pastDueLoan(null);
    await runLoanDay(deps(), kampalaDate(new Date()));
    const [followUp] = (await agent.api.get('/api/agent/follow-ups')).body.items;
    const answer = await agent.api.post(`/api/agent/follow-ups/${followUp.id}/outcome`, {
      outcome: 'recommend_repossession',
      note: 'Moved away',
    });
    expect(answer.status).toBe(200);
    expect(await inboxOf(admin.id)).toContainEqual(expect.stringContaining('Repossession of loan'));
    const open = (await admin.api.get('/api/admin/follow-ups?assignee=none')).body.items;
    const mine = open.find((f: { loanId: string }) => f.loanId === other);
    const recorded = await admin.api.post(`/api/admin/follow-ups/${mine.id}/outcome`, { outcome: 'unreachable' });
    expect(recorded.status).toBe(200);
    expect(recorded.body.outcome).toBe('unreachable');
  });

  it('pause the loan on a device fault, the schedule change kept, and never twice', async () => {
    const agent = await approvedAgent();
    const loanId = await pastDueLoan(agent.id);
    const today = kampalaDate(new Date());
    await runLoanDay(deps(), today);
    const [followUp] = (await agent.api.get('/api/agent/follow-ups')).body.items;
    const dueBefore = await dueDates(loanId);
    const bad = await agent.api.post(`/api/agent/follow-ups/${followUp.id}/outcome`, {
      outcome: 'reached',
      pauseDays: 5,
    });
    expect(bad.status).toBe(400);
    const fault = await agent.api.post(`/api/agent/follow-ups/${followUp.id}/outcome`, {
      outcome: 'device_fault',
      note: 'Panel cracked',
    });
    expect(fault.status, JSON.stringify(fault.body)).toBe(200);
    const [loan] = await ctx.db.select().from(loans).where(eq(loans.id, loanId));
    expect(loan).toMatchObject({ pausedUntil: addDays(today, FAULT_PAUSE_DAYS), daysPastDue: 0 });
    expect(await dueDates(loanId)).toEqual(
      dueBefore.map((d) => (d.paid ? d : { ...d, due: addDays(d.due, FAULT_PAUSE_DAYS) })),
    );
    const changes = async () =>
      (await admin.api.get(`/api/admin/loans/${loanId}/schedule-changes`)).body.changes.map(
        (c: { kind: string }) => c.kind,
      );
    expect(await changes()).toEqual(['pause']);
    expect(await inboxOf(loan!.userId)).toContainEqual(expect.stringContaining('are paused until'));

    // Another fault found while the loan is paused records the outcome, not a second pause.
    const [again] = await ctx.db
      .insert(loanFollowUps)
      .values({ loanId, assignedTo: null, reason: 'arrears', openedOn: today })
      .returning();
    const second = await admin.api.post(`/api/admin/follow-ups/${again!.id}/outcome`, {
      outcome: 'device_fault',
      pauseDays: 30,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.outcome).toBe('device_fault');
    const [still] = await ctx.db.select().from(loans).where(eq(loans.id, loanId));
    expect(still!.pausedUntil).toBe(addDays(today, FAULT_PAUSE_DAYS));
    expect(await changes()).toEqual(['pause']);
  });

  it('list with product, arrears and the last promise: open, promised, then broken', async () => {
    const agent = await approvedAgent();
    const loanId = await pastDueLoan(agent.id);
    const today = kampalaDate(new Date());
    await runLoanDay(deps(), today);
    const open = (await admin.api.get(`/api/admin/follow-ups?assignee=${agent.id}`)).body.items;
    expect(open).toEqual([
      expect.objectContaining({ loanId, productName: expect.any(String), lastOutcome: null, lastPromise: null }),
    ]);
    expect(open[0].amountInArrears).toBeGreaterThan(0);

    const promised = await admin.api.post(`/api/admin/follow-ups/${open[0].id}/outcome`, {
      outcome: 'promise_to_pay',
      promiseDate: today,
      promiseAmount: 40_000,
    });
    expect(promised.body).toMatchObject({
      lastOutcome: 'promise_to_pay',
      lastPromise: { amount: 40_000, status: 'pending' },
    });
    const listed = (await admin.api.get(`/api/admin/follow-ups?status=promised&assignee=${agent.id}`)).body.items;
    expect(listed.map((f: { id: string }) => f.id)).toEqual([open[0].id]);

    // The promised day passed unpaid: the promise is broken and the loan raised again.
    await ctx.db
      .update(loanFollowUps)
      .set({ promiseDate: addDays(today, -1) })
      .where(eq(loanFollowUps.id, open[0].id));
    await runLoanDay(deps(), today);
    const broken = (await admin.api.get(`/api/admin/follow-ups?status=broken&assignee=${agent.id}`)).body.items;
    expect(broken).toEqual([
      expect.objectContaining({ id: open[0].id, lastPromise: expect.objectContaining({ status: 'broken' }) }),
    ]);
    const again = (await admin.api.get(`/api/admin/follow-ups?assignee=${agent.id}`)).body.items;
    expect(again).toEqual([
      expect.objectContaining({ loanId, reason: 'broken_promise', lastOutcome: 'promise_to_pay' }),
    ]);
    expect((await admin.api.get('/api/admin/follow-ups?status=closed')).status).toBe(400);
  });

  it('are handed to another agent or to the admins, audited, and never to a non-agent', async () => {
    const [first, second] = [await approvedAgent(), await approvedAgent()];
    await pastDueLoan(first.id);
    await runLoanDay(deps(), kampalaDate(new Date()));
    const [followUp] = (await first.api.get('/api/agent/follow-ups')).body.items;
    const url = `/api/admin/follow-ups/${followUp.id}/assign`;

    const moved = await admin.api.post(url, { agentId: second.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ assignedTo: second.id, assigneeName: expect.any(String) });
    expect((await first.api.get('/api/agent/follow-ups')).body.items).toEqual([]);
    expect((await second.api.get('/api/agent/follow-ups')).body.items).toHaveLength(1);
    expect(await inboxOf(second.id)).toContainEqual(expect.stringContaining('now yours to follow up'));
    const audit = await ctx.db.execute(
      sql`select details from audit_log where action = 'loan_follow_up.assign' and entity_id = ${followUp.id}`,
    );
    expect((audit as unknown as { rows: unknown[] }).rows).toEqual([{ details: { from: first.id, to: second.id } }]);

    // An agent who reads Luganda is told in Luganda.
    const third = await approvedAgent();
    expect((await third.api.patch('/api/me', { preferredLanguage: 'luganda' })).status).toBe(200);
    expect((await admin.api.post(url, { agentId: third.id })).status).toBe(200);
    expect((await inboxOf(third.id)).at(-1)).toMatch(/^Ebbanja LN-\d+ liyise ku lunaku era kati ggwe oligoberera: /);

    const customer = await creditCustomer(ctx);
    expect((await admin.api.post(`/api/admin/users/${first.id}/deactivate`, {})).status).toBe(200);
    for (const agentId of [customer.id, first.id, '0b6c8a52-5f43-4b6e-9a51-3f0f8b7a2c10']) {
      const refused = await admin.api.post(url, { agentId });
      expect(refused.status, agentId).toBe(422);
      expect(refused.body.error.code).toBe('not_an_agent');
    }
    expect((await admin.api.post(url, { agentId: 'nobody' })).status).toBe(400);
    expect((await admin.api.post(url, {})).status).toBe(400);
    expect((await customer.api.post(url, { agentId: null })).status).toBe(403);
    const unknown = '/api/admin/follow-ups/0b6c8a52-5f43-4b6e-9a51-3f0f8b7a2c11/assign';
    expect((await admin.api.post(unknown, { agentId: null })).status).toBe(404);

    const toAdmins = await admin.api.post(url, { agentId: null });
    expect(toAdmins.body).toMatchObject({ assignedTo: null, assigneeName: null });
    await admin.api.post(`/api/admin/follow-ups/${followUp.id}/outcome`, { outcome: 'reached' });
    expect((await admin.api.post(url, { agentId: second.id })).status).toBe(409);
  });
});
