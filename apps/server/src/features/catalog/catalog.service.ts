import type { Category, Product, ProductList, ProductListQuery } from '@ecogrid/core';
import { and, asc, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { categories, products, type ProductRow } from '#src/db/schema/catalog.ts';
import { notFound } from '#src/platform/errors.ts';
import { decodeCursor, encodeCursor } from './catalog.cursor.ts';
import { containsPattern } from '#src/platform/sql-text.ts';

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    slug: row.slug,
    description: row.description,
    category: row.category,
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

const sortColumns = {
  newest: { column: products.createdAt, direction: 'desc' },
  price_asc: { column: products.price, direction: 'asc' },
  price_desc: { column: products.price, direction: 'desc' },
  name: { column: products.name, direction: 'asc' },
} as const;

/** Which filters a list request uses: requests of one shape share one prepared statement. */
type Shape = {
  words: number;
  category: boolean;
  minPrice: boolean;
  maxPrice: boolean;
  cursor: boolean;
  sort: ProductListQuery['sort'];
};

const MAX_SEARCH_WORDS = 8;

/** Every word must appear in the name, brand, category or description. */
function wordCondition(index: number): SQL | undefined {
  const pattern = sql.placeholder(`w${index}`);
  return or(
    ilike(products.name, pattern),
    ilike(products.brand, pattern),
    ilike(products.category, pattern),
    ilike(products.description, pattern),
  );
}

function buildListStatement(db: Database, shape: Shape, name: string) {
  const { column, direction } = sortColumns[shape.sort];
  const conditions: (SQL | undefined)[] = [eq(products.active, true)];
  for (let i = 0; i < shape.words; i++) conditions.push(wordCondition(i));
  if (shape.category) conditions.push(eq(products.category, sql.placeholder('category')));
  if (shape.minPrice) conditions.push(gte(products.price, sql.placeholder('minPrice')));
  if (shape.maxPrice) conditions.push(lte(products.price, sql.placeholder('maxPrice')));
  if (shape.cursor) {
    const after = direction === 'asc' ? sql`>` : sql`<`;
    const value =
      shape.sort === 'newest'
        ? sql`${sql.placeholder('cursorValue')}::timestamptz`
        : shape.sort === 'name'
          ? sql`${sql.placeholder('cursorValue')}::text`
          : sql`${sql.placeholder('cursorValue')}::bigint`;
    conditions.push(sql`(${column}, ${products.id}) ${after} (${value}, ${sql.placeholder('cursorId')}::uuid)`);
  }
  const order = direction === 'asc' ? [asc(column), asc(products.id)] : [desc(column), desc(products.id)];
  return db
    .select()
    .from(products)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .prepare(name);
}

type ListStatement = ReturnType<typeof buildListStatement>;

// Building a query costs more than running it on a small table, so each shape is built once
// per database and prepared (on PostgreSQL, the plan is kept per connection too).
const statements = new WeakMap<Database, Map<string, ListStatement>>();

function listStatement(db: Database, shape: Shape): ListStatement {
  let forDb = statements.get(db);
  if (!forDb) statements.set(db, (forDb = new Map()));
  const key = `catalog_list_${shape.sort}_${shape.words}${+shape.category}${+shape.minPrice}${+shape.maxPrice}${+shape.cursor}`;
  let statement = forDb.get(key);
  if (!statement) forDb.set(key, (statement = buildListStatement(db, shape, key)));
  return statement;
}

/** Active products matching the filters, ordered, one page at a time (keyset pagination). */
export async function listProducts(db: Database, query: ProductListQuery): Promise<ProductList> {
  const words = query.q ? query.q.split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS) : [];
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : undefined;
  const shape: Shape = {
    words: words.length,
    category: query.category !== undefined,
    minPrice: query.minPrice !== undefined,
    maxPrice: query.maxPrice !== undefined,
    cursor: cursor !== undefined,
    sort: query.sort,
  };
  const values: Record<string, unknown> = { limit: query.limit + 1 };
  words.forEach((word, i) => (values[`w${i}`] = containsPattern(word)));
  if (shape.category) values.category = query.category;
  if (shape.minPrice) values.minPrice = query.minPrice;
  if (shape.maxPrice) values.maxPrice = query.maxPrice;
  if (cursor) Object.assign(values, { cursorValue: cursor.value, cursorId: cursor.id });
  const rows = await listStatement(db, shape).execute(values);

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

/** The active categories in the admins' order, each with its number of active products. */
export async function listCategories(db: Database): Promise<Category[]> {
  return db
    .select({
      slug: categories.slug,
      name: categories.name,
      position: categories.position,
      productCount: sql<number>`count(${products.id})::int`,
    })
    .from(categories)
    .leftJoin(products, and(eq(products.category, categories.slug), eq(products.active, true)))
    .where(eq(categories.active, true))
    .groupBy(categories.slug)
    .orderBy(asc(categories.position), asc(categories.name));
}

/** Products by name (all of them, or these ids), for pickers that name what was sold. */
export async function productNames(db: Database, ids?: string[]): Promise<{ id: string; name: string }[]> {
  if (ids?.length === 0) return [];
  return db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(ids ? sql`${products.id}::text in (select unnest(${sql.param(ids)}::text[]))` : undefined)
    .orderBy(asc(products.name), asc(products.id));
}
