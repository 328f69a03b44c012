import type { Product, ProductList, ProductListQuery } from '@ecogrid/core';
import { and, asc, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { products, type ProductRow } from '#src/db/schema/catalog.ts';
import { notFound } from '#src/platform/errors.ts';
import { decodeCursor, encodeCursor } from './catalog.cursor.ts';

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    slug: row.slug,
    description: row.description,
    category: row.category as Product['category'],
    brand: row.brand,
    price: row.price,
    images: row.images,
    specs: row.specs,
    stock: row.stock,
    active: row.active,
    loanEligible: row.loanEligible,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Every word must appear in the name, brand, category or description. */
function searchCondition(q: string): SQL | undefined {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 8);
  const perWord = words.map((word) => {
    const pattern = `%${escapeLike(word)}%`;
    return or(
      ilike(products.name, pattern),
      ilike(products.brand, pattern),
      ilike(products.category, pattern),
      ilike(products.description, pattern),
    );
  });
  return perWord.length ? and(...perWord) : undefined;
}

const sortColumns = {
  newest: { column: products.createdAt, direction: 'desc' },
  price_asc: { column: products.price, direction: 'asc' },
  price_desc: { column: products.price, direction: 'desc' },
  name: { column: products.name, direction: 'asc' },
} as const;

/** Active products matching the filters, ordered, one page at a time (keyset pagination). */
export async function listProducts(db: Database, query: ProductListQuery): Promise<ProductList> {
  const { column, direction } = sortColumns[query.sort];
  const conditions: (SQL | undefined)[] = [eq(products.active, true)];
  if (query.q) conditions.push(searchCondition(query.q));
  if (query.category) conditions.push(eq(products.category, query.category));
  if (query.minPrice !== undefined) conditions.push(gte(products.price, query.minPrice));
  if (query.maxPrice !== undefined) conditions.push(lte(products.price, query.maxPrice));
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor, query.sort);
    const after = direction === 'asc' ? sql`>` : sql`<`;
    const value = query.sort === 'newest' ? sql`${cursor.value}::timestamptz` : sql`${cursor.value}`;
    conditions.push(sql`(${column}, ${products.id}) ${after} (${value}, ${cursor.id}::uuid)`);
  }
  const order = direction === 'asc' ? [asc(column), asc(products.id)] : [desc(column), desc(products.id)];
  const rows = await db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.limit + 1);

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({
          sort: query.sort,
          value: query.sort === 'newest' ? last.createdAt : sortValue(last, query.sort),
          id: last.id,
        })
      : null;
  return { items: page.map(toProduct), nextCursor };
}

function sortValue(row: ProductRow, sort: Exclude<ProductListQuery['sort'], 'newest'>): string | number {
  return sort === 'name' ? row.name : row.price;
}

export async function getProduct(db: Database, id: string): Promise<Product> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.active, true)));
  if (!row) throw notFound('Product not found. It may have been removed from the catalogue.');
  return toProduct(row);
}
