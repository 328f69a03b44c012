import { describe, expect, it } from 'vitest';
import { appWithAdmin } from './catalog-admin.ts';
import { insertProduct } from './factories.ts';
import { expectStockInvariant, mainWarehouseId, stockFigures } from './stock-check.ts';

// Real concurrency: transfers and adjustments on a PostgreSQL server's pool, all at once.
const app = appWithAdmin();

async function warehouse(name: string) {
  const made = await app.admin.api.post('/api/admin/stock/locations', { kind: 'warehouse', name });
  expect(made.status).toBe(201);
  return made.body.id as string;
}

describe('racing stock changes', () => {
  it('never take a location below zero: of 12 racing takes of the last 5 units, exactly 5 succeed', async () => {
    const main = await mainWarehouseId(app.ctx.db);
    const [jinja, gulu] = [await warehouse('Race Jinja'), await warehouse('Race Gulu')];
    const lamp = await insertProduct(app.ctx.db, { name: 'Race Lamp', stock: 5 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 3 === 2
          ? app.admin.api.post(`/api/admin/catalog/products/${lamp.id}/stock-adjustments`, {
              change: -1,
              reason: 'Stock count',
              locationId: main,
            })
          : app.admin.api.post('/api/admin/stock/transfers', {
              productId: lamp.id,
              fromLocationId: main,
              toLocationId: i % 2 === 0 ? jinja : gulu,
              quantity: 1,
            }),
      ),
    );
    const done = answers.filter((a) => a.status === 200 || a.status === 201);
    expect(done).toHaveLength(5);
    for (const refused of answers.filter((a) => a.status !== 200 && a.status !== 201)) {
      expect([refused.status, refused.body.error.code]).toEqual([422, 'stock_not_at_location']);
    }
    const removed = answers.filter((a) => a.status === 200).length;
    const figures = await stockFigures(app.ctx.db, lamp.id);
    expect(figures.stock).toBe(5 - removed);
    expect(figures.at[main]).toBeUndefined();
    expect((figures.at[jinja] ?? 0) + (figures.at[gulu] ?? 0)).toBe(5 - removed);
    await expectStockInvariant(app.ctx.db);
  });

  it('moves units both ways between two places at once without a deadlock or a lost unit', async () => {
    const main = await mainWarehouseId(app.ctx.db);
    const [a, b] = [await warehouse('Race A'), await warehouse('Race B')];
    const lamp = await insertProduct(app.ctx.db, { name: 'Swap Lamp', stock: 10 });
    for (const to of [a, b]) {
      expect(
        (
          await app.admin.api.post('/api/admin/stock/transfers', {
            productId: lamp.id,
            fromLocationId: main,
            toLocationId: to,
            quantity: 5,
          })
        ).status,
      ).toBe(201);
    }
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        app.admin.api.post('/api/admin/stock/transfers', {
          productId: lamp.id,
          fromLocationId: i % 2 === 0 ? a : b,
          toLocationId: i % 2 === 0 ? b : a,
          quantity: 1,
        }),
      ),
    );
    expect(answers.map((x) => x.status)).toEqual(Array(16).fill(201));
    expect(await stockFigures(app.ctx.db, lamp.id)).toEqual({ stock: 10, reserved: 0, at: { [a]: 5, [b]: 5 } });
    await expectStockInvariant(app.ctx.db);
  });
});
