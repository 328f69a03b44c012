import { randomBytes, randomInt } from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import { deviceKeyBox } from '../../platform/secret-box.ts';
import type { Database } from '../client.ts';
import { devices, loanPlans, products } from '../schema/index.ts';

/** The demo plans every product sold on credit is offered on. */
const DEMO_PLANS = [
  { name: '12 months', depositBp: 2_000, instalments: 12, frequency: 'monthly', markupBp: 2_500 },
  { name: '52 weeks', depositBp: 1_500, instalments: 52, frequency: 'weekly', markupBp: 3_000 },
  { name: '90 days', depositBp: 1_000, instalments: 90, frequency: 'daily', markupBp: 2_000 },
] as const;

/** Demo pay-as-you-go devices in stock, for orders on credit to be delivered with. */
const DEMO_DEVICES = 40;

/**
 * Loads the demo credit plans and devices into a database that has none (safe on every start).
 * The devices' keys are random and sealed with this app's secret, as an import would seal them.
 */
export async function seedDemoCredit(db: Database, appSecret: string): Promise<{ plans: number; devices: number }> {
  const result = { plans: 0, devices: 0 };
  const [plans] = await db.select({ n: count() }).from(loanPlans);
  if ((plans?.n ?? 0) === 0) {
    const onCredit = await db.select({ id: products.id }).from(products).where(eq(products.loanEligible, true));
    const rows = onCredit.flatMap((p) => DEMO_PLANS.map((plan) => ({ ...plan, productId: p.id })));
    if (rows.length) await db.insert(loanPlans).values(rows);
    result.plans = rows.length;
  }
  const [known] = await db.select({ n: count() }).from(devices);
  const onCredit = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.loanEligible, true))
    .orderBy(asc(products.sku));
  if ((known?.n ?? 0) === 0 && onCredit.length > 0) {
    const box = deviceKeyBox(appSecret);
    // Shared out in turn among the products sold on credit, by SKU (migration 0016 does the same
    // for demo units loaded before devices had a product).
    await db.insert(devices).values(
      Array.from({ length: DEMO_DEVICES }, (_, i) => ({
        serialNumber: `DEMO${String(i + 1).padStart(6, '0')}`,
        productId: onCredit[i % onCredit.length]!.id,
        startingCode: randomInt(1, 999_999_999),
        secretKeyEncrypted: box.seal(randomBytes(16).toString('hex')),
      })),
    );
    result.devices = DEMO_DEVICES;
  }
  return result;
}
