import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { agentStatementPageSchema, handoverPageSchema } from '@ecogrid/core/agent-admin';
import {
  agentMoneyTestApp,
  agentSoldLoan,
  agentWhoCollected,
  approvedAgent,
  cashAccount,
} from '../../../test/agent-money-helpers.ts';
import { serveCustomer } from '../../../test/agent-helpers.ts';
import { countingDb, numberedAgent, paidOrderSoldBy } from '../../../test/agent-book-helpers.ts';
import { signUpAndVerify } from '../../../test/auth-helpers.ts';
import { signedInCustomer } from '../../../test/catalog-admin.ts';
import '../../../test/ledger-check.ts';
import { listAgents } from './admin-agents.ts';

const app = agentMoneyTestApp();

describe('the admins’ agents API', () => {
  it('lists applicants and agents with their figures, and changes an agent’s settings, audited', async () => {
    const { ctx, admin } = app;
    const agent = await approvedAgent(ctx, admin.api, 300);
    const applicant = await signedInCustomer(ctx);
    expect((await admin.api.patch(`/api/admin/users/${applicant.id}/role`, { userType: 'agent' })).status).toBe(200);

    const applicants = await admin.api.get('/api/admin/agents?status=applicant');
    expect(applicants.status).toBe(200);
    expect(applicants.body.items.map((a: { id: string }) => a.id)).toContain(applicant.id);
    expect(applicants.body.items.every((a: { agentStatus: string }) => a.agentStatus === 'applicant')).toBe(true);

    const found = await admin.api.get(`/api/admin/agents?q=${agent.code}`);
    expect(found.body.items).toEqual([
      expect.objectContaining({
        id: agent.id,
        agentCode: agent.code,
        agentStatus: 'approved',
        commissionRateBp: 300,
        isActive: true,
        cashOnHand: 0,
        cashLimit: 500_000,
        par30: null,
        customers: 0,
      }),
    ]);

    const changed = await admin.api.patch(`/api/admin/agents/${agent.id}`, {
      commissionRateBp: 450,
      districts: ['Wakiso', 'Mukono'],
      cashLimit: 800_000,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ commissionRateBp: 450, districts: ['Wakiso', 'Mukono'], cashLimit: 800_000 });
    const audit = (await ctx.db.execute(
      `select details from audit_log where entity_type = 'agent' and entity_id = '${agent.id}' and action = 'agent.settings'`,
    )) as unknown as { rows: { details: { from: Record<string, unknown>; to: Record<string, unknown> } }[] };
    expect(audit.rows[0]!.details).toEqual({
      from: { commissionRateBp: 300, districts: [], cashLimit: 500_000 },
      to: { commissionRateBp: 450, districts: ['Wakiso', 'Mukono'], cashLimit: 800_000 },
    });

    const target = await admin.api.put(`/api/admin/agents/${agent.id}/targets/2026-11`, {
      salesTarget: 5_000_000,
      collectionsTarget: 2_000_000,
    });
    expect(target.status).toBe(200);
    expect(target.body).toEqual({ month: '2026-11-01', salesTarget: 5_000_000, collectionsTarget: 2_000_000 });
    const badMonth = await admin.api.put(`/api/admin/agents/${agent.id}/targets/2026-13`, {
      salesTarget: 1,
      collectionsTarget: 1,
    });
    expect(badMonth.status).toBe(400);
    const detail = await admin.api.get(`/api/admin/agents/${agent.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.targets).toEqual([target.body]);

    expect((await admin.api.get(`/api/admin/agents/${applicant.id}x`)).status).toBe(400);
    expect((await admin.api.get(`/api/admin/agents/${admin.id}`)).status).toBe(404);
    expect((await agent.api.get('/api/admin/agents')).status).toBe(403);
  });

  it('records handovers that clear the agent’s cash, once per key, never more than they hold', async () => {
    const { ctx, admin } = app;
    const { agent } = await agentWhoCollected(ctx, admin.api, { cashLimit: 1_000_000, cash: 200_000 });

    const tooMuch = await admin.api.post(`/api/admin/agents/${agent.id}/handovers`, {
      amount: 200_001,
      method: 'cash',
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error).toMatchObject({ code: 'handover_too_large' });
    expect(tooMuch.body.error.message).toContain('UGX 200,000');
    const noReference = await admin.api.post(`/api/admin/agents/${agent.id}/handovers`, {
      amount: 50_000,
      method: 'bank_deposit',
    });
    expect(noReference.status).toBe(400);

    const key = randomUUID();
    const body = { amount: 150_000, method: 'bank_deposit', reference: 'STANBIC-889012' };
    const made = await admin.api.post(`/api/admin/agents/${agent.id}/handovers`, body, key);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ amount: 150_000, method: 'bank_deposit', reference: 'STANBIC-889012' });
    expect(made.body.recordedBy.id).toBe(admin.id);
    const again = await admin.api.post(`/api/admin/agents/${agent.id}/handovers`, body, key);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(made.body.id);
    expect(await cashAccount(ctx, agent.id)).toBe(50_000);

    const office = await admin.api.post(`/api/admin/agents/${agent.id}/handovers`, { amount: 50_000, method: 'cash' });
    expect(office.status).toBe(201);
    expect(await cashAccount(ctx, agent.id)).toBe(0);

    const detail = await admin.api.get(`/api/admin/agents/${agent.id}`);
    expect(detail.body.cashOnHand).toBe(0);
    expect(detail.body.month).toMatchObject({ collections: 200_000, collectionsCount: 1, commission: 12_500 });
    expect(detail.body.customers).toBe(1);
    expect(detail.body.par30).toBe(0);
  });

  it('tells the admins when someone signs up to be an agent', async () => {
    const { ctx, admin } = app;
    await signUpAndVerify(ctx, { userType: 'agent', fullName: 'Okello Applicant', name: 'Okello Applicant' });
    const inbox = await admin.api.get('/api/notifications');
    expect(inbox.status).toBe(200);
    const notices = JSON.stringify(inbox.body);
    expect(notices).toContain('New agent applicant');
    expect(notices).toContain('Okello Applicant applied to be an agent');

    // An admin who reads Luganda is told in Luganda.
    expect((await admin.api.patch('/api/me', { preferredLanguage: 'luganda' })).status).toBe(200);
    await signUpAndVerify(ctx, { userType: 'agent', fullName: 'Nabirye Applicant', name: 'Nabirye Applicant' });
    const [newest] = (await admin.api.get('/api/notifications')).body.items;
    expect((await admin.api.patch('/api/me', { preferredLanguage: 'english' })).status).toBe(200);
    expect(newest).toMatchObject({
      title: 'Omuntu asabye okubeera omukozi',
      message: 'Nabirye Applicant asabye okubeera omukozi. Kebera okusaba kwe wansi wa Abakozi.',
    });
  });
});

describe('the admins’ agents list, a page at a time', () => {
  it('answers 30 agents with each one’s own figures in a fixed number of queries', async () => {
    const { ctx, admin } = app;
    const prefix = `pg${randomUUID().slice(0, 4)}`;
    const seller = await approvedAgent(ctx, admin.api, 250);
    const { customer, loan } = await agentSoldLoan(ctx, admin.api, seller);
    await ctx.db.execute(`update loans set days_past_due = 45 where id = '${loan.id}'`);
    const ids: string[] = [];
    for (let n = 0; n < 30; n++) ids.push(await numberedAgent(ctx, n, prefix));
    // Agents 27–29 (the newest, so on the first page of two) serve the customer whose loan is 45 days late; each agent sold one paid order.
    for (const id of ids.slice(27)) {
      await serveCustomer(ctx.db, { agentId: id, customerId: customer.id, consentExpiresAt: new Date() });
    }
    for (const [n, id] of ids.entries()) {
      await paidOrderSoldBy(ctx, customer.id, id, (n + 1) * 5_000);
    }

    const counted = countingDb(ctx);
    const page = await listAgents(counted.db, { q: prefix }, { limit: 30 });
    const queries = counted.count();
    expect(page.items).toHaveLength(30);
    for (const agent of page.items) {
      const n = Number(agent.agentCode!.slice(-2));
      expect(agent).toMatchObject({
        id: ids[n],
        commissionRateBp: 100 + n,
        cashOnHand: (n + 1) * 1_000,
        cashLimit: 500_000,
        month: { sales: (n + 1) * 5_000, salesCount: 1, collections: 0, commission: 0 },
        target: { salesTarget: n * 10_000 },
        customers: n >= 27 ? 1 : 0,
        par30: n >= 27 ? 1 : null,
      });
    }

    const fewer = countingDb(ctx);
    expect((await listAgents(fewer.db, { q: prefix }, { limit: 2 })).items).toHaveLength(2);
    expect(fewer.count()).toBe(queries);
    expect(queries).toBeLessThanOrEqual(10);
  });
});

describe('an agent’s handovers and statement, a page at a time', () => {
  it('pages newest first with a cursor, as the OpenAPI document says, and refuses a bad cursor', async () => {
    const { ctx, admin } = app;
    const { agent } = await agentWhoCollected(ctx, admin.api, { cashLimit: 1_000_000, cash: 300_000 });
    for (const amount of [10_000, 20_000, 30_000]) {
      const made = await admin.api.post(`/api/admin/agents/${agent.id}/handovers`, { amount, method: 'cash' });
      expect(made.status).toBe(201);
    }
    const path = `/api/admin/agents/${agent.id}`;
    const first = await admin.api.get(`${path}/handovers?limit=2`);
    expect(first.status).toBe(200);
    expect(handoverPageSchema.parse(first.body).items.map((h) => h.amount)).toEqual([30_000, 20_000]);
    const second = await admin.api.get(`${path}/handovers?limit=2&cursor=${first.body.nextCursor}`);
    expect(handoverPageSchema.parse(second.body)).toMatchObject({ items: [{ amount: 10_000 }], nextCursor: null });

    // The deposit's commission (7,500) and the repayment's (7,500), newest first.
    const lines = await admin.api.get(`${path}/statement?limit=1`);
    expect(lines.status).toBe(200);
    const page = agentStatementPageSchema.parse(lines.body);
    expect(page.items).toEqual([expect.objectContaining({ kind: 'commission', amount: 7_500, balanceAfter: 15_000 })]);
    const rest = agentStatementPageSchema.parse(
      (await admin.api.get(`${path}/statement?limit=5&cursor=${page.nextCursor}`)).body,
    );
    expect(rest).toEqual({
      items: [expect.objectContaining({ amount: 7_500, balanceAfter: 7_500 })],
      nextCursor: null,
    });

    expect((await admin.api.get(`${path}/handovers?cursor=not-a-cursor`)).status).toBe(400);
    expect((await admin.api.get(`${path}/statement?cursor=12abc`)).status).toBe(400);
    expect((await admin.api.get(`/api/admin/agents/${admin.id}/statement`)).status).toBe(404);
    expect((await agent.api.get(`${path}/handovers`)).status).toBe(403);

    const doc = (await (await ctx.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const part of ['handovers', 'statement']) {
      const route = doc.paths[`/api/admin/agents/{id}/${part}`]?.get;
      expect(Object.keys(route?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '404']);
    }
  });
});
