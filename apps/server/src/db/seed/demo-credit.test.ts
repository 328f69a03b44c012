import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { devices, loanPlans, products } from '../schema/index.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { seedDemoCredit } from './demo-credit.ts';
import { seedDemoData } from './seed.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('the demo credit plans and devices', () => {
  it('are loaded once: plans for every product sold on credit, devices with sealed keys', async () => {
    await seedDemoData(ctx.db);
    const first = await seedDemoCredit(ctx.db, ctx.settings.AUTH_SECRET);
    expect(first.plans).toBeGreaterThan(0);
    expect(first.devices).toBe(40);
    expect(await seedDemoCredit(ctx.db, ctx.settings.AUTH_SECRET)).toEqual({ plans: 0, devices: 0 });
    expect(await ctx.db.select().from(loanPlans)).toHaveLength(first.plans);
    const stock = await ctx.db.select().from(devices);
    expect(stock.every((d) => d.status === 'in_stock' && d.secretKeyEncrypted.startsWith('v1.'))).toBe(true);
    // Every demo unit is a product sold on credit, and every such product has units.
    const onCredit = await ctx.db.select({ id: products.id }).from(products).where(eq(products.loanEligible, true));
    expect(new Set(stock.map((d) => d.productId))).toEqual(new Set(onCredit.map((p) => p.id)));
  });
});
