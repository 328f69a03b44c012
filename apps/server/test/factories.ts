import { randomUUID } from 'node:crypto';
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
  return row;
}
