import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  applyFor,
  creditCustomer,
  deliver,
  importDevices,
  importVectorDevice,
  systemOnCredit,
} from '../../../test/loan-helpers.ts';
import { appWithAdmin } from '../../../test/catalog-admin.ts';
import { FAULT, noticesOf, opened, textsTo } from './ticket-test-setup.ts';

const app = appWithAdmin();

/** A customer's running loan with its unit delivered, and a spare unit of the product in stock. */
async function deliveredLoan() {
  const { ctx, admin } = app;
  const { product, plan } = await systemOnCredit(ctx, admin.api);
  const customer = await creditCustomer(ctx, { wallet: 1_200_000 });
  const loanId = (await applyFor(customer, product.id, plan.id)).body.loans[0].id as string;
  const [serial] = await importDevices(ctx, admin.api, product.sku);
  const [row] = (
    (await ctx.db.execute(sql`select order_id from loans where id = ${loanId}`)) as unknown as {
      rows: { order_id: string }[];
    }
  ).rows;
  expect((await deliver(admin.api, row!.order_id, serial)).status).toBe(200);
  const spare = await importVectorDevice(ctx, admin.api, product.sku);
  return { customer, loanId, serial: serial!, spare };
}

const resolve = (id: string, body: Record<string, unknown>) =>
  app.admin.api.post(`/api/admin/support/tickets/${id}/resolution`, body);

describe('device faults and the warranty', () => {
  it('swaps a faulty unit under warranty free of charge and records the new serial', async () => {
    const { customer, loanId, serial, spare } = await deliveredLoan();
    const ticket = await opened(customer.api, { ...FAULT, loanId });
    const owedBefore = (await customer.api.get(`/api/loans/${loanId}`)).body.outstanding;
    const read = await app.admin.api.get(`/api/admin/support/tickets/${ticket.id}`);
    expect(read.body.warranty).toMatchObject({ deviceSerial: serial, underWarranty: true });
    expect(read.body.about).toMatchObject({ type: 'loan', id: loanId, deviceSerial: serial });

    const swapped = await resolve(ticket.id, { outcome: 'swap', body: 'We replaced your unit.', newSerial: spare });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    expect(swapped.body).toMatchObject({ status: 'resolved', outcome: 'swap', swapSerial: spare });
    const loanView = await customer.api.get(`/api/loans/${loanId}`);
    expect(loanView.body.outstanding).toBe(owedBefore);
    expect(loanView.body.deviceSerial).toBe(spare);
    expect(loanView.body.tokens[0]).toMatchObject({ type: 'SET_TIME' });
    const notices = await noticesOf(app.ctx, customer.id);
    expect(notices.at(-1)!.message).toContain(spare);
    expect((await textsTo(app.ctx, customer.id)).at(-1)).toContain(
      loanView.body.tokens[0].token.replace(/(\d{3})(?=\d)/g, '$1 '),
    );
  });

  it('quotes a fault out of warranty instead of swapping it free', async () => {
    const { customer, loanId, spare } = await deliveredLoan();
    await app.ctx.db.execute(
      sql`update devices set warranty_until = current_date - 1 where id = (select device_id from loans where id = ${loanId})`,
    );
    const ticket = await opened(customer.api, { ...FAULT, loanId });
    const read = await app.admin.api.get(`/api/admin/support/tickets/${ticket.id}`);
    expect(read.body.warranty).toMatchObject({ underWarranty: false });
    const swap = await resolve(ticket.id, { outcome: 'swap', body: 'Replaced.', newSerial: spare });
    expect(swap.status).toBe(422);
    expect(swap.body.error.code).toBe('outcome_not_allowed');

    const quoted = await resolve(ticket.id, { outcome: 'quote', body: 'A new battery costs this.', amount: 85_000 });
    expect(quoted.body).toMatchObject({ status: 'resolved', outcome: 'quote', quoteAmount: 85_000 });
    expect((await noticesOf(app.ctx, customer.id)).at(-1)!.message).toContain('85,000');
  });

  it('texts the customer when support asks them for information', async () => {
    const { customer, loanId } = await deliveredLoan();
    const ticket = await opened(customer.api, { ...FAULT, loanId });
    const before = (await textsTo(app.ctx, customer.id)).length;
    await app.admin.api.post(`/api/admin/support/tickets/${ticket.id}/messages`, {
      kind: 'info_request',
      body: 'Send a photo of the battery light, please.',
    });
    await app.admin.api.post(`/api/admin/support/tickets/${ticket.id}/messages`, { kind: 'reply', body: 'Thanks' });
    const texts = await textsTo(app.ctx, customer.id);
    expect(texts).toHaveLength(before + 1);
    expect(texts.at(-1)).toContain(ticket.number);
  });
});
