import { addDays, daysBetween, kampalaDate } from '@ecogrid/core/credit';
import { decodeToken } from '@ecogrid/core/openpaygo';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices, loans } from '#src/db/schema/loans.ts';
import { accountBalances, HOUSE_ACCOUNTS } from '#src/features/wallet/ledger.service.ts';
import {
  applyFor,
  creditCustomer,
  deliver,
  importDevices,
  importVectorDevice,
  systemOnCredit,
  VECTOR_DEVICE,
} from '../../../test/loan-helpers.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { loanTestApp } from './loan-test-setup.ts';

const { app, smsTo } = loanTestApp();
let ctx: TestContext;
let admin: typeof app.admin;
beforeAll(() => {
  ({ ctx, admin } = app);
});

const rowsOf = async (query: ReturnType<typeof sql>) =>
  ((await ctx.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** A customer's running loan with its unit delivered, and the loan's row. */
async function deliveredLoan(wallet = 1_200_000) {
  const { product, plan } = await systemOnCredit(ctx, admin.api);
  const customer = await creditCustomer(ctx, { wallet });
  const id = (await applyFor(customer, product.id, plan.id)).body.loans[0].id as string;
  const [oldSerial] = await importDevices(ctx, admin.api, product.sku);
  const [row] = await ctx.db.select().from(loans).where(eq(loans.id, id));
  expect((await deliver(admin.api, row!.orderId, oldSerial)).status).toBe(200);
  const [loan] = await ctx.db.select().from(loans).where(eq(loans.id, id));
  return { product, customer, id, oldSerial: oldSerial!, loan: loan! };
}

describe('swapping the unit of a loan', () => {
  it('moves a loan to a new unit that accepts a SET_TIME token for the days paid for, free under warranty', async () => {
    const { product, customer, id, oldSerial, loan } = await deliveredLoan();
    const newSerial = await importVectorDevice(ctx, admin.api, product.sku);
    // The deposit paid for the days up to the first instalment, counted from the start.
    const daysLeft = daysBetween(kampalaDate(new Date()), addDays(loan.startDate!, loan.daysBought));
    expect(daysLeft).toBeGreaterThan(0);

    const preview = await admin.api.post(`/api/admin/loans/${id}/swap/preview`, { reason: 'fault' });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      oldSerial,
      newSerial,
      underWarranty: true,
      charge: 0,
      token: 'SET_TIME',
      daysCarried: daysLeft,
    });
    expect((await ctx.db.select().from(devices).where(eq(devices.serialNumber, newSerial)))[0]!.status).toBe(
      'in_stock',
    );

    const swapped = await admin.api.post(`/api/admin/loans/${id}/swap`, { reason: 'fault', note: 'Battery fails' });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    expect(swapped.body.loan.deviceSerial).toBe(newSerial);
    const [old] = await ctx.db.select().from(devices).where(eq(devices.serialNumber, oldSerial));
    const [fresh] = await ctx.db.select().from(devices).where(eq(devices.serialNumber, newSerial));
    expect(old!.status).toBe('returned');
    expect(fresh!.status).toBe('assigned');
    expect(fresh!.warrantyUntil).not.toBeNull();

    const token = swapped.body.loan.tokens[0];
    expect(token).toMatchObject({ type: 'SET_TIME', days: daysLeft });
    expect(decodeToken({ ...VECTOR_DEVICE, lastCount: 1, token: token.token })).toEqual({
      type: 'SET_TIME',
      count: token.count,
      value: daysLeft,
    });
    expect((await smsTo(customer.e164)).at(-1)).toContain(token.token.replace(/(\d{3})(?=\d)/g, '$1 '));
    const [swap] = await rowsOf(
      sql`select reason, under_warranty, days_carried, old_device_id from device_swaps where loan_id = ${id}`,
    );
    expect(swap).toEqual({ reason: 'fault', under_warranty: true, days_carried: daysLeft, old_device_id: old!.id });
    const [change] = await rowsOf(sql`select kind, before, after from loan_schedule_changes where loan_id = ${id}`);
    expect(change!.kind).toBe('device_swap');
    expect(change!.after).toEqual(change!.before);

    // A later repayment's token is the new unit's, and it takes it.
    const repaid = await customer.api.post(`/api/loans/${id}/repayments`, {
      amount: 100_000,
      payment: { method: 'wallet' },
    });
    expect(repaid.status, JSON.stringify(repaid.body)).toBe(200);
    const next = repaid.body.loan.tokens[0];
    expect(next.type).toBe('ADD_TIME');
    expect(decodeToken({ ...VECTOR_DEVICE, lastCount: token.count, token: next.token })).toEqual({
      type: 'ADD_TIME',
      count: next.count,
      value: next.days,
    });
  });

  it('swaps a faulty unit under warranty without charge, whatever charge is asked, and quotes one otherwise', async () => {
    const { product, id } = await deliveredLoan();
    await importDevices(ctx, admin.api, product.sku);
    const quoted = (reason: string) =>
      admin.api.post(`/api/admin/loans/${id}/swap/preview`, { reason, charge: 50_000 });
    expect((await quoted('fault')).body).toMatchObject({ underWarranty: true, charge: 0 });
    // Under warranty but not for a fault: the charge stands.
    expect((await quoted('upgrade')).body).toMatchObject({ underWarranty: true, charge: 50_000 });

    const fees = async () => (await accountBalances(ctx.db, [HOUSE_ACCOUNTS.loanFees])).get(HOUSE_ACCOUNTS.loanFees)!;
    const before = await fees();
    const swapped = await admin.api.post(`/api/admin/loans/${id}/swap`, { reason: 'fault', charge: 50_000 });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    expect(swapped.body.swap).toMatchObject({ charge: 0 });
    const [after] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    expect(after!.fees).toBe(0);
    expect(await fees()).toBe(before);
    const [change] = await rowsOf(sql`select fee::int as fee from loan_schedule_changes where loan_id = ${id}`);
    expect(change).toEqual({ fee: 0 });
  });

  it('tells a customer who reads Luganda of the new unit and its token in Luganda', async () => {
    const { product, customer, id, oldSerial } = await deliveredLoan();
    await importDevices(ctx, admin.api, product.sku);
    expect((await customer.api.patch('/api/me', { preferredLanguage: 'luganda' })).status).toBe(200);
    const swapped = await admin.api.post(`/api/admin/loans/${id}/swap`, { reason: 'fault' });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    const fresh = swapped.body.loan.deviceSerial as string;
    expect((await smsTo(customer.e164)).at(-1)).toMatch(
      new RegExp(
        `^EcoGrid: Ekyuma kyo kikyusiddwa\\. Ekyuma ky'ebbanja LN-\\d+ kikyusiddwa: ${fresh} kidda mu kifo kya ${oldSerial}\\. ` +
          'Yingiza [\\d ]+ ku kyuma ekippya okifune okukozesa (olunaku|ennaku) \\d+\\.$',
      ),
    );
  });

  it('charges a swap out of warranty only once the admin confirms the quoted charge, collected with repayments', async () => {
    const { product, customer, id, oldSerial } = await deliveredLoan(3_000_000);
    const yesterday = addDays(kampalaDate(new Date()), -1);
    await ctx.db.update(devices).set({ warrantyUntil: yesterday }).where(eq(devices.serialNumber, oldSerial));
    await importDevices(ctx, admin.api, product.sku);

    const preview = await admin.api.post(`/api/admin/loans/${id}/swap/preview`, { reason: 'fault', charge: 50_000 });
    expect(preview.body).toMatchObject({ underWarranty: false, charge: 50_000, warrantyUntil: yesterday });
    const unconfirmed = await admin.api.post(`/api/admin/loans/${id}/swap`, { reason: 'fault', charge: 50_000 });
    expect([unconfirmed.status, unconfirmed.body.error.code]).toEqual([409, 'swap_charge_unconfirmed']);
    expect(unconfirmed.body.error.message).toContain('out of warranty');

    const swapped = await admin.api.post(`/api/admin/loans/${id}/swap`, {
      reason: 'fault',
      charge: 50_000,
      confirmCharge: true,
    });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    expect(swapped.body.swap.owedAfter).toBe(preview.body.owedAfter);
    const [after] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    expect(after!.fees).toBe(50_000);
    // The charge is a fee on the next instalment: paying everything owed completes the loan.
    const owed = after!.creditPrice + after!.fees - after!.paid - after!.forgiven;
    const repaid = await customer.api.post(`/api/loans/${id}/repayments`, {
      amount: owed,
      payment: { method: 'wallet' },
    });
    expect(repaid.status, JSON.stringify(repaid.body)).toBe(200);
    expect(repaid.body.loan).toMatchObject({ status: 'completed', outstanding: 0 });
  });

  it('refuses a swap with no unit in stock, a bad reason, or a loan without a unit, and leaves the unit on the loan', async () => {
    const { id, loan } = await deliveredLoan();
    const none = await admin.api.post(`/api/admin/loans/${id}/swap`, { reason: 'fault' });
    expect([none.status, none.body.error.code]).toEqual([409, 'no_device_in_stock']);
    expect((await ctx.db.select().from(loans).where(eq(loans.id, id)))[0]!.deviceId).toBe(loan.deviceId);
    const bad = await admin.api.post(`/api/admin/loans/${id}/swap`, { reason: 'bored', charge: -1 });
    expect(bad.status).toBe(400);
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 1_200_000 });
    const waiting = (await applyFor(customer, product.id, plan.id)).body.loans[0].id;
    const early = await admin.api.post(`/api/admin/loans/${waiting}/swap/preview`, { reason: 'fault' });
    expect([early.status, early.body.error.code]).toEqual([409, 'loan_not_swappable']);
  });
});
