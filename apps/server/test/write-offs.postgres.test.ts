import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loans } from '#src/db/schema/loans.ts';
import { signedInAdmin, type Client } from './catalog-admin.ts';
import { defaultedLoan } from './loan-helpers.ts';
import { createTestContext, type TestContext } from './test-app.ts';

// Real concurrency: the same defaulted loans written off by several admins' requests at once.
let ctx: TestContext;
let admin: { id: string; api: Client };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signedInAdmin(ctx);
  // Three loans of UGX 900,000 at once stay below the four-eyes amount here: one admin writes off.
  expect((await admin.api.put('/api/admin/approvals/threshold', { amount: 10_000_000 })).status).toBe(200);
});
afterAll(async () => ctx.close());

const loanInDefault = async () => (await defaultedLoan(ctx, admin.api, 100)).id;

describe('write-offs made at once', () => {
  it('write each loan off once: one bad-debt entry, forgiven once', async () => {
    const ids = [await loanInDefault(), await loanInDefault(), await loanInDefault()];
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        admin.api.post('/api/admin/loans/write-offs', { loanIds: ids, reason: 'In default over 90 days' }),
      ),
      admin.api.post(`/api/admin/loans/${ids[0]}/write-off`, { reason: 'Customer moved away' }),
    ]);
    const bulk = answers.slice(0, 4).map((a) => a.body as { writtenOff: number });
    const single = answers[4]!.status === 200 ? 1 : 0;
    expect(bulk.reduce((n, b) => n + b.writtenOff, 0) + single).toBe(3);

    const rows = await ctx.db.select().from(loans).where(inArray(loans.id, ids));
    for (const row of rows) expect(row).toMatchObject({ status: 'written_off', forgiven: 900_000 });
    for (const id of ids) {
      const [entries] = (
        (await ctx.db.execute(
          sql`select count(*)::int as n from journal_transactions where idempotency_key = ${`loan:${id}:loss`}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows;
      expect(entries!.n).toBe(1);
    }
  });
});
