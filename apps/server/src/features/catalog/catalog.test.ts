import type { Product, ProductList } from '@ecogrid/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products, stockLevels, stockLocationMoves, stockMovements } from '#src/db/schema/catalog.ts';
import { seedDemoData } from '#src/db/seed/seed.ts';
import { insertProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());
beforeEach(async () => {
  // A product's units at each place and their history go with it.
  await ctx.db.delete(stockLocationMoves);
  await ctx.db.delete(stockLevels);
  await ctx.db.delete(stockMovements);
  await ctx.db.delete(products);
});

async function list(query = ''): Promise<ProductList> {
  const response = await ctx.request(`/api/catalog/products${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ProductList;
}

async function errorOf(path: string) {
  const response = await ctx.request(path);
  return { status: response.status, body: (await response.json()) as { error: { code: string; message: string } } };
}

const names = (page: ProductList) => page.items.map((p) => p.name);

describe('GET /api/catalog/products', () => {
  it('lists active products newest first and leaves inactive ones out', async () => {
    await insertProduct(ctx.db, { name: 'Older Lantern', createdAt: '2026-01-01T00:00:00Z' });
    await insertProduct(ctx.db, { name: 'Newer Lantern', createdAt: '2026-02-01T00:00:00Z' });
    await insertProduct(ctx.db, { name: 'Hidden Lantern', active: false });
    const page = await list();
    expect(names(page)).toEqual(['Newer Lantern', 'Older Lantern']);
    expect(page.nextCursor).toBeNull();
  });

  it('returns whole-shilling prices and the product fields the screens need', async () => {
    await insertProduct(ctx.db, { name: 'Home 120', price: 1_250_000, loanEligible: true, images: ['/img/a.svg'] });
    const [product] = (await list()).items as [Product];
    expect(product).toMatchObject({ name: 'Home 120', price: 1_250_000, loanEligible: true, images: ['/img/a.svg'] });
    expect(product.specs).toHaveProperty('warrantyMonths');
  });

  it('narrows by search text: every word must match, in any field, ignoring case', async () => {
    await insertProduct(ctx.db, { name: 'Sun King Boom', description: 'Radio and lantern' });
    await insertProduct(ctx.db, { name: 'Sun King Pico', description: 'Small lantern' });
    await insertProduct(ctx.db, { name: 'Victron Inverter', brand: 'Victron', category: 'inverters' });
    expect(names(await list('?q=sun'))).toHaveLength(2);
    expect(names(await list('?q=KING%20radio'))).toEqual(['Sun King Boom']);
    expect(names(await list('?q=victron'))).toEqual(['Victron Inverter']);
    expect(names(await list('?q=fridge'))).toEqual([]);
  });

  it('treats % and _ in search text as plain characters', async () => {
    await insertProduct(ctx.db, { name: 'Lantern 100% bright' });
    await insertProduct(ctx.db, { name: 'Lantern dim' });
    expect(names(await list('?q=100%25'))).toEqual(['Lantern 100% bright']);
    expect(names(await list('?q=_'))).toEqual([]);
  });

  it('filters by category and by price range, bounds included', async () => {
    await insertProduct(ctx.db, { name: 'Cheap', price: 30_000 });
    await insertProduct(ctx.db, { name: 'Middle', price: 100_000 });
    await insertProduct(ctx.db, { name: 'Dear', price: 900_000, category: 'fridges' });
    expect(names(await list('?category=fridges'))).toEqual(['Dear']);
    expect(names(await list('?minPrice=30000&maxPrice=100000&sort=price_asc'))).toEqual(['Cheap', 'Middle']);
    expect(names(await list('?minPrice=100001'))).toEqual(['Dear']);
  });

  it('finds nothing in a category it does not know, rather than refusing it', async () => {
    await insertProduct(ctx.db, { name: 'Lantern' });
    expect(names(await list('?category=e-bikes'))).toEqual([]);
  });

  it('sorts by price both ways and by name', async () => {
    await insertProduct(ctx.db, { name: 'B', price: 200 });
    await insertProduct(ctx.db, { name: 'A', price: 300 });
    await insertProduct(ctx.db, { name: 'C', price: 100 });
    expect(names(await list('?sort=price_asc'))).toEqual(['C', 'B', 'A']);
    expect(names(await list('?sort=price_desc'))).toEqual(['A', 'B', 'C']);
    expect(names(await list('?sort=name'))).toEqual(['A', 'B', 'C']);
  });

  it.each(['newest', 'price_asc', 'price_desc', 'name'])(
    'pages through every product exactly once with the cursor (sort %s, with ties)',
    async (sort) => {
      for (let i = 0; i < 11; i++) {
        // Equal prices and equal times force the id tie-breaker to do its job.
        await insertProduct(ctx.db, { name: `P${i % 4}`, price: 1000 * (i % 3), createdAt: '2026-03-01T00:00:00Z' });
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: ProductList = await list(`?sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.items.map((p) => p.id));
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(4);
      expect(new Set(seen).size).toBe(11);
    },
  );

  it('refuses a cursor that is garbage or belongs to another sort', async () => {
    for (let i = 0; i < 3; i++) await insertProduct(ctx.db);
    const { nextCursor } = await list('?limit=1&sort=price_asc');
    expect(nextCursor).not.toBeNull();
    const wrongSort = await errorOf(`/api/catalog/products?limit=1&sort=name&cursor=${nextCursor}`);
    expect(wrongSort.status).toBe(400);
    expect(wrongSort.body.error.message).toMatch(/cursor is not valid/);
    expect((await errorOf('/api/catalog/products?cursor=not-a-cursor')).status).toBe(400);
  });

  it('answers bad filters with 400 and a clear message', async () => {
    const cases: [string, RegExp][] = [
      ['?minPrice=5000&maxPrice=1000', /lowest price must not be above the highest/],
      ['?minPrice=-1', /Price cannot be negative/],
      ['?maxPrice=abc', /whole number/],
      ['?limit=0', /Limit must be at least 1/],
      ['?limit=101', /Limit must be at most 100/],
      ['?category=Solar%20Lanterns', /category: A category is named by its slug/],
      ['?sort=random', /sort/],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await errorOf(`/api/catalog/products${query}`);
      expect(status, query).toBe(400);
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.message, query).toMatch(message);
    }
  });

  it('serves the demo catalogue of at least 30 products, 24 to a page', async () => {
    const seeded = await seedDemoData(ctx.db);
    expect(seeded.products).toBeGreaterThanOrEqual(30);
    expect((await seedDemoData(ctx.db)).products).toBe(0);
    const first = await list();
    expect(first.items).toHaveLength(24);
    const second = await list(`?cursor=${first.nextCursor}`);
    expect(first.items.length + second.items.length).toBe(seeded.products);
    expect(second.nextCursor).toBeNull();
  });
});

describe('GET /api/catalog/products/{id}', () => {
  it('returns one active product', async () => {
    const row = await insertProduct(ctx.db, { name: 'Detail Lantern', price: 45_000 });
    const response = await ctx.request(`/api/catalog/products/${row.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: row.id, name: 'Detail Lantern', price: 45_000 });
  });

  it('answers a malformed id with 400 and says what an id looks like', async () => {
    const { status, body } = await errorOf('/api/catalog/products/not-a-uuid');
    expect(status).toBe(400);
    expect(body.error).toEqual({
      code: 'validation_failed',
      message: expect.stringMatching(/Invalid product id: it must be a UUID/),
    });
  });

  it('answers an unknown or inactive product with 404', async () => {
    const hidden = await insertProduct(ctx.db, { active: false });
    for (const id of [hidden.id, '00000000-0000-4000-8000-000000000000']) {
      const { status, body } = await errorOf(`/api/catalog/products/${id}`);
      expect(status).toBe(404);
      expect(body.error.code).toBe('not_found');
    }
  });
});
