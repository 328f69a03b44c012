import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pickupPoints } from '#src/db/schema/orders.ts';
import { insertProduct } from '../../../test/factories.ts';
import { expectStockInvariant, mainWarehouseId, stockFigures } from '../../../test/stock-check.ts';
import { byWallet, orderTestApp, type OrderAnswer } from './order-test-setup.ts';
import '../../../test/ledger-check.ts';

const { app, call, customer, admin, cartWith } = orderTestApp<OrderAnswer & Record<string, unknown>>();

type Setup = { boss: { cookie: string; id: string }; main: string };
async function setup(): Promise<Setup> {
  return { boss: await admin(), main: await mainWarehouseId(app.ctx.db) };
}

async function shop(s: Setup, name: string) {
  const [point] = await app.ctx.db
    .insert(pickupPoints)
    .values({ name, district: 'Mbale', address: 'Main street' })
    .returning();
  const made = await call('/api/admin/stock/locations', s.boss.cookie, 'POST', {
    kind: 'shop',
    pickupPointId: point!.id,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { pointId: point!.id, locationId: (made.body as unknown as { id: string }).id };
}

async function moveTo(s: Setup, productId: string, to: string, quantity: number) {
  const moved = await call('/api/admin/stock/transfers', s.boss.cookie, 'POST', {
    productId,
    fromLocationId: s.main,
    toLocationId: to,
    quantity,
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(201);
}

async function deliver(s: Setup, orderId: string) {
  for (const status of ['processing', 'shipped', 'delivered']) {
    const moved = await call(`/api/admin/orders/${orderId}/status`, s.boss.cookie, 'POST', { status });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
}

async function staffNotices(adminId: string) {
  const result = (await app.ctx.db.execute(
    sql`select title, message from notifications where user_id = ${adminId} order by created_at`,
  )) as unknown as { rows: { title: string; message: string }[] };
  return result.rows;
}

const pickupAt = (pickupPointId: string) => ({ fulfilment: 'pickup', pickupPointId, payment: { method: 'wallet' } });

describe('checkout and handover by location', () => {
  it('offers "ready now" only at shops holding the cart’s units, and hands the unit over from that shop', async () => {
    const s = await setup();
    const lamp = await insertProduct(app.ctx.db, { name: 'Ready Lamp', price: 20_000, stock: 5 });
    const [stocked, empty] = [await shop(s, 'Stocked shop'), await shop(s, 'Empty shop')];
    await moveTo(s, lamp.id, stocked.locationId, 2);
    const me = await customer(100_000);
    await cartWith(me.cookie, [{ productId: lamp.id, quantity: 2 }]);

    const options = (await call('/api/checkout/options', me.cookie)).body as unknown as {
      pickupPoints: { id: string; readyNow: boolean }[];
    };
    const ready = (id: string) => options.pickupPoints.find((p) => p.id === id)?.readyNow;
    expect([ready(stocked.pointId), ready(empty.pointId)]).toEqual([true, false]);

    const placed = await call('/api/orders', me.cookie, 'POST', pickupAt(stocked.pointId), randomUUID());
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.order;
    // Sold: no longer free, still on the shop's shelf until handed over.
    expect(await stockFigures(app.ctx.db, lamp.id)).toEqual({
      stock: 3,
      reserved: 2,
      at: { [s.main]: 3, [stocked.locationId]: 2 },
    });
    await expectStockInvariant(app.ctx.db);
    expect((await staffNotices(s.boss.id)).map((n) => n.title)).not.toContain('Stock transfer needed');

    await deliver(s, order.id);
    expect(await stockFigures(app.ctx.db, lamp.id)).toEqual({ stock: 3, reserved: 0, at: { [s.main]: 3 } });
    await expectStockInvariant(app.ctx.db);
    const moves = (await call(`/api/admin/stock/locations/${stocked.locationId}/moves`, s.boss.cookie))
      .body as unknown as {
      items: { kind: string; quantity: number; orderId: string }[];
    };
    expect(moves.items[0]).toMatchObject({ kind: 'handover', quantity: 2, orderId: order.id });
    expect((await staffNotices(s.boss.id)).map((n) => n.title)).not.toContain('Stock records did not match a handover');
  });

  it('takes an order to a shop without the units, tells staff a transfer is needed, and on handover tells them where the unit came from', async () => {
    const s = await setup();
    const lamp = await insertProduct(app.ctx.db, { name: 'Far Lamp', price: 20_000, stock: 3 });
    const far = await shop(s, 'Far shop');
    const me = await customer(100_000);
    await cartWith(me.cookie, [{ productId: lamp.id }]);
    const placed = await call('/api/orders', me.cookie, 'POST', pickupAt(far.pointId), randomUUID());
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.order;
    expect(await staffNotices(s.boss.id)).toContainEqual({
      title: 'Stock transfer needed',
      message: `Order ${order.number} is to be collected at Far shop, which does not hold Far Lamp now. Transfer the units there before the customer comes.`,
    });

    await deliver(s, order.id);
    expect(await stockFigures(app.ctx.db, lamp.id)).toEqual({ stock: 2, reserved: 0, at: { [s.main]: 2 } });
    await expectStockInvariant(app.ctx.db);
    expect(await staffNotices(s.boss.id)).toContainEqual({
      title: 'Stock records did not match a handover',
      message: `Order ${order.number} was handed over at Far shop, which did not hold Far Lamp on record: the unit was taken from Main warehouse's stock. Check both places and record the transfer that was needed.`,
    });
  });

  it('takes a delivered unit from the agent who brought it, and a courier’s from the main warehouse', async () => {
    const s = await setup();
    const lamp = await insertProduct(app.ctx.db, { name: 'Agent Lamp', price: 20_000, stock: 4 });
    const agent = await customer();
    await app.ctx.db.execute(
      sql`update users set user_type = 'agent', agent_status = 'approved' where id = ${agent.id}`,
    );
    const held = await call('/api/admin/stock/locations', s.boss.cookie, 'POST', { kind: 'agent', agentId: agent.id });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    const agentLocation = (held.body as unknown as { id: string }).id;
    await moveTo(s, lamp.id, agentLocation, 1);

    const me = await customer(100_000);
    await cartWith(me.cookie, [{ productId: lamp.id }]);
    const first = (await call('/api/orders', me.cookie, 'POST', byWallet, randomUUID())).body.order;
    await app.ctx.db.execute(sql`update orders set collector_id = ${agent.id} where id = ${first.id}`);
    await deliver(s, first.id);
    expect(await stockFigures(app.ctx.db, lamp.id)).toEqual({ stock: 3, reserved: 0, at: { [s.main]: 3 } });

    await cartWith(me.cookie, [{ productId: lamp.id }]);
    const second = (await call('/api/orders', me.cookie, 'POST', byWallet, randomUUID())).body.order;
    await deliver(s, second.id);
    expect(await stockFigures(app.ctx.db, lamp.id)).toEqual({ stock: 2, reserved: 0, at: { [s.main]: 2 } });
    await expectStockInvariant(app.ctx.db);
    expect((await staffNotices(s.boss.id)).map((n) => n.title)).not.toContain('Stock records did not match a handover');
  });

  it('gives a cancelled order’s units back to sale where they are', async () => {
    const s = await setup();
    const lamp = await insertProduct(app.ctx.db, { name: 'Back Lamp', price: 20_000, stock: 2 });
    const me = await customer(100_000);
    await cartWith(me.cookie, [{ productId: lamp.id }]);
    const order = (await call('/api/orders', me.cookie, 'POST', byWallet, randomUUID())).body.order;
    expect(await stockFigures(app.ctx.db, lamp.id)).toEqual({ stock: 1, reserved: 1, at: { [s.main]: 2 } });
    const cancelled = await call(`/api/orders/${order.id}/cancel`, me.cookie, 'POST', {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await stockFigures(app.ctx.db, lamp.id)).toEqual({ stock: 2, reserved: 0, at: { [s.main]: 2 } });
    await expectStockInvariant(app.ctx.db);
  });
});
