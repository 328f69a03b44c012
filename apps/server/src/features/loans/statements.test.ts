import { formatUgx } from '@ecogrid/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loans } from '#src/db/schema/loans.ts';
import { applyFor, creditCustomer, deliver, importDevices, systemOnCredit } from '../../../test/loan-helpers.ts';
import { download as fetchFile, pdfText } from '../../../test/downloads.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { loanTestApp } from './loan-test-setup.ts';

const { app } = loanTestApp();
let ctx: TestContext;
let admin: typeof app.admin;
beforeAll(() => {
  ({ ctx, admin } = app);
});

async function download(path: string, cookie: string | undefined) {
  const { status, headers, bytes } = await fetchFile(ctx, path, cookie);
  return { status, headers, text: status === 200 ? pdfText(bytes) : '' };
}

/** A delivered loan with its deposit (300,000) and one repayment (225,000) paid from the wallet. */
async function repaidLoan() {
  const { product, plan } = await systemOnCredit(ctx, admin.api);
  const customer = await creditCustomer(ctx, { wallet: 600_000 });
  expect((await customer.api.patch('/api/me', { fullName: 'Nakato Sarah' })).status).toBe(200);
  const id: string = (await applyFor(customer, product.id, plan.id)).body.loans[0].id;
  const [serial] = await importDevices(ctx, admin.api, product.sku);
  const [row] = await ctx.db.select().from(loans).where(eq(loans.id, id));
  expect((await deliver(admin.api, row!.orderId)).status).toBe(200);
  const repaid = await customer.api.post(`/api/loans/${id}/repayments`, {
    amount: 225_000,
    payment: { method: 'wallet' },
  });
  expect(repaid.status).toBe(200);
  return { id, customer, serial: serial!, product, loan: repaid.body.loan };
}

describe('loan statement', () => {
  it('prints the schedule, payments, tokens, cost of credit and balance for the customer', async () => {
    const { id, customer, serial, product, loan } = await repaidLoan();
    const answer = await download(`/api/loans/${id}/statement.pdf`, customer.api.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toContain(`EcoGrid-statement-${loan.number}.pdf`);
    const text = answer.text;
    expect(text).toContain(`Loan statement ${loan.number}`);
    expect(text).toContain('Customer: Nakato Sarah');
    const { accountNumber } = (await customer.api.get('/api/me')).body as { accountNumber: string };
    expect(accountNumber).toMatch(/^\d{7}$/);
    expect(text).toContain(`Account number (for paying by mobile money): ${accountNumber}`);
    expect(text).toContain(`Product: ${product.name}`);
    expect(text).toContain(`Device serial: ${serial}`);
    expect(text).toContain('Status: Active');
    // Schedule: the first instalment paid in full, the rest owed.
    expect(text).toMatch(
      new RegExp(`1\\n${loan.schedule[0].dueDate}\\n${formatUgx(225_000)}\\n${formatUgx(225_000)}\\n${formatUgx(0)}`),
    );
    expect(text).toMatch(
      new RegExp(`4\\n${loan.schedule[3].dueDate}\\n${formatUgx(225_000)}\\n${formatUgx(0)}\\n${formatUgx(225_000)}`),
    );
    expect(text).toMatch(new RegExp(`Deposit\\nEcoGrid wallet\\n${formatUgx(300_000)}`));
    expect(text).toMatch(new RegExp(`Repayment\\nEcoGrid wallet\\n${formatUgx(225_000)}`));
    for (const token of loan.tokens) expect(text).toContain(`${token.token} (${token.type})`);
    expect(loan.tokens.length).toBeGreaterThan(0);
    expect(text).toContain(`Total cost of credit\n${formatUgx(200_000)}`);
    expect(text).toContain(`Fees added\n${formatUgx(0)}`);
    expect(text).toContain(`Paid\n${formatUgx(525_000)}`);
    expect(text).toContain(`Balance\n${formatUgx(675_000)}`);
  });

  it("is in the customer's language, and shows fees and amounts forgiven", async () => {
    const { id, customer, loan } = await repaidLoan();
    await customer.api.patch('/api/me', { preferredLanguage: 'swahili' });
    await ctx.db.update(loans).set({ fees: 20_000, forgiven: 15_000 }).where(eq(loans.id, id));
    const swahili = (await download(`/api/loans/${id}/statement.pdf`, customer.api.cookie)).text;
    expect(swahili).toContain(`Taarifa ya mkopo ${loan.number}`);
    expect(swahili).toContain(`Ada zilizoongezwa\n${formatUgx(20_000)}`);
    expect(swahili).toContain(`Punguzo na misamaha\n${formatUgx(15_000)}`);
    expect(swahili).toContain(`Salio\n${formatUgx(675_000 + 20_000 - 15_000)}`);
    await customer.api.patch('/api/me', { preferredLanguage: 'luganda' });
    const luganda = (await download(`/api/admin/loans/${id}/statement.pdf`, admin.api.cookie)).text;
    expect(luganda).toContain(`Sitetimenti y'ebbanja ${loan.number}`);
    expect(luganda).toContain('Omusingo');
  });

  it("is the customer's own: another's loan is not found, admins read any, others may not use the admin route", async () => {
    const { id, customer } = await repaidLoan();
    const other = await creditCustomer(ctx);
    expect((await download(`/api/loans/${id}/statement.pdf`, other.api.cookie)).status).toBe(404);
    expect((await download(`/api/loans/${id}/statement.pdf`, undefined)).status).toBe(401);
    expect((await download('/api/loans/not-a-loan/statement.pdf', customer.api.cookie)).status).toBe(400);
    expect((await download(`/api/admin/loans/${id}/statement.pdf`, customer.api.cookie)).status).toBe(403);
    const byAdmin = await download(`/api/admin/loans/${id}/statement.pdf`, admin.api.cookie);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.text).toContain('Customer: Nakato Sarah');
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await download(`/api/admin/loans/${missing}/statement.pdf`, admin.api.cookie)).status).toBe(404);
  });
});
