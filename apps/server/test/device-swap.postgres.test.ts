import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices, loans } from '#src/db/schema/loans.ts';
import { loanTestApp } from '#src/features/loans/loan-test-setup.ts';
import { applyFor, creditCustomer, deliver, importDevices, systemOnCredit } from './loan-helpers.ts';
import type { TestContext } from './test-app.ts';

// Real concurrency: two loans of one product swap at once on a PostgreSQL server's pool, with one
// replacement unit in stock.
const { app } = loanTestApp();
let ctx: TestContext;
let admin: typeof app.admin;
beforeAll(() => {
  ({ ctx, admin } = app);
});

describe('two swaps at once for the last unit in stock', () => {
  it('gives the unit to one loan and refuses the other, which keeps its unit', async () => {
    const { product, plan } = await systemOnCredit(ctx, admin.api);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const customer = await creditCustomer(ctx, { wallet: 1_200_000 });
      const id = (await applyFor(customer, product.id, plan.id)).body.loans[0].id as string;
      await importDevices(ctx, admin.api, product.sku);
      const [row] = await ctx.db.select().from(loans).where(eq(loans.id, id));
      expect((await deliver(admin.api, row!.orderId)).status).toBe(200);
      ids.push(id);
    }
    const [spare] = await importDevices(ctx, admin.api, product.sku);
    const answers = await Promise.all(
      ids.map((id) => admin.api.post(`/api/admin/loans/${id}/swap`, { reason: 'fault' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body.error.code).toBe('no_device_in_stock');
    const [unit] = await ctx.db.select().from(devices).where(eq(devices.serialNumber, spare!));
    expect(unit!.status).toBe('assigned');
    const holders = await ctx.db.select().from(loans).where(eq(loans.deviceId, unit!.id));
    expect(holders).toHaveLength(1);
  });
});
