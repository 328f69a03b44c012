import { addDays, depositDays } from '@ecogrid/core/credit';
import { decodeToken } from '@ecogrid/core/openpaygo';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices, loans } from '#src/db/schema/loans.ts';
import {
  applyFor,
  creditCustomer,
  deliver,
  importDevices,
  importVectorDevice,
  systemOnCredit,
  VECTOR_DEVICE,
} from '../../../test/loan-helpers.ts';
import { TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';
import { loanTestApp } from './loan-test-setup.ts';

const { app } = loanTestApp();
let ctx: TestContext;
let admin: typeof app.admin;
beforeAll(() => {
  ({ ctx, admin } = app);
});

describe('the activation token', () => {
  it("carries the deposit's days, to the first due date, as the official vectors decode it", async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 1_200_000 });
    const id = (await applyFor(customer, product.id, plan.id)).body.loans[0].id;
    const [row] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    const serial = await importVectorDevice(ctx, admin.api, product.sku);
    expect((await deliver(admin.api, row!.orderId, serial)).status).toBe(200);

    const loan = (await customer.api.get(`/api/loans/${id}`)).body;
    const days = depositDays(loan.frequency, loan.startDate);
    // A monthly plan: the days of the month the loan started in, not one.
    expect(days).toBeGreaterThanOrEqual(28);
    expect(loan.depositDays).toBe(days);
    expect(loan.schedule[0].dueDate).toBe(addDays(loan.startDate, days));
    const [token] = loan.tokens;
    expect(token).toMatchObject({ type: 'ADD_TIME', days });
    expect(decodeToken({ ...VECTOR_DEVICE, lastCount: 1, token: token.token })).toEqual({
      type: 'ADD_TIME',
      count: token.count,
      value: days,
    });
  });
});

describe('repaying a loan', () => {
  it("keeps a token within what one can carry at the device's time divider, and takes repayments for a device unlocked by hand", async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 1_200_000 });
    const id = (await applyFor(customer, product.id, plan.id)).body.loans[0].id;
    const [row] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    await importDevices(ctx, admin.api, product.sku);
    expect((await deliver(admin.api, row!.orderId)).status).toBe(200);
    const [assigned] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    // Counted in hours: one standard token carries at most 995 hours, 41 whole days.
    await ctx.db.update(devices).set({ timeDivider: 24 }).where(eq(devices.id, assigned!.deviceId!));

    const repaid = await customer.api.post(`/api/loans/${id}/repayments`, {
      amount: 450_000,
      payment: { method: 'wallet' },
    });
    expect(repaid.status, JSON.stringify(repaid.body)).toBe(200);
    const [after] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    expect(after!.daysBought - after!.daysIssued).toBeGreaterThan(0);
    expect(repaid.body.loan.tokens[0]).toMatchObject({ type: 'ADD_TIME', days: 41 });

    const unlock = await ctx.request(`/api/admin/devices/${assigned!.deviceId}/tokens`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: TEST_ORIGIN,
        cookie: admin.api.cookie!,
        'idempotency-key': `unlock-${id}`,
      },
      body: JSON.stringify({ type: 'DISABLE_PAYG', reason: 'Unlocked at the shop' }),
    });
    expect(unlock.status).toBe(201);
    const tokens = repaid.body.loan.tokens.length;
    const more = await customer.api.post(`/api/loans/${id}/repayments`, {
      amount: 100_000,
      payment: { method: 'wallet' },
    });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    expect(more.body.loan.paid).toBe(850_000);
    expect(more.body.loan.tokens).toHaveLength(tokens);
  });

  it("gives a loan only a device of the product bought, never another product's unit or serial", async () => {
    // Two products sold on credit: a lantern loan must not get the solar home system's unit.
    const lantern = await systemOnCredit(ctx, admin.api);
    const system = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 1_000_000 });
    const id = (await applyFor(customer, lantern.product.id, lantern.plan.id)).body.loans[0].id;
    const [row] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    const [systemSerial] = await importDevices(ctx, admin.api, system.product.sku);

    // Only the other product's unit is in stock: the delivery is refused and changes nothing.
    const none = await deliver(admin.api, row!.orderId);
    expect([none.status, none.body.error.code]).toEqual([409, 'no_device_in_stock']);
    expect(none.body.error.message).toContain(lantern.product.name);
    expect((await admin.api.get(`/api/admin/orders/${row!.orderId}`)).body.status).toBe('shipped');
    // Its serial typed by hand is refused too, with the reason.
    const typed = await admin.api.post(`/api/admin/orders/${row!.orderId}/status`, {
      status: 'delivered',
      deviceSerial: systemSerial,
    });
    expect([typed.status, typed.body.error.code]).toEqual([422, 'device_wrong_product']);
    expect(typed.body.error.message).toContain(`is not a ${lantern.product.name}`);
    expect((await ctx.db.select().from(loans).where(eq(loans.id, id)))[0]!.deviceId).toBeNull();

    const [lanternSerial] = await importDevices(ctx, admin.api, lantern.product.sku);
    const delivered = await admin.api.post(`/api/admin/orders/${row!.orderId}/status`, { status: 'delivered' });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    expect((await customer.api.get(`/api/loans/${id}`)).body.deviceSerial).toBe(lanternSerial);
    const [other] = await ctx.db.select().from(devices).where(eq(devices.serialNumber, systemSerial!));
    expect(other).toMatchObject({ status: 'in_stock', tokenCount: 1 });
  });

  it('gives the loan the device whose serial number the admin hands over, if it is in stock', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 1_000_000 });
    const first = (await applyFor(customer, product.id, plan.id)).body.loans[0].id;
    const second = (await applyFor(customer, product.id, plan.id)).body.loans[0].id;
    const orderOf = async (id: string) => (await ctx.db.select().from(loans).where(eq(loans.id, id)))[0]!.orderId;
    const [older, chosen] = await importDevices(ctx, admin.api, product.sku, 2);

    const unknown = await deliver(admin.api, await orderOf(first), 'NO-SUCH-SERIAL');
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe('no_such_device');
    expect((await admin.api.get(`/api/admin/orders/${await orderOf(first)}`)).body.status).toBe('shipped');

    const handed = await admin.api.post(`/api/admin/orders/${await orderOf(first)}/status`, {
      status: 'delivered',
      // Typed as the admin reads it off the label, in small letters.
      deviceSerial: chosen!.toLowerCase(),
    });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    expect((await customer.api.get(`/api/loans/${first}`)).body.deviceSerial).toBe(chosen);

    // The same unit cannot go to a second loan; the older one in stock can.
    const twice = await deliver(admin.api, await orderOf(second), chosen);
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('device_not_in_stock');
    expect((await admin.api.get(`/api/admin/orders/${await orderOf(second)}`)).body.status).toBe('shipped');
    expect(
      (
        await admin.api.post(`/api/admin/orders/${await orderOf(second)}/status`, {
          status: 'delivered',
          deviceSerial: older,
        })
      ).status,
    ).toBe(200);
    expect((await customer.api.get(`/api/loans/${second}`)).body.deviceSerial).toBe(older);

    // A serial number goes with delivering only (a cash order's delivery: see the orders tests).
    const withOtherMove = await admin.api.post(`/api/admin/orders/${await orderOf(second)}/status`, {
      status: 'completed',
      deviceSerial: older,
    });
    expect([withOtherMove.status, withOtherMove.body.error.code]).toEqual([422, 'device_not_expected']);
  });
});
