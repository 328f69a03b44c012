import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { products, type NewProductRow, type ProductRow } from '#src/db/schema/index.ts';
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
