import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loanMonthEnds, loanPayments, loans, portfolioDays } from '#src/db/schema/loans.ts';
import { applyFor, copiesOfLoan, creditCustomer, systemOnCredit } from '../../../test/loan-helpers.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { loanTestApp } from './loan-test-setup.ts';
import { rollRates, vintages } from './portfolio-history.ts';

const { app } = loanTestApp();
let ctx: TestContext;
let admin: typeof app.admin;
let book: string[];
beforeAll(async () => {
  ({ ctx, admin } = app);
  book = await madeUpBook(6);
});

/** `count` loans of 1,200,000 each, copies of one real application, none activated. */
async function madeUpBook(count: number) {
  const { product, plan } = await systemOnCredit(ctx, admin.api);
  const customer = await creditCustomer(ctx, { wallet: 300_000 });
  const id: string = (await applyFor(customer, product.id, plan.id)).body.loans[0].id;
  return copiesOfLoan(ctx, id, count, 'active');
}

const payment = (loanId: string, kind: 'deposit' | 'repayment' | 'recovery', amount: number, at: string) => ({
  loanId,
  paymentId: randomUUID(),
  kind,
  amount,
  allocation: {},
  createdAt: new Date(at),
});

describe('portfolio reports', () => {
  it('works out PAR 1, 30, 60 and 90 of each recorded day, defaulted loans in every one', async () => {
    const day = (bucket: (typeof portfolioDays.$inferInsert)['bucket'], loans: number, outstanding: number) => ({
      day: '2030-01-01',
      bucket,
      loans,
      outstanding,
    });
    await ctx.db
      .insert(portfolioDays)
      .values([
        day('current', 10, 6_000_000),
        day('par1', 2, 1_000_000),
        day('par30', 1, 500_000),
        day('par60', 1, 300_000),
        day('par90', 1, 200_000),
        day('defaulted', 1, 1_000_000),
        { day: '2030-01-02', bucket: 'current', loans: 0, outstanding: 0 },
        { day: '2030-02-01', bucket: 'current', loans: 1, outstanding: 5 },
      ]);
    const answer = await admin.api.get('/api/admin/portfolio/par-history?from=2030-01-01&to=2030-01-31');
    expect(answer.status).toBe(200);
    expect(answer.body.days).toEqual([
      { day: '2030-01-01', loans: 16, outstanding: 9_000_000, par1: 3333, par30: 2222, par60: 1667, par90: 1333 },
      { day: '2030-01-02', loans: 0, outstanding: 0, par1: null, par30: null, par60: null, par90: null },
    ]);
    const reversed = await admin.api.get('/api/admin/portfolio/par-history?from=2030-02-01&to=2030-01-01');
    expect(reversed.status).toBe(422);
    expect(reversed.body.error.code).toBe('bad_range');
    expect((await admin.api.get('/api/admin/portfolio/par-history?from=2029-01-01&to=2030-01-31')).status).toBe(422);
  });

  it('draws the vintage curve: share of credit price repaid by month on book, recoveries left out', async () => {
    const [a, b, c] = book as [string, string, string];
    await ctx.db
      .update(loans)
      .set({ activatedAt: new Date('2030-03-10T08:00:00Z') })
      .where(sql`${loans.id} in (${a}, ${b})`);
    // 22:00 UTC on 30 April is 1 May in Kampala: the May vintage.
    await ctx.db
      .update(loans)
      .set({ activatedAt: new Date('2030-04-30T22:00:00Z') })
      .where(sql`${loans.id} = ${c}`);
    await ctx.db
      .insert(loanPayments)
      .values([
        payment(a, 'deposit', 300_000, '2030-03-10T08:00:00Z'),
        payment(b, 'deposit', 300_000, '2030-03-12T08:00:00Z'),
        payment(a, 'repayment', 225_000, '2030-04-05T08:00:00Z'),
        payment(b, 'repayment', 225_000, '2030-05-20T08:00:00Z'),
        payment(a, 'recovery', 50_000, '2030-05-01T08:00:00Z'),
        payment(c, 'deposit', 300_000, '2030-04-30T22:00:00Z'),
      ]);
    expect(await vintages(ctx.db, '2030-06-15')).toEqual([
      {
        month: '2030-03',
        loans: 2,
        creditPrice: 2_400_000,
        points: [
          { monthOnBook: 0, repaid: 600_000, share: 2500 },
          { monthOnBook: 1, repaid: 825_000, share: 3438 },
          { monthOnBook: 2, repaid: 1_050_000, share: 4375 },
          { monthOnBook: 3, repaid: 1_050_000, share: 4375 },
        ],
      },
      {
        month: '2030-05',
        loans: 1,
        creditPrice: 1_200_000,
        points: [
          { monthOnBook: 0, repaid: 300_000, share: 2500 },
          { monthOnBook: 1, repaid: 300_000, share: 2500 },
        ],
      },
    ]);
    expect((await admin.api.get('/api/admin/portfolio/vintages')).status).toBe(200);
  });

  it("rolls each bucket's loans into the next month's buckets, or closed", async () => {
    const [l1, l2, l3, l4, l5, l6] = book as [string, string, string, string, string, string];
    const end = (month: string, loanId: string, bucket: (typeof loanMonthEnds.$inferInsert)['bucket']) => ({
      month,
      loanId,
      bucket,
      outstanding: 100,
    });
    await ctx.db
      .insert(loanMonthEnds)
      .values([
        end('2030-02-01', l1, 'current'),
        end('2030-02-01', l2, 'current'),
        end('2030-02-01', l6, 'current'),
        end('2030-02-01', l3, 'par1'),
        end('2030-02-01', l4, 'par1'),
        end('2030-02-01', l5, 'par30'),
        end('2030-03-01', l1, 'current'),
        end('2030-03-01', l6, 'current'),
        end('2030-03-01', l2, 'par1'),
        end('2030-03-01', l3, 'par30'),
        end('2030-03-01', l5, 'defaulted'),
      ]);
    const rates = await rollRates(ctx.db, '2030-02');
    expect(rates.next).toBe('2030-03');
    const row = (from: string) => {
      const found = rates.rows.find((r) => r.from === from)!;
      return {
        loans: found.loans,
        to: Object.fromEntries(found.to.filter((t) => t.loans > 0).map((t) => [t.bucket, [t.loans, t.share]])),
      };
    };
    expect(row('current')).toEqual({ loans: 3, to: { current: [2, 6667], par1: [1, 3333] } });
    expect(row('par1')).toEqual({ loans: 2, to: { par30: [1, 5000], closed: [1, 5000] } });
    expect(row('par30')).toEqual({ loans: 1, to: { defaulted: [1, 10_000] } });
    expect(rates.rows.find((r) => r.from === 'par60')!.to[0]).toEqual({ bucket: 'current', loans: 0, share: null });

    const answer = await admin.api.get('/api/admin/portfolio/roll-rates?month=2030-02');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(rates);
    expect((await admin.api.get('/api/admin/portfolio/roll-rates?month=2030-13')).status).toBe(400);
    const customer = await creditCustomer(ctx);
    expect((await customer.api.get('/api/admin/portfolio/roll-rates?month=2030-02')).status).toBe(403);
  });
});
