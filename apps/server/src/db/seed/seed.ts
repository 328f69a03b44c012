import { count } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { products } from '../schema/index.ts';
import { buildProduct } from '../../../test/factories.ts';
import { demoProducts } from './demo-products.ts';
import { demoImagePaths, slugify } from './slug.ts';

/**
 * Loads the demo catalogue into an empty database. Safe to call on every start: it does
 * nothing once any product exists, so an admin's own catalogue is never overwritten.
 */
export async function seedDemoData(db: Database): Promise<{ products: number }> {
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
      createdAt: new Date(start + i * 60_000).toISOString(),
      updatedAt: new Date(start + i * 60_000).toISOString(),
    });
  });
  await db.insert(products).values(rows).onConflictDoNothing();
  return { products: rows.length };
}
