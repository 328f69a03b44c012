import { addMonths, kampalaDate } from '@ecogrid/core/credit';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices, loans } from '#src/db/schema/loans.ts';
import { applyFor, creditCustomer, deliver, importDevices, systemOnCredit } from '../../../test/loan-helpers.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { loanTestApp } from './loan-test-setup.ts';

const { app } = loanTestApp();
let ctx: TestContext;
let admin: typeof app.admin;
beforeAll(() => {
  ({ ctx, admin } = app);
});

describe('warranty', () => {
  it("starts at delivery for the product's warranty months, and shows on the device and both loan pages", async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const customer = await creditCustomer(ctx, { wallet: 1_000_000 });
    const id = (await applyFor(customer, product.id, plan.id)).body.loans[0].id;
    const [serial] = await importDevices(ctx, admin.api, product.sku);
    const [row] = await ctx.db.select().from(loans).where(eq(loans.id, id));
    expect((await customer.api.get(`/api/loans/${id}`)).body.warrantyUntil).toBeNull();

    expect((await deliver(admin.api, row!.orderId)).status).toBe(200);
    const until = addMonths(kampalaDate(new Date()), product.specs.warrantyMonths);
    const [device] = await ctx.db.select().from(devices).where(eq(devices.serialNumber, serial!));
    expect(device!.deliveredAt).toBeInstanceOf(Date);
    expect(device!.warrantyUntil).toBe(until);
    expect((await customer.api.get(`/api/loans/${id}`)).body.warrantyUntil).toBe(until);
    expect((await admin.api.get(`/api/admin/loans/${id}`)).body.warrantyUntil).toBe(until);
    const listed = await admin.api.get(`/api/admin/devices?serial=${serial}`);
    expect(listed.body.items[0]).toMatchObject({ serialNumber: serial, warrantyUntil: until });
    expect(listed.body.items[0].deliveredAt).toBe(device!.deliveredAt!.toISOString());
  });
});
