import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loans } from '#src/db/schema/loans.ts';
import { accountBalances, HOUSE_ACCOUNTS, postJournal } from '#src/features/wallet/ledger.service.ts';
import { defaultedLoan as defaultedLoanOf } from '../../../test/loan-helpers.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { loanTestApp } from './loan-test-setup.ts';
import { signedInAdmin } from '../../../test/catalog-admin.ts';
import { auditTrail } from '#src/features/audit/audit.service.ts';

const { app } = loanTestApp();
let ctx: TestContext;
let admin: typeof app.admin;
beforeAll(async () => {
  ({ ctx, admin } = app);
  // Above any loan here, so these tests write off at once; the last test puts four eyes back.
  expect((await admin.api.put('/api/admin/approvals/threshold', { amount: 1_000_000_000 })).status).toBe(200);
});

const defaultedLoan = (daysAgo: number) => defaultedLoanOf(ctx, admin.api, daysAgo);

/** Copies of a defaulted loan, each with its own order and key, sold in one journal entry. */
async function cloneLoans(id: string, count: number): Promise<string[]> {
  const rows = (await ctx.db.execute(sql`
    insert into loans (user_id, product_id, plan_id, plan_name, product_name, order_id, status, cash_price,
      credit_price, deposit, instalment, last_instalment, instalments, frequency, markup_bp, deposit_bp,
      daily_rate, paid, fulfilment, start_date, idempotency_key, defaulted_at)
    select user_id, product_id, plan_id, plan_name, product_name, gen_random_uuid(), status, cash_price,
      credit_price, deposit, instalment, last_instalment, instalments, frequency, markup_bp, deposit_bp,
      daily_rate, paid, fulfilment, start_date, gen_random_uuid()::text, defaulted_at
    from loans, generate_series(1, ${count}) where id = ${id}
    returning id`)) as unknown as { rows: { id: string }[] };
  await ctx.db.transaction((tx) =>
    postJournal(tx, {
      idempotencyKey: `test:clones:${id}`,
      kind: 'loan_sale',
      description: 'Test loans',
      postings: [
        { account: HOUSE_ACCOUNTS.loansReceivable, amount: -900_000 * count },
        { account: HOUSE_ACCOUNTS.salesRevenue, amount: 900_000 * count },
      ],
    }),
  );
  return rows.rows.map((r) => r.id);
}

const balances = () => accountBalances(ctx.db, [HOUSE_ACCOUNTS.loansReceivable, HOUSE_ACCOUNTS.badDebt]);

describe('writing off a loan', () => {
  it('writes off one defaulted loan: its balance to bad debt, forgiven, closed and audited', async () => {
    const { id } = await defaultedLoan(5);
    const before = await balances();
    const noReason = await admin.api.post(`/api/admin/loans/${id}/write-off`, { reason: '' });
    expect(noReason.status).toBe(400);

    const done = await admin.api.post(`/api/admin/loans/${id}/write-off`, { reason: 'Customer moved away' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ amount: 900_000 });
    const [row] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    expect(row).toMatchObject({ status: 'written_off', forgiven: 900_000, paid: 300_000 });
    expect(row!.closedAt).toBeInstanceOf(Date);
    const after = await balances();
    expect(after.get(HOUSE_ACCOUNTS.loansReceivable)! - before.get(HOUSE_ACCOUNTS.loansReceivable)!).toBe(900_000);
    expect(after.get(HOUSE_ACCOUNTS.badDebt)! - before.get(HOUSE_ACCOUNTS.badDebt)!).toBe(-900_000);
    const audit = (await ctx.db.execute(
      sql`select reason from audit_log where action = 'loan.write_off' and entity_id = ${id}`,
    )) as unknown as { rows: { reason: string }[] };
    expect(audit.rows).toEqual([{ reason: 'Customer moved away' }]);

    const again = await admin.api.post(`/api/admin/loans/${id}/write-off`, { reason: 'Customer moved away' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/is written off: only a defaulted loan can be written off\.$/);
  });

  it('refuses a loan that is not defaulted', async () => {
    const { id } = await defaultedLoan(5);
    await ctx.db.update(loans).set({ status: 'active', defaultedAt: null }).where(eq(loans.id, id));
    const refused = await admin.api.post(`/api/admin/loans/${id}/write-off`, { reason: 'Customer moved away' });
    expect(refused.status).toBe(409);
    expect((await ctx.db.select().from(loans).where(eq(loans.id, id)))[0]!.status).toBe('active');
  });

  it('previews the loans in default past the policy days and writes 1,000 off in one request, once', async () => {
    await ctx.db.execute(sql`update loans set status = 'written_off' where status = 'defaulted'`);
    const recent = await defaultedLoan(30);
    const old = await defaultedLoan(120);
    const clones = await cloneLoans(old.id, 999);

    const preview = await admin.api.get('/api/admin/loans/write-off-preview');
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      writeOffAfterDays: 90,
      policyVersion: 0,
      count: 1_000,
      totalOwed: 900_000_000,
    });
    expect(preview.body.loans.map((l: { id: string }) => l.id)).not.toContain(recent.id);
    expect(preview.body.loans[0]).toMatchObject({
      daysSinceDefault: 120,
      owed: 900_000,
      customerName: expect.any(String),
    });

    const ids = [old.id, ...clones, recent.id];
    const before = await balances();
    const key = 'bulk-write-off-0001';
    const started = Date.now();
    const done = await admin.api.post('/api/admin/loans/write-offs', { loanIds: ids, reason: 'Over 90 days' }, key);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(done.body).toEqual({ writtenOff: 1_000, totalWrittenOff: 900_000_000, skipped: [recent.id] });
    const after = await balances();
    expect(after.get(HOUSE_ACCOUNTS.badDebt)! - before.get(HOUSE_ACCOUNTS.badDebt)!).toBe(-900_000_000);

    // The same request again answers the same and moves nothing; a new key finds nothing left.
    const replay = await admin.api.post('/api/admin/loans/write-offs', { loanIds: ids, reason: 'Over 90 days' }, key);
    expect(replay.body).toEqual(done.body);
    const fresh = await admin.api.post('/api/admin/loans/write-offs', { loanIds: ids, reason: 'Over 90 days' });
    expect(fresh.body).toMatchObject({ writtenOff: 0, totalWrittenOff: 0 });
    expect(await balances()).toEqual(after);
    expect((await admin.api.get('/api/admin/loans/write-off-preview')).body.count).toBe(0);
  }, 120_000);

  it('refuses more than 2,000 loans at once', async () => {
    const ids = Array.from({ length: 2_001 }, () => crypto.randomUUID());
    const refused = await admin.api.post('/api/admin/loans/write-offs', { loanIds: ids, reason: 'Too many' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('At most 2,000 loans can be written off at once');
  });

  it('makes a write-off above the threshold wait for a second staff member, then writes it off once', async () => {
    expect((await admin.api.put('/api/admin/approvals/threshold', { amount: 500_000 })).status).toBe(200);
    const { id } = await defaultedLoan(5);
    const asked = await admin.api.post(`/api/admin/loans/${id}/write-off`, { reason: 'Customer moved away' });
    expect(asked.status).toBe(202);
    expect(asked.body.approval).toMatchObject({ kind: 'write_off', amount: 900_000, status: 'pending' });
    const [waiting] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    expect(waiting!.status).toBe('defaulted');

    const officer = await signedInAdmin(ctx, 'credit_officer');
    const refused = await officer.api.post(`/api/admin/approvals/${asked.body.approval.id}/approve`);
    expect(refused.body.error.code).toBe('staff_right_missing');
    const finance = await signedInAdmin(ctx, 'finance');
    const approved = await finance.api.post(`/api/admin/approvals/${asked.body.approval.id}/approve`);
    expect(approved.status).toBe(200);
    const [row] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    expect(row).toMatchObject({ status: 'written_off', forgiven: 900_000 });
    const trail = await auditTrail(ctx.db, 'approval', asked.body.approval.id);
    expect(trail.map((e) => [e.action, e.actorId])).toEqual([
      ['write_off.requested', admin.id],
      ['write_off.approved', finance.id],
    ]);
  });
});
