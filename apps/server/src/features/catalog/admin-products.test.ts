import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stockMovements } from '#src/db/schema/catalog.ts';
import { client, newProduct, signedInAdmin, signedInCustomer, type Client } from '../../../test/catalog-admin.ts';
import { insertProduct } from '../../../test/factories.ts';
import { auditTrail } from '#src/features/audit/audit.service.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let admin: Client;
let adminId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ api: admin, id: adminId } = await signedInAdmin(ctx));
});
afterAll(async () => ctx.close());

const BASE = '/api/admin/catalog';

async function created(changes: Record<string, unknown> = {}) {
  const { status, body } = await admin.post(`${BASE}/products`, newProduct(changes));
  expect(status, JSON.stringify(body)).toBe(201);
  return body;
}

const auditOf = (id: string) => auditTrail(ctx.db, 'product', id);

describe('who may use the catalogue API', () => {
  it('answers 401 signed out and 403 to a customer, before reading anything', async () => {
    const before = (await ctx.db.select().from(products)).length;
    const visitor = client(ctx);
    const customer = (await signedInCustomer(ctx)).api;
    for (const [method, path] of [
      ['get', `${BASE}/products`],
      ['post', `${BASE}/products`],
      ['get', `${BASE}/categories`],
      ['post', `${BASE}/products/${randomUUID()}/stock-adjustments`],
    ] as const) {
      expect((await visitor[method](path, newProduct())).status, `${method} ${path}`).toBe(401);
      const refused = await customer[method](path, newProduct());
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.error.message).toBe('This is for admins only.');
    }
    expect((await ctx.db.select().from(products)).length).toBe(before);
  });
});

describe('creating a product', () => {
  it('makes the slug from the name, records the opening stock as a movement, audits it and shows it to shoppers', async () => {
    const product = await created({ name: 'Sun King Boom 2', sku: ' boom-2 ', stock: 12, price: 189_000 });
    expect(product).toMatchObject({
      sku: 'BOOM-2',
      slug: 'sun-king-boom-2',
      price: 189_000,
      stock: 12,
      active: true,
      taxClass: 'exempt',
      images: [],
    });
    const movements = await ctx.db.select().from(stockMovements).where(eq(stockMovements.productId, product.id));
    expect(movements).toEqual([
      expect.objectContaining({
        kind: 'adjustment',
        change: 12,
        stockAfter: 12,
        reason: 'Opening stock',
        actorId: adminId,
      }),
    ]);
    expect(await auditOf(product.id)).toEqual([
      expect.objectContaining({ action: 'product.create', actorId: adminId, entityType: 'product' }),
    ]);
    const shop = await client(ctx).get(`/api/catalog/products/${product.id}`);
    expect(shop.status).toBe(200);
    expect(shop.body).toMatchObject({ name: 'Sun King Boom 2', price: 189_000, stock: 12 });
  });

  it('gives a second product of the same name its own slug, and records no movement for zero stock', async () => {
    const first = await created({ name: 'Solar Fan 12V', stock: 0 });
    const second = await created({ name: 'Solar Fan 12V' });
    expect(first.slug).toBe('solar-fan-12v');
    expect(second.slug).toBe('solar-fan-12v-2');
    const movements = await ctx.db.select().from(stockMovements).where(eq(stockMovements.productId, first.id));
    expect(movements).toEqual([]);
  });

  it('refuses a taken SKU with 409, and bad fields with 400, changing nothing', async () => {
    const first = await created();
    const again = await admin.post(`${BASE}/products`, newProduct({ sku: first.sku.toLowerCase() }));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(
      `Another product already has the SKU ${first.sku}. Each product needs its own SKU.`,
    );
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ price: 1.5 }, /^price: The price must be a whole number$/],
      [{ price: -5 }, /^price: The price must be at least UGX 1$/],
      [{ name: '' }, /^name: The name needs at least 3 characters$/],
      [{ category: 'Not a slug' }, /^category: A category is named by its slug/],
      [{ stock: -1 }, /^stock: The opening stock cannot be negative$/],
      [{ slug: 'my-own-slug' }, /slug/],
    ];
    const before = (await ctx.db.select().from(products)).length;
    for (const [change, message] of cases) {
      const { status, body } = await admin.post(`${BASE}/products`, newProduct(change));
      expect(status, JSON.stringify(change)).toBe(400);
      expect(body.error.message, JSON.stringify(change)).toMatch(message);
    }
    expect((await ctx.db.select().from(products)).length).toBe(before);
  });

  it('refuses an unknown or deactivated category with 422', async () => {
    const unknown = await admin.post(`${BASE}/products`, newProduct({ category: 'e-bikes' }));
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.message).toBe('There is no category "e-bikes". Add it under Categories first.');
    expect((await admin.post(`${BASE}/categories`, { slug: 'e-bikes', name: 'E-bikes' })).status).toBe(201);
    expect((await admin.post(`${BASE}/categories/e-bikes/deactivate`)).status).toBe(200);
    const inactive = await admin.post(`${BASE}/products`, newProduct({ category: 'e-bikes' }));
    expect(inactive.status).toBe(422);
    expect(inactive.body.error.code).toBe('inactive_category');
  });

  it('applies a retried request (same Idempotency-Key) once', async () => {
    const key = randomUUID();
    const body = newProduct();
    const first = await admin.post(`${BASE}/products`, body, key);
    const retry = await admin.post(`${BASE}/products`, body, key);
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.id).toBe(first.body.id);
    expect((await ctx.db.select().from(products).where(eq(products.sku, body.sku))).length).toBe(1);
    expect((await admin.post(`${BASE}/products`, body, null)).status).toBe(400);
  });
});

describe('editing a product', () => {
  it('changes the fields given, keeps the slug, and audits each change before and after', async () => {
    const product = await created({ name: 'Home 60', price: 300_000 });
    const { status, body } = await admin.patch(`${BASE}/products/${product.id}`, {
      name: 'Home 60 Plus',
      price: 320_000,
      brand: product.brand,
      specs: { ...product.specs, warrantyMonths: 36 },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: 'Home 60 Plus', slug: 'home-60', price: 320_000 });
    expect(body.updatedAt > product.updatedAt).toBe(true);
    const audit = (await auditOf(product.id)).find((a) => a.action === 'product.update');
    expect(audit?.details).toEqual({
      sku: product.sku,
      changes: {
        name: { before: 'Home 60', after: 'Home 60 Plus' },
        price: { before: 300_000, after: 320_000 },
        specs: { before: product.specs, after: { ...product.specs, warrantyMonths: 36 } },
      },
    });
    const shop = await client(ctx).get(`/api/catalog/products/${product.id}`);
    expect(shop.body).toMatchObject({ name: 'Home 60 Plus', price: 320_000 });
  });

  it('writes nothing for a change to the same values', async () => {
    const product = await created();
    // The same specifications with their keys in another order are the same specifications.
    const { panelWatts, batteryWh, lights, appliancesIncluded, warrantyMonths } = product.specs;
    const specs = { warrantyMonths, appliancesIncluded, lights, batteryWh, panelWatts };
    const same = await admin.patch(`${BASE}/products/${product.id}`, {
      price: product.price,
      name: product.name,
      specs,
    });
    expect(same.status).toBe(200);
    expect(same.body.updatedAt).toBe(product.updatedAt);
    expect((await auditOf(product.id)).map((a) => a.action)).toEqual(['product.create']);
  });

  it('refuses stock edits, empty changes, bad ids, unknown products and a taken SKU', async () => {
    const product = await created();
    const other = await created();
    const stock = await admin.patch(`${BASE}/products/${product.id}`, { stock: 99 });
    expect(stock.status).toBe(400);
    expect(stock.body.error.message).toMatch(/stock adjustment/);
    expect((await admin.patch(`${BASE}/products/${product.id}`, {})).body.error.message).toBe(
      'Change at least one field',
    );
    const badId = await admin.patch(`${BASE}/products/not-a-uuid`, { price: 1000 });
    expect(badId.status).toBe(400);
    expect(badId.body.error.message).toMatch(/Invalid product id/);
    expect((await admin.patch(`${BASE}/products/${randomUUID()}`, { price: 1000 })).status).toBe(404);
    const taken = await admin.patch(`${BASE}/products/${product.id}`, { sku: other.sku });
    expect(taken.status).toBe(409);
    const [row] = await ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ stock: 10, sku: product.sku });
  });

  it('moves a product to another active category, but not to a deactivated one', async () => {
    const product = await created();
    expect((await admin.patch(`${BASE}/products/${product.id}`, { category: 'batteries' })).body.category).toBe(
      'batteries',
    );
    await admin.post(`${BASE}/categories`, { slug: 'closed-shelf', name: 'Closed shelf' });
    await admin.post(`${BASE}/categories/closed-shelf/deactivate`);
    const refused = await admin.patch(`${BASE}/products/${product.id}`, { category: 'closed-shelf' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(
      'The category Closed shelf is deactivated. Reactivate it first, or choose another category.',
    );
    // Off sale, it may wait in a deactivated category, but never in one that does not exist.
    await admin.post(`${BASE}/products/${product.id}/deactivate`);
    expect((await admin.patch(`${BASE}/products/${product.id}`, { category: 'closed-shelf' })).status).toBe(200);
    const unknown = await admin.patch(`${BASE}/products/${product.id}`, { category: 'no-such-shelf' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe('unknown_category');
  });
});

describe('deactivating and reactivating', () => {
  it('takes a product off sale for shoppers at once, keeps it for admins, and puts it back', async () => {
    const product = await created({ name: 'Paused Pump' });
    const off = await admin.post(`${BASE}/products/${product.id}/deactivate`);
    expect(off.body.active).toBe(false);
    expect((await client(ctx).get(`/api/catalog/products/${product.id}`)).status).toBe(404);
    const shopList = await client(ctx).get('/api/catalog/products?q=Paused');
    expect(shopList.body.items).toEqual([]);
    expect((await admin.get(`${BASE}/products/${product.id}`)).body.product.active).toBe(false);
    // Again: nothing to do, nothing recorded.
    expect((await admin.post(`${BASE}/products/${product.id}/deactivate`)).status).toBe(200);
    const on = await admin.post(`${BASE}/products/${product.id}/reactivate`);
    expect(on.body.active).toBe(true);
    expect((await client(ctx).get(`/api/catalog/products/${product.id}`)).status).toBe(200);
    expect((await auditOf(product.id)).map((a) => a.action).sort()).toEqual([
      'product.create',
      'product.deactivate',
      'product.reactivate',
    ]);
  });

  it('puts a product back on sale only in an active category', async () => {
    const product = await created({ category: 'cookstoves' });
    await admin.post(`${BASE}/products/${product.id}/deactivate`);
    await ctx.db.update(products).set({ active: false }).where(eq(products.category, 'cookstoves'));
    expect((await admin.post(`${BASE}/categories/cookstoves/deactivate`)).status).toBe(200);
    const refused = await admin.post(`${BASE}/products/${product.id}/reactivate`);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('inactive_category');
    await admin.post(`${BASE}/categories/cookstoves/reactivate`);
  });
});

describe('the admin product list and detail', () => {
  it('lists inactive products too, searches name and SKU, filters, and pages without repeats', async () => {
    const tag = randomUUID().slice(0, 6).toUpperCase();
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(await insertProduct(ctx.db, { name: `Lamp ${tag} ${i}`, sku: `LMP-${tag}-${i}`, active: i !== 2 }));
    }
    await insertProduct(ctx.db, { name: `Fridge ${tag}`, sku: `FRG-${tag}`, category: 'fridges' });
    const all = await admin.get(`${BASE}/products?q=${tag}&limit=2`);
    expect(all.body.items).toHaveLength(2);
    const seen = [...all.body.items];
    let cursor = all.body.nextCursor;
    while (cursor) {
      const next = await admin.get(`${BASE}/products?q=${tag}&limit=2&cursor=${cursor}`);
      seen.push(...next.body.items);
      cursor = next.body.nextCursor;
    }
    expect(new Set(seen.map((p) => p.id)).size).toBe(6);
    const bySku = await admin.get(`${BASE}/products?q=lmp-${tag}-3`);
    expect(bySku.body.items.map((p: { name: string }) => p.name)).toEqual([`Lamp ${tag} 3`]);
    const inactive = await admin.get(`${BASE}/products?q=${tag}&active=false`);
    expect(inactive.body.items.map((p: { name: string }) => p.name)).toEqual([`Lamp ${tag} 2`]);
    const fridges = await admin.get(`${BASE}/products?q=${tag}&category=fridges`);
    expect(fridges.body.items.map((p: { name: string }) => p.name)).toEqual([`Fridge ${tag}`]);
    expect((await admin.get(`${BASE}/products?active=maybe`)).status).toBe(400);
    expect((await admin.get(`${BASE}/products?cursor=garbage`)).status).toBe(400);
  });

  it('shows a product with its movements newest first and its audit entries, never cached', async () => {
    const product = await created({ stock: 3 });
    await admin.post(`${BASE}/products/${product.id}/stock-adjustments`, {
      change: 5,
      reason: 'Delivery from Nairobi',
    });
    await admin.patch(`${BASE}/products/${product.id}`, { price: 50_000 });
    const { status, body, headers } = await admin.get(`${BASE}/products/${product.id}`);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(body.product).toMatchObject({ id: product.id, stock: 8, price: 50_000 });
    expect(body.movements.items.map((m: { change: number; reason: string }) => [m.change, m.reason])).toEqual([
      [5, 'Delivery from Nairobi'],
      [3, 'Opening stock'],
    ]);
    expect(body.movements.items[0].actorName).toBe('Sarah Nakato');
    expect(body.audit.map((a: { action: string }) => a.action)).toEqual([
      'product.update',
      'product.stock_adjust',
      'product.create',
    ]);
    expect(body.audit[1]).toMatchObject({
      reason: 'Delivery from Nairobi',
      actor: { name: 'Sarah Nakato', role: 'admin' },
    });
    expect((await admin.get(`${BASE}/products/${randomUUID()}`)).status).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('describes the catalogue management routes, the picture upload as a multipart file', async () => {
    const doc = (await (await ctx.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/catalog/categories',
        '/api/admin/catalog/products',
        '/api/admin/catalog/products/{id}',
        '/api/admin/catalog/products/{id}/stock-adjustments',
        '/api/admin/catalog/products/{id}/stock-movements',
        '/api/admin/catalog/products/{id}/images',
        '/api/admin/catalog/products/{id}/images/main',
        '/api/admin/catalog/categories',
        '/api/admin/catalog/categories/order',
        '/api/admin/catalog/categories/{slug}',
      ]),
    );
    const upload = doc.paths['/api/admin/catalog/products/{id}/images']?.post?.requestBody?.content;
    expect(Object.keys(upload ?? {})).toEqual(['multipart/form-data']);
  });
});
