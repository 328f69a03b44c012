import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '#src/db/schema/catalog.ts';
import { client, newProduct, signedInAdmin, type Client } from '../../../test/catalog-admin.ts';
import { insertProduct } from '../../../test/factories.ts';
import { auditTrail } from '#src/features/audit/audit.service.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ api: admin } = await signedInAdmin(ctx));
});
afterAll(async () => ctx.close());

const BASE = '/api/admin/catalog/categories';
let counter = 0;
/** A fresh category for one test. */
async function category(name = 'Solar fans') {
  const slug = `test-shelf-${++counter}`;
  const { status, body } = await admin.post(BASE, { slug, name });
  expect(status, JSON.stringify(body)).toBe(201);
  return body as { slug: string; name: string; position: number; active: boolean };
}
const shopCategories = async () =>
  ((await client(ctx).get('/api/catalog/categories')).body as { items: { slug: string; name: string }[] }).items;
const auditOf = (slug: string) => auditTrail(ctx.db, 'category', slug);

describe('admin categories', () => {
  it('lists every category in order with its product counts, the seeded eight first', async () => {
    await insertProduct(ctx.db, { category: 'tv-kits' });
    await insertProduct(ctx.db, { category: 'tv-kits', active: false });
    const { status, body } = await admin.get(BASE);
    expect(status).toBe(200);
    expect(body.items.slice(0, 3).map((c: { slug: string }) => c.slug)).toEqual([
      'solar-lanterns',
      'solar-home-systems',
      'tv-kits',
    ]);
    expect(body.items.find((c: { slug: string }) => c.slug === 'tv-kits')).toMatchObject({
      name: 'TV kits',
      active: true,
      productCount: 2,
      activeProductCount: 1,
    });
  });

  it('adds a category last, shows it to shoppers at once, and audits it', async () => {
    const made = await category('Solar fans');
    const all = (await admin.get(BASE)).body.items as { slug: string; position: number }[];
    expect(all.at(-1)!.slug).toBe(made.slug);
    expect(made.position).toBe(Math.max(...all.map((c) => c.position)));
    expect((await shopCategories()).map((c) => c.slug)).toContain(made.slug);
    expect((await auditOf(made.slug)).map((a) => [a.action, a.details.name])).toEqual([
      ['category.create', 'Solar fans'],
    ]);
  });

  it('refuses a taken slug with 409 and a bad one with 400', async () => {
    const taken = await admin.post(BASE, { slug: 'fridges', name: 'More fridges' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('There is already a category with the slug "fridges".');
    const bad = await admin.post(BASE, { slug: 'Solar Fans', name: 'Solar fans' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^slug: A category is named by its slug/);
    expect((await admin.post(BASE, { slug: 'ok-slug', name: 'x' })).body.error.message).toBe(
      'name: The category name needs at least 2 characters',
    );
  });

  it('renames a category and sets its position, keeping its slug, with the change audited', async () => {
    const made = await category('Fans');
    const { status, body } = await admin.patch(`${BASE}/${made.slug}`, { name: 'Solar fans and coolers', position: 0 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ slug: made.slug, name: 'Solar fans and coolers', position: 0 });
    expect((await shopCategories())[0]).toMatchObject({ slug: made.slug, name: 'Solar fans and coolers' });
    const [, update] = await auditOf(made.slug);
    expect(update?.details).toEqual({
      changes: {
        name: { before: 'Fans', after: 'Solar fans and coolers' },
        position: { before: made.position, after: 0 },
      },
    });
    expect((await admin.patch(`${BASE}/no-such-shelf`, { name: 'Nothing' })).status).toBe(404);
    expect((await admin.patch(`${BASE}/${made.slug}`, {})).status).toBe(400);
    await admin.patch(`${BASE}/${made.slug}`, { position: 50 });
  });

  it('puts every category in a new order, refusing a list that leaves one out', async () => {
    const current = ((await admin.get(BASE)).body.items as { slug: string }[]).map((c) => c.slug);
    const reversed = [...current].reverse();
    const { status, body } = await admin.put(`${BASE}/order`, { slugs: reversed });
    expect(status).toBe(200);
    expect(body.items.map((c: { slug: string }) => c.slug)).toEqual(reversed);
    expect(body.items.map((c: { position: number }) => c.position)).toEqual(reversed.map((_, i) => i + 1));
    expect((await shopCategories()).map((c) => c.slug)).toEqual(reversed);

    const short = await admin.put(`${BASE}/order`, { slugs: reversed.slice(1) });
    expect(short.status).toBe(422);
    expect(short.body.error.message).toMatch(/^List every category once: 1 of them is missing/);
    const unknown = await admin.put(`${BASE}/order`, { slugs: [...reversed.slice(1), 'no-such-shelf'] });
    expect(unknown.status).toBe(422);
    expect((await admin.put(`${BASE}/order`, { slugs: ['fridges', 'fridges'] })).status).toBe(400);
    expect((await admin.get(BASE)).body.items.map((c: { slug: string }) => c.slug)).toEqual(reversed);
    await admin.put(`${BASE}/order`, { slugs: current });
  });

  it('refuses to deactivate a category that still has active products, and says how many', async () => {
    const made = await category('Water heaters');
    await insertProduct(ctx.db, { category: made.slug });
    await insertProduct(ctx.db, { category: made.slug });
    await insertProduct(ctx.db, { category: made.slug, active: false });
    const { status, body } = await admin.post(`${BASE}/${made.slug}/deactivate`);
    expect(status).toBe(422);
    expect(body.error).toEqual({
      code: 'category_in_use',
      message: 'Water heaters still has 2 active products. Move them to another category or deactivate them first.',
    });
    const [row] = await ctx.db.select().from(categories).where(eq(categories.slug, made.slug));
    expect(row!.active).toBe(true);
  });

  it('never leaves an active product in a deactivated category, when both are asked for at once', async () => {
    for (let round = 0; round < 6; round++) {
      const made = await category('Race shelf');
      const product = newProduct({ category: made.slug });
      const [deactivated, created] = await Promise.all([
        admin.post(`${BASE}/${made.slug}/deactivate`),
        admin.post('/api/admin/catalog/products', product),
      ]);
      // One of the two goes first; the other is refused (422) and changes nothing.
      const outcome = [deactivated.status, created.status];
      expect([JSON.stringify([200, 422]), JSON.stringify([422, 201])], `round ${round}`).toContain(
        JSON.stringify(outcome),
      );
      const [row] = await ctx.db.select().from(categories).where(eq(categories.slug, made.slug));
      const onSale = await ctx.db.select().from(products).where(eq(products.category, made.slug));
      expect([row!.active, onSale.length], `round ${round}`).toEqual(created.status === 201 ? [true, 1] : [false, 0]);
    }
  });

  it('hides a deactivated category from shoppers (its filter matches nothing) and shows it again', async () => {
    const made = await category('Old stock');
    await insertProduct(ctx.db, { category: made.slug, active: false });
    const off = await admin.post(`${BASE}/${made.slug}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await shopCategories()).map((c) => c.slug)).not.toContain(made.slug);
    const filtered = await client(ctx).get(`/api/catalog/products?category=${made.slug}`);
    expect(filtered.body.items).toEqual([]);
    expect((await admin.get(BASE)).body.items.map((c: { slug: string }) => c.slug)).toContain(made.slug);
    const on = await admin.post(`${BASE}/${made.slug}/reactivate`);
    expect(on.body.active).toBe(true);
    expect((await auditOf(made.slug)).map((a) => a.action)).toEqual([
      'category.create',
      'category.deactivate',
      'category.reactivate',
    ]);
  });
});

describe('GET /api/catalog/categories', () => {
  it('lists active categories in order with their active product counts, for anyone', async () => {
    const made = await category('Solar irons');
    await insertProduct(ctx.db, { category: made.slug });
    await insertProduct(ctx.db, { category: made.slug, active: false });
    await ctx.db.update(categories).set({ active: false }).where(eq(categories.slug, 'inverters'));
    await ctx.db.update(products).set({ active: false }).where(eq(products.category, 'inverters'));
    const response = await client(ctx).get('/api/catalog/categories');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const items = response.body.items as { slug: string; position: number; productCount: number }[];
    expect(items.map((c) => c.slug)).not.toContain('inverters');
    expect(items.find((c) => c.slug === made.slug)).toMatchObject({ name: 'Solar irons', productCount: 1 });
    const positions = items.map((c) => c.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    await ctx.db.update(categories).set({ active: true }).where(eq(categories.slug, 'inverters'));
  });
});
