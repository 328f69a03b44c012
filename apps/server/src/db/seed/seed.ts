import { count } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { pickupPoints, products } from '../schema/index.ts';
import { buildProduct, placeAtMainWarehouse } from '../../../test/factories.ts';
import { demoProducts } from './demo-products.ts';
import { slugify } from '@ecogrid/core/slug';
import { demoImagePaths } from './slug.ts';

/**
 * Loads the demo catalogue into an empty database. Safe to call on every start: it does
 * nothing once any product exists, so an admin's own catalogue is never overwritten.
 */
/** Solar equipment is VAT exempt in Uganda; the rest of the demo catalogue carries the standard 18%. */
const EXEMPT_CATEGORIES = new Set(['solar-lanterns', 'solar-home-systems', 'tv-kits', 'fridges', 'water-pumps']);

/** Demo pickup points, one per region's main town. */
const DEMO_PICKUP_POINTS = [
  { name: 'EcoGrid Kampala shop', district: 'Kampala', address: 'Plot 14, Luwum Street', phone: '+256414000101' },
  { name: 'EcoGrid Gulu shop', district: 'Gulu', address: 'Plot 3, Awich Road', phone: '+256471000102' },
  { name: 'EcoGrid Mbarara shop', district: 'Mbarara', address: 'Plot 27, High Street', phone: '+256485000103' },
];

export async function seedDemoData(db: Database): Promise<{ products: number }> {
  const [points] = await db.select({ n: count() }).from(pickupPoints);
  if ((points?.n ?? 0) === 0) await db.insert(pickupPoints).values(DEMO_PICKUP_POINTS);
  const [existing] = await db.select({ n: count() }).from(products);
  if ((existing?.n ?? 0) > 0) return { products: 0 };
  // Spread creation times a minute apart so 'newest first' has a stable, meaningful order.
  const start = Date.parse('2026-01-05T08:00:00Z');
  const rows = demoProducts.map((p, i) => {
    const slug = slugify(p.name);
    return buildProduct({
      ...p,
      slug,
      images: demoImagePaths(slug),
      taxClass: EXEMPT_CATEGORIES.has(p.category) ? 'exempt' : 'standard',
      createdAt: new Date(start + i * 60_000).toISOString(),
      updatedAt: new Date(start + i * 60_000).toISOString(),
    });
  });
  await db.insert(products).values(rows).onConflictDoNothing();
  await placeAtMainWarehouse(db);
  return { products: rows.length };
}
