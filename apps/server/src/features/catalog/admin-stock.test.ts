import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stockMovements } from '#src/db/schema/catalog.ts';
import { signedInAdmin, type Client } from '../../../test/catalog-admin.ts';
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

const adjust = (id: string, body: unknown, key?: string) =>
  admin.post(`/api/admin/catalog/products/${id}/stock-adjustments`, body, key);
const stockOf = async (id: string) =>
  (await ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const movementsOf = (id: string) =>
  ctx.db.select().from(stockMovements).where(eq(stockMovements.productId, id)).orderBy(stockMovements.id);

describe('stock adjustments', () => {
  it('adds and removes units with a reason: a movement with the stock after it, and an audit entry', async () => {
    const product = await insertProduct(ctx.db, { stock: 4 });
    const added = await adjust(product.id, { change: 20, reason: 'Delivery from Mombasa' });
    expect(added.status).toBe(200);
    expect(added.body.product.stock).toBe(24);
    const removed = await adjust(product.id, { change: -3, reason: 'Broken in the store' });
    expect(removed.body.product.stock).toBe(21);
    expect((await movementsOf(product.id)).map((m) => [m.kind, m.change, m.stockAfter, m.reason, m.actorId])).toEqual([
      ['adjustment', 20, 24, 'Delivery from Mombasa', adminId],
      ['adjustment', -3, 21, 'Broken in the store', adminId],
    ]);
    const audit = await auditTrail(ctx.db, 'product', product.id);
    expect(audit.map((a) => [a.action, a.reason, a.details.change, a.details.stockAfter])).toEqual([
      ['product.stock_adjust', 'Delivery from Mombasa', 20, 24],
      ['product.stock_adjust', 'Broken in the store', -3, 21],
    ]);
    const shop = await ctx.request(`/api/catalog/products/${product.id}`);
    expect(((await shop.json()) as { stock: number }).stock).toBe(21);
  });

  it('refuses to take stock below zero with 422 and a clear message, changing nothing', async () => {
    const product = await insertProduct(ctx.db, { name: 'Pico Lamp', stock: 2 });
    const { status, body } = await adjust(product.id, { change: -3, reason: 'Stock count' });
    expect(status).toBe(422);
    expect(body.error).toEqual({
      code: 'stock_below_zero',
      message: 'Only 2 of Pico Lamp in stock: removing 3 would take it below zero. Nothing was changed.',
    });
    expect(await stockOf(product.id)).toBe(2);
    expect(await movementsOf(product.id)).toEqual([]);
    expect((await adjust(product.id, { change: -2, reason: 'Stock count' })).body.product.stock).toBe(0);
  });

  it.each([
    [{ change: 0, reason: 'Count' }, /^change: The change cannot be zero/],
    [{ change: 1.5, reason: 'Count' }, /^change: The change must be a whole number$/],
    [{ change: 2 }, /^reason: Enter the reason$/],
    [{ change: 2, reason: '  ' }, /^reason: The reason needs at least 3 characters$/],
    [{ change: 200_000, reason: 'Count' }, /^change: A change is at most 100,000 units$/],
  ])('refuses %o with 400', async (body, message) => {
    const product = await insertProduct(ctx.db, { stock: 5 });
    const answer = await adjust(product.id, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(message);
    expect(await stockOf(product.id)).toBe(5);
  });

  it('answers an unknown product with 404', async () => {
    expect((await adjust(randomUUID(), { change: 1, reason: 'Count' })).status).toBe(404);
  });

  it('applies an adjustment retried with its Idempotency-Key once', async () => {
    const product = await insertProduct(ctx.db, { stock: 5 });
    const key = randomUUID();
    const body = { change: 10, reason: 'Delivery' };
    await adjust(product.id, body, key);
    const retry = await adjust(product.id, body, key);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await stockOf(product.id)).toBe(15);
  });

  it('never goes below zero or loses a change when many adjustments come at once', async () => {
    const product = await insertProduct(ctx.db, { stock: 5 });
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => adjust(product.id, { change: -1, reason: 'Sold at the counter' })),
      adjust(product.id, { change: 2, reason: 'Returned' }),
    ]);
    const taken = results.slice(0, 8).filter((r) => r.status === 200).length;
    expect(results.every((r) => r.status === 200 || r.status === 422)).toBe(true);
    expect(results[8]!.status).toBe(200);
    // At most 7 units ever existed; every success is a movement, and the stock is what they add up to.
    expect(taken).toBeGreaterThanOrEqual(5);
    expect(taken).toBeLessThanOrEqual(7);
    const movements = await movementsOf(product.id);
    expect(movements).toHaveLength(taken + 1);
    expect(await stockOf(product.id)).toBe(5 + 2 - taken);
    expect(movements.every((m) => m.stockAfter >= 0)).toBe(true);
  });

  it('pages through a long history newest first', async () => {
    const product = await insertProduct(ctx.db, { stock: 0 });
    for (let i = 1; i <= 25; i++) await adjust(product.id, { change: 1, reason: `Delivery ${i}` });
    const detail = await admin.get(`/api/admin/catalog/products/${product.id}`);
    expect(detail.body.movements.items).toHaveLength(20);
    expect(detail.body.movements.items[0].reason).toBe('Delivery 25');
    const more = await admin.get(
      `/api/admin/catalog/products/${product.id}/stock-movements?cursor=${detail.body.movements.nextCursor}`,
    );
    expect(more.body.items.map((m: { reason: string }) => m.reason)).toEqual([
      'Delivery 5',
      'Delivery 4',
      'Delivery 3',
      'Delivery 2',
      'Delivery 1',
    ]);
    expect(more.body.nextCursor).toBeNull();
    expect((await admin.get(`/api/admin/catalog/products/${product.id}/stock-movements?cursor=abc`)).status).toBe(400);
  });
});
