import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { loanPlans, loans, products, type NewProductRow, type ProductRow } from '#src/db/schema/index.ts';
import { slugify } from '@ecogrid/core/slug';

/** One set of factories for the demo seed and the tests. */
export function buildProduct(overrides: Partial<NewProductRow> = {}): NewProductRow {
  const unique = randomUUID().slice(0, 8);
  const name = overrides.name ?? `Test Lantern ${unique}`;
  return {
    sku: `TST-${unique.toUpperCase()}`,
    name,
    slug: `${slugify(name)}-${unique}`,
    description: 'A solar lantern made for tests.',
    category: 'solar-lanterns',
    brand: 'Test Brand',
    price: 50_000,
    images: [],
    specs: { panelWatts: 1, batteryWh: 4, lights: 1, appliancesIncluded: [], warrantyMonths: 12 },
    stock: 10,
    active: true,
    loanEligible: false,
    ...overrides,
  };
}

export async function insertProduct(db: Database, overrides: Partial<NewProductRow> = {}): Promise<ProductRow> {
  const [row] = await db.insert(products).values(buildProduct(overrides)).returning();
  if (!row) throw new Error('insert returned no row');
  await placeAtMainWarehouse(db);
  return row;
}

/**
 * Puts the units of products no location holds yet (their stock and reserved) at the main
 * warehouse, as migration 0042 did for the products before it (decision 024's invariant).
 */
export async function placeAtMainWarehouse(db: Database): Promise<void> {
  await db.execute(sql`
    insert into stock_levels (location_id, product_id, quantity)
    select l.id, p.id, p.stock + p.reserved from products p, stock_locations l
    where l.is_main and p.stock + p.reserved > 0
      and not exists (select 1 from stock_levels s where s.product_id = p.id)`);
}

/**
 * A loan of 60,000 on credit (20,000 deposit, four monthly instalments of 10,000) for a product
 * of its own, as the loans feature stores one: cancelled unless `changes` says otherwise.
 */
export async function insertLoan(db: Database, userId: string, changes: Partial<typeof loans.$inferInsert> = {}) {
  const product = await insertProduct(db, { loanEligible: true });
  const [plan] = await db
    .insert(loanPlans)
    .values({
      productId: product.id,
      name: 'Monthly',
      depositBp: 2500,
      instalments: 4,
      frequency: 'monthly',
      markupBp: 2000,
    })
    .returning();
  const [loan] = await db
    .insert(loans)
    .values({
      userId,
      productId: product.id,
      planId: plan!.id,
      planName: plan!.name,
      productName: product.name,
      orderId: randomUUID(),
      status: 'cancelled',
      cashPrice: 50_000,
      creditPrice: 60_000,
      deposit: 20_000,
      instalment: 10_000,
      lastInstalment: 10_000,
      instalments: 4,
      frequency: 'monthly',
      markupBp: 2000,
      depositBp: 2500,
      fulfilment: { fulfilment: 'delivery', district: 'Kampala', subCounty: 'Central', village: 'Zone A' },
      idempotencyKey: `rules:${randomUUID()}`,
      ...changes,
    })
    .returning();
  return loan!;
}
