import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#src/db/schema/audit.ts';
import { users } from '#src/db/schema/auth.ts';
import { devices, loans } from '#src/db/schema/loans.ts';
import { accountBalances, HOUSE_ACCOUNTS } from '#src/features/wallet/ledger.service.ts';
import { approvedAgent } from './agent-helpers.ts';
import { defaultedLoan, deliver, importDevices } from './loan-helpers.ts';
import type { TestContext } from './test-app.ts';
import { loanTestApp } from '../src/features/loans/loan-test-setup.ts';

const { app, inboxOf } = loanTestApp();
let ctx: TestContext;
let admin: typeof app.admin;
beforeAll(() => {
  ({ ctx, admin } = app);
});

describe('taking back a defaulted loan’s unit', () => {
  it('fails once, then recovers: the unit returns, the loan closes as repossessed, the balance written off', async () => {
    const agent = await approvedAgent(ctx, admin.api);
    const { id, customer } = await defaultedLoan(ctx, admin.api, 40);
    const [row] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    const product = await ctx.db.execute(`select sku from products where id = '${row!.productId}'`);
    const sku = (product as unknown as { rows: { sku: string }[] }).rows[0]!.sku;
    await ctx.db.update(loans).set({ status: 'active' }).where(eq(loans.id, id));
    await importDevices(ctx, admin.api, sku);
    expect((await deliver(admin.api, row!.orderId)).status).toBe(200);
    await ctx.db.update(loans).set({ status: 'defaulted' }).where(eq(loans.id, id));
    const deviceId = (await ctx.db.select().from(loans).where(eq(loans.id, id)))[0]!.deviceId!;

    const started = await admin.api.post(`/api/admin/loans/${id}/repossessions`, {
      reason: 'In default for 40 days',
      agentId: agent.id,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body).toMatchObject({ status: 'started', loanId: id, agentName: expect.any(String) });
    const twice = await admin.api.post(`/api/admin/loans/${id}/repossessions`, { reason: 'Again please' });
    expect(twice.status).toBe(409);

    await ctx.db.update(users).set({ village: 'Kasangati', district: 'Wakiso' }).where(eq(users.id, customer.id));
    const list = await agent.api.get('/api/agent/repossessions');
    expect(list.body.repossessions.map((r: { id: string }) => r.id)).toEqual([started.body.id]);
    expect(list.body.repossessions[0]).toMatchObject({
      productName: row!.productName,
      deviceSerial: expect.any(String),
      village: 'Kasangati',
      district: 'Wakiso',
      amountOwed: row!.creditPrice + row!.fees - row!.paid - row!.forgiven,
    });
    expect((await customer.api.get('/api/agent/repossessions')).status).toBe(403);

    const failed = await agent.api.post(`/api/agent/repossessions/${started.body.id}/attempts`, {
      outcome: 'failed',
      reason: 'Nobody at home',
      note: 'A neighbour says they went to Jinja',
    });
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
    expect(failed.body).toMatchObject({ status: 'failed', failureReason: 'Nobody at home' });
    const again = await agent.api.post(`/api/agent/repossessions/${started.body.id}/attempts`, {
      outcome: 'failed',
      reason: 'Nobody at home',
    });
    expect(again.status).toBe(409);
    const next = (await agent.api.get('/api/agent/repossessions')).body.repossessions;
    expect(next).toHaveLength(1);
    expect(next[0].id).not.toBe(started.body.id);

    const before = await accountBalances(ctx.db, [HOUSE_ACCOUNTS.badDebt]);
    const recovered = await agent.api.post(`/api/agent/repossessions/${next[0].id}/attempts`, {
      outcome: 'recovered',
      condition: 'damaged',
      note: 'Panel cracked',
    });
    expect(recovered.status, JSON.stringify(recovered.body)).toBe(200);
    expect(recovered.body).toMatchObject({ status: 'recovered', condition: 'damaged' });
    const [closed] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    expect(closed).toMatchObject({ status: 'repossessed', forgiven: 900_000, paid: 300_000, deviceId: null });
    expect(closed!.closedAt).toBeInstanceOf(Date);
    const [device] = await ctx.db.select().from(devices).where(eq(devices.id, deviceId));
    expect(device!.status).toBe('refurbishing');
    const after = await accountBalances(ctx.db, [HOUSE_ACCOUNTS.badDebt]);
    expect(after.get(HOUSE_ACCOUNTS.badDebt)! - before.get(HOUSE_ACCOUNTS.badDebt)!).toBe(-900_000);
    expect((await inboxOf(customer.id)).at(-1)).toMatch(/was taken back\. What you paid is kept/);
    expect((await agent.api.get('/api/agent/repossessions')).body.repossessions).toEqual([]);
    const history = await admin.api.get(`/api/admin/loans/${id}/repossessions`);
    expect(history.body.repossessions.map((r: { status: string }) => r.status)).toEqual(['recovered', 'failed']);

    const attempts = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'loan.repossession_attempt'), eq(auditLog.entityId, id)))
      .orderBy(auditLog.createdAt);
    expect(attempts.map((a) => [a.actorId, a.reason, a.details])).toEqual([
      [
        agent.id,
        'Nobody at home',
        expect.objectContaining({ outcome: 'failed', note: 'A neighbour says they went to Jinja' }),
      ],
      [agent.id, null, expect.objectContaining({ outcome: 'recovered', condition: 'damaged', note: 'Panel cracked' })],
    ]);

    const restocked = await admin.api.post(`/api/admin/devices/${deviceId}/restock`);
    expect(restocked.status).toBe(200);
    expect((await admin.api.post(`/api/admin/devices/${deviceId}/restock`)).status).toBe(409);
  });

  it('lists the repossessions under way to admins, newest first, a page at a time', async () => {
    const started: string[] = [];
    for (const days of [50, 60, 70]) {
      const { id } = await defaultedLoan(ctx, admin.api, days);
      const made = await admin.api.post(`/api/admin/loans/${id}/repossessions`, { reason: `In default ${days} days` });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      started.push(made.body.id);
    }
    const first = await admin.api.get('/api/admin/repossessions?limit=2');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.items.map((r: { id: string }) => r.id)).toEqual([started[2], started[1]]);
    expect(first.body.items[0]).toMatchObject({ status: 'started', customerName: expect.any(String) });
    const second = await admin.api.get(`/api/admin/repossessions?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.items.map((r: { id: string }) => r.id)).toContain(started[0]);
    expect(second.body.items.every((r: { status: string }) => r.status === 'started')).toBe(true);

    expect((await admin.api.get('/api/admin/repossessions?cursor=not-a-cursor')).status).toBe(400);
    expect((await admin.api.get('/api/admin/repossessions?limit=0')).status).toBe(400);
    expect((await admin.api.get('/api/admin/repossessions?limit=lots')).status).toBe(400);
    const agent = await approvedAgent(ctx, admin.api);
    expect((await agent.api.get('/api/admin/repossessions')).status).toBe(403);
  });
});
