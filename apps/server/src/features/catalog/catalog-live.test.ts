import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '#src/app.ts';
import { openDatabase, type DatabaseHandle } from '#src/db/client.ts';
import { products } from '#src/db/schema/catalog.ts';
import { createRealtime, type Realtime, type RealtimeEvent } from '#src/platform/realtime.ts';
import { signedInAdmin, signedInCustomer, type Client } from '../../../test/catalog-admin.ts';
import { insertProduct } from '../../../test/factories.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';

/**
 * Two app instances on one database, as two processes behind a load balancer: on PostgreSQL
 * each has its own connection pool and its own listening connection; on the embedded
 * database (one process by design) they share the database but not their realtime listeners.
 */
let ctx: TestContext;
let other: { request: (path: string, init?: RequestInit) => Promise<Response>; realtime: Realtime };
let otherDatabase: DatabaseHandle | undefined;
let admin: Client;

beforeAll(async () => {
  ctx = await createTestContext();
  const database =
    ctx.database.kind === 'postgres'
      ? (otherDatabase = await openDatabase({ databaseUrl: ctx.database.url }))
      : ctx.database;
  const realtime = await createRealtime(database, ctx.logger, { heartbeatMs: 300 });
  const app = createApp({
    ...ctx,
    database,
    realtime,
    settings: ctx.settings,
    storage: ctx.storage,
    documents: ctx.documents,
  });
  other = { request: (path, init) => Promise.resolve(app.request(path, init)), realtime };
  ({ api: admin } = await signedInAdmin(ctx));
});
afterAll(async () => {
  await other.realtime.close();
  await otherDatabase?.close();
  await ctx.close();
});

/** Reads an event stream until `until` matches what has arrived, or fails after `ms`. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, until: RegExp, ms = 5_000) {
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + ms;
  while (!until.test(text)) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`no ${until} in the stream; got: ${text}`);
    const chunk = await Promise.race([
      reader.read(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no ${until}; got: ${text}`)), left)),
    ]);
    if (chunk.done) throw new Error(`the stream ended; got: ${text}`);
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text;
}

async function openStream(request: typeof other.request, cookie: string) {
  const response = await request('/api/events', { headers: { cookie, origin: TEST_ORIGIN } });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  await readUntil(reader, /event: ready/);
  return reader;
}

describe('catalogue changes reach every app instance at once', () => {
  it('serves a price changed through one instance from the other, and tells every open stream there', async () => {
    const product = await insertProduct(ctx.db, { name: 'Home 120', price: 1_250_000 });
    const before = await other.request(`/api/catalog/products/${product.id}`);
    expect(((await before.json()) as { price: number }).price).toBe(1_250_000);

    const customer = await signedInCustomer(ctx);
    const shopper = await openStream(other.request, customer.api.cookie!);
    const adminStream = await openStream(other.request, admin.cookie!);

    const changed = await admin.patch(`/api/admin/catalog/products/${product.id}`, { price: 1_150_000 });
    expect(changed.status).toBe(200);
    const seen = await readUntil(shopper, /event: catalog\ndata: .*\n\n/);
    expect(seen).toContain(`event: catalog\ndata: {"productId":"${product.id}"}`);
    // The event comes only after the change is committed: a refetch on it finds the new price.
    const after = await other.request(`/api/catalog/products/${product.id}`);
    expect(after.headers.get('cache-control')).toBe('no-cache');
    expect(((await after.json()) as { price: number }).price).toBe(1_150_000);
    await readUntil(adminStream, /event: catalog/);
    await shopper.cancel();
    await adminStream.cancel();
  });

  it('lists a new category on the other instance, and announces nothing for a refused change', async () => {
    const events: RealtimeEvent[] = [];
    const stop = other.realtime.subscribe('listener-for-this-test', (event) => events.push(event));
    const product = await insertProduct(ctx.db, { stock: 1 });
    const refused = await admin.post(`/api/admin/catalog/products/${product.id}/stock-adjustments`, {
      change: -5,
      reason: 'Stock count',
    });
    expect(refused.status).toBe(422);
    const created = await admin.post('/api/admin/catalog/categories', { slug: 'solar-fans', name: 'Solar fans' });
    expect(created.status).toBe(201);
    await expect.poll(() => events.length).toBe(1);
    expect(events).toEqual([{ type: 'catalog', data: { categories: true } }]);
    const listed = (await (await other.request('/api/catalog/categories')).json()) as { items: { slug: string }[] };
    expect(listed.items.map((c) => c.slug)).toContain('solar-fans');
    stop();
  });

  it('marks every catalogue answer as one to check again before use', async () => {
    const product = await insertProduct(ctx.db);
    for (const path of ['/api/catalog/products', `/api/catalog/products/${product.id}`, '/api/catalog/categories']) {
      expect((await other.request(path)).headers.get('cache-control'), path).toBe('no-cache');
    }
  });
});

/** Waits at most two seconds (a kept answer otherwise lasts until the next change) for `check` to pass. */
const soon = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 2_000, interval: 50 });

describe('the catalogue each instance keeps in memory', () => {
  it('shows a price changed through the same instance on the very next request', async () => {
    const product = await insertProduct(ctx.db, { name: 'Iron 3', price: 180_000 });
    const path = `/api/catalog/products/${product.id}`;
    const price = async () => ((await (await ctx.request(path)).json()) as { price: number }).price;
    expect(await price()).toBe(180_000);
    expect((await admin.patch(`/api/admin/catalog/products/${product.id}`, { price: 170_000 })).status).toBe(200);
    expect(await price()).toBe(170_000);
  });

  it('answers a repeat visit 304 while nothing changed, and the new answer once a price changed elsewhere', async () => {
    const product = await insertProduct(ctx.db, { name: 'Fridge 90', price: 2_400_000 });
    const path = `/api/catalog/products/${product.id}`;
    const first = await other.request(path);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const repeat = await other.request(path, { headers: { 'if-none-match': etag } });
    expect(repeat.status).toBe(304);
    expect(await repeat.text()).toBe('');
    expect(repeat.headers.get('etag')).toBe(etag);

    expect((await admin.patch(`/api/admin/catalog/products/${product.id}`, { price: 2_300_000 })).status).toBe(200);
    await soon(async () => {
      const changed = await other.request(path, { headers: { 'if-none-match': etag } });
      expect(changed.status).toBe(200);
      expect(((await changed.json()) as { price: number }).price).toBe(2_300_000);
      expect(changed.headers.get('etag')).not.toBe(etag);
    });
  });

  it('shows the stock another process took, within moments, in the list and on the product', async () => {
    const product = await insertProduct(ctx.db, { name: 'Radio 7', stock: 5 });
    const stockIn = async (path: string) => {
      const body = (await (await other.request(path)).json()) as {
        stock?: number;
        items?: { id: string; stock: number }[];
      };
      return body.items ? body.items.find((item) => item.id === product.id)?.stock : body.stock;
    };
    const list = '/api/catalog/products?sort=newest&limit=100';
    expect(await stockIn(list)).toBe(5);
    expect(await stockIn(`/api/catalog/products/${product.id}`)).toBe(5);
    // As a checkout on another process takes a unit: straight in the database, no event of the app's own.
    await ctx.db.update(products).set({ stock: 4 }).where(eq(products.id, product.id));
    await soon(async () => expect(await stockIn(list)).toBe(4));
    await soon(async () => expect(await stockIn(`/api/catalog/products/${product.id}`)).toBe(4));
  });
});
