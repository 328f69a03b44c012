import { loanNumber } from '@ecogrid/core/loans';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { loans } from '#src/db/schema/loans.ts';
import { paybillReceipts } from '#src/db/schema/paybill.ts';
import { payments } from '#src/db/schema/payments.ts';
import type { SandboxPaybill } from '#src/platform/mobile-money/index.ts';
import { applyFor, creditCustomer, deliver, importDevices, systemOnCredit } from './loan-helpers.ts';
import { loanTestApp } from '#src/features/loans/loan-test-setup.ts';

/** The paybill tests' app: a signed-in admin, loans to pay, and notifications sent through the sandbox. */
export function paybillTestApp() {
  const loanApp = loanTestApp();
  const { app } = loanApp;

  /** Sends a paybill notification through the sandbox and returns the app's answer. */
  async function paybill(input: SandboxPaybill) {
    const response = await app.ctx.mobileMoney.sandboxPaybill!(input);
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) };
  }

  /** An active loan on a delivered device (deposit 300,000 paid; four monthly instalments of 225,000). */
  async function activeLoan() {
    const { product, plan } = await systemOnCredit(app.ctx, app.admin.api);
    const customer = await creditCustomer(app.ctx, { wallet: 300_000 });
    const id: string = (await applyFor(customer, product.id, plan.id)).body.loans[0].id;
    const [row] = await app.ctx.db.select().from(loans).where(eq(loans.id, id));
    await importDevices(app.ctx, app.admin.api, product.sku);
    expect((await deliver(app.admin.api, row!.orderId)).status).toBe(200);
    return { id, number: loanNumber(row!.seq), customer };
  }

  async function loanRow(id: string) {
    const [row] = await app.ctx.db.select().from(loans).where(eq(loans.id, id));
    return row!;
  }

  async function receiptRow(transactionId: string) {
    const [row] = await app.ctx.db
      .select()
      .from(paybillReceipts)
      .where(eq(paybillReceipts.transactionId, transactionId));
    return row!;
  }

  async function paymentsOf(transactionId: string) {
    return app.ctx.db
      .select()
      .from(payments)
      .where(eq(payments.providerReference, `paybill:${transactionId}`));
  }

  return { ...loanApp, paybill, activeLoan, loanRow, receiptRow, paymentsOf };
}
