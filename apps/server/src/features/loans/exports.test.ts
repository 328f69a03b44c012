import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { download as fetchFile } from '../../../test/downloads.ts';
import { applyFor, copiesOfLoan, creditCustomer, systemOnCredit } from '../../../test/loan-helpers.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { EXPORT_PAGE, LOAN_EXPORT_HEADER, PAYMENT_EXPORT_HEADER } from './exports.ts';
import { loanTestApp } from './loan-test-setup.ts';

const { app } = loanTestApp();
let ctx: TestContext;
let admin: typeof app.admin;
beforeAll(() => {
  ({ ctx, admin } = app);
});

async function download(path: string, cookie: string | undefined) {
  const { status, headers, bytes } = await fetchFile(ctx, path, cookie);
  return { status, headers, text: bytes.toString('utf8') };
}

const NAME = 'Nakato, "Sarah" Wavamunno';

describe('CSV exports', () => {
  it('streams every loan and payment past a page, quoting commas and quotes in names', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 300_000 });
    expect((await customer.api.patch('/api/me', { fullName: NAME })).status).toBe(200);
    const applied = await applyFor(customer, product.id, plan.id);
    const loan = applied.body.loans[0];
    // Copies of the loan, so the export runs over more than one page.
    await copiesOfLoan(ctx, loan.id, EXPORT_PAGE + 5, 'cancelled');

    const loansFile = await download('/api/admin/exports/loans.csv', admin.api.cookie);
    expect(loansFile.status).toBe(200);
    expect(loansFile.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(loansFile.headers.get('content-disposition')).toContain('EcoGrid-loans.csv');
    expect(loansFile.text.split('\r\n')[0]).toBe(LOAN_EXPORT_HEADER.join(','));
    expect(loansFile.text).toContain(`,"Nakato, ""Sarah"" Wavamunno",`);
    const rows = parse(loansFile.text, { columns: true }) as Record<string, string>[];
    const total = Number(
      ((await ctx.db.execute(sql`select count(*)::int as n from loans`)) as unknown as { rows: { n: number }[] })
        .rows[0]!.n,
    );
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.loan_number)).size).toBe(total);
    const mine = rows.find((r) => r.loan_number === loan.number)!;
    expect(mine).toMatchObject({
      customer_id: customer.id,
      customer_name: NAME,
      product: product.name,
      status: 'active',
      currency: 'UGX',
      cash_price: '1000000',
      credit_price: '1200000',
      deposit: '300000',
      paid: '300000',
      outstanding: '900000',
      arrears_bucket: 'current',
      device_serial: '',
    });
    expect(rows.filter((r) => r.customer_name === NAME)).toHaveLength(EXPORT_PAGE + 6);

    const paymentsFile = await download('/api/admin/exports/payments.csv', admin.api.cookie);
    expect(paymentsFile.status).toBe(200);
    expect(paymentsFile.text.split('\r\n')[0]).toBe(PAYMENT_EXPORT_HEADER.join(','));
    const payments = parse(paymentsFile.text, { columns: true }) as Record<string, string>[];
    expect(payments.find((p) => p.loan_number === loan.number)).toMatchObject({
      kind: 'deposit',
      amount: '300000',
      currency: 'UGX',
      method: 'wallet',
      customer_id: customer.id,
    });
  });

  it('is for admins only', async () => {
    const customer = await creditCustomer(ctx);
    expect((await download('/api/admin/exports/loans.csv', customer.api.cookie)).status).toBe(403);
    expect((await download('/api/admin/exports/payments.csv', undefined)).status).toBe(401);
  });

  it('documents every column in docs/exports.md', () => {
    const doc = readFileSync(new URL('../../../../../docs/exports.md', import.meta.url), 'utf8');
    for (const column of [...LOAN_EXPORT_HEADER, ...PAYMENT_EXPORT_HEADER])
      expect(doc).toMatch(new RegExp(`\\| \`${column}\` +\\|`));
  });
});
