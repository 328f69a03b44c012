import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditTrail } from '#src/features/audit/audit.service.ts';
import { approvedAgent } from '../../../test/agent-helpers.ts';
import { appWithAdmin, signedInCustomer } from '../../../test/catalog-admin.ts';
import { insertProduct } from '../../../test/factories.ts';
import { applyFor, creditCustomer, systemOnCredit } from '../../../test/loan-helpers.ts';
import { expectStockInvariant, mainWarehouseId, stockFigures } from '../../../test/stock-check.ts';
import '../../../test/ledger-check.ts';

const app = appWithAdmin();
const api = () => app.admin.api;

async function warehouse(name = `Store ${randomUUID().slice(0, 6)}`) {
  const made = await api().post('/api/admin/stock/locations', { kind: 'warehouse', name });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { id: string; name: string };
}

async function shop(name = `Shop ${randomUUID().slice(0, 6)}`) {
  // A pickup point as the orders feature keeps them (the test reaches its table directly).
  const result = (await app.ctx.db.execute(
    sql`insert into pickup_points (name, district, address) values (${name}, 'Mbale', 'Republic Street') returning id`,
  )) as unknown as { rows: { id: string }[] };
  const point = result.rows[0];
  const made = await api().post('/api/admin/stock/locations', { kind: 'shop', pickupPointId: point!.id });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { ...(made.body as { id: string; name: string }), pickupPointId: point!.id };
}

const transfer = (body: Record<string, unknown>) => api().post('/api/admin/stock/transfers', body);

describe('stock locations', () => {
  it('starts with the main warehouse and adds warehouses, shops by their pickup point and approved agents by name', async () => {
    const main = await mainWarehouseId(app.ctx.db);
    const store = await warehouse('Jinja store');
    const mbale = await shop('Mbale shop');
    const agent = await approvedAgent(app.ctx, api());
    const held = await api().post('/api/admin/stock/locations', { kind: 'agent', agentId: agent.id });
    expect(held.status).toBe(201);
    expect(held.body).toMatchObject({ kind: 'agent', agentId: agent.id, units: 0 });
    expect(held.body.name).toBeTruthy();
    expect(mbale).toMatchObject({ kind: 'shop', name: 'Mbale shop', district: 'Mbale', isMain: false });

    const list = await api().get('/api/admin/stock/locations');
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({ id: main, kind: 'warehouse', isMain: true });
    expect(list.body.map((l: { id: string }) => l.id)).toEqual(
      expect.arrayContaining([store.id, mbale.id, held.body.id]),
    );
    const audit = await auditTrail(app.ctx.db, 'stock_location', store.id);
    expect(audit.map((a) => [a.action, a.details.name])).toEqual([['stock.location_create', 'Jinja store']]);
  });

  it('refuses a pickup point or agent twice, an unknown pickup point, a customer as agent, and bad input (4xx, nothing made)', async () => {
    const mbale = await shop();
    const again = await api().post('/api/admin/stock/locations', { kind: 'shop', pickupPointId: mbale.pickupPointId });
    expect([again.status, again.body.error.code]).toEqual([409, 'stock_location_taken']);
    const unknown = await api().post('/api/admin/stock/locations', { kind: 'shop', pickupPointId: randomUUID() });
    expect([unknown.status, unknown.body.error.code]).toEqual([422, 'unknown_pickup_point']);
    const customer = await signedInCustomer(app.ctx);
    const notAgent = await api().post('/api/admin/stock/locations', { kind: 'agent', agentId: customer.id });
    expect([notAgent.status, notAgent.body.error.code]).toEqual([422, 'not_an_agent']);
    for (const body of [
      {},
      { kind: 'moon' },
      { kind: 'warehouse', name: '' },
      { kind: 'warehouse', name: 'X', extra: 1 },
    ]) {
      expect((await api().post('/api/admin/stock/locations', body)).status).toBe(400);
    }
    expect((await api().get(`/api/admin/stock/locations/${randomUUID()}`)).status).toBe(404);
    expect((await api().get('/api/admin/stock/locations/not-a-uuid')).status).toBe(400);
    expect((await customer.api.get('/api/admin/stock/locations')).status).toBe(403);
  });
});

describe('stock transfers', () => {
  it('moves units between locations in one step, keeps every total, and lists it per location and per product', async () => {
    const main = await mainWarehouseId(app.ctx.db);
    const mbale = await shop('Mbale Republic St');
    const lamp = await insertProduct(app.ctx.db, { name: 'Pico Lamp', stock: 10 });
    await expectStockInvariant(app.ctx.db);

    const moved = await transfer({
      productId: lamp.id,
      fromLocationId: main,
      toLocationId: mbale.id,
      quantity: 4,
      note: 'For the market day',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    expect(moved.body).toMatchObject({
      kind: 'transfer',
      productName: 'Pico Lamp',
      fromName: 'Main warehouse',
      toName: 'Mbale Republic St',
      quantity: 4,
      note: 'For the market day',
      actorName: expect.any(String),
    });
    expect(await stockFigures(app.ctx.db, lamp.id)).toEqual({
      stock: 10,
      reserved: 0,
      at: { [main]: 6, [mbale.id]: 4 },
    });
    await expectStockInvariant(app.ctx.db);

    const atShop = await api().get(`/api/admin/stock/locations/${mbale.id}`);
    expect(atShop.body.items).toEqual([{ productId: lamp.id, name: 'Pico Lamp', sku: lamp.sku, quantity: 4 }]);
    expect(atShop.body.location.units).toBe(4);
    const byProduct = await api().get(`/api/admin/stock/products/${lamp.id}`);
    expect(byProduct.body).toMatchObject({ stock: 10, reserved: 0 });
    expect(byProduct.body.locations.map((l: { name: string; quantity: number }) => [l.name, l.quantity])).toEqual([
      ['Main warehouse', 6],
      ['Mbale Republic St', 4],
    ]);
    const history = await api().get(`/api/admin/stock/locations/${mbale.id}/moves`);
    expect(history.body.items.map((m: { kind: string; quantity: number }) => [m.kind, m.quantity])).toEqual([
      ['transfer', 4],
    ]);
    const productHistory = await api().get(`/api/admin/stock/products/${lamp.id}/moves`);
    expect(productHistory.body.items.map((m: { id: number }) => m.id)).toEqual([moved.body.id]);

    const audit = await auditTrail(app.ctx.db, 'stock_transfer', String(moved.body.id));
    expect(audit.map((a) => [a.action, a.actorId, a.reason, a.details.quantity, a.details.from, a.details.to])).toEqual(
      [['stock.transfer', app.admin.id, 'For the market day', 4, main, mbale.id]],
    );
  });

  it('never leaves a location below zero: 422, nothing moved, no audit entry', async () => {
    const main = await mainWarehouseId(app.ctx.db);
    const store = await warehouse();
    const lamp = await insertProduct(app.ctx.db, { name: 'Sun Lamp', stock: 3 });
    const tooMany = await transfer({ productId: lamp.id, fromLocationId: main, toLocationId: store.id, quantity: 4 });
    expect([tooMany.status, tooMany.body.error]).toEqual([
      422,
      {
        code: 'stock_not_at_location',
        message: 'Main warehouse holds only 3 of Sun Lamp, not 4. Nothing was changed.',
      },
    ]);
    const none = await transfer({ productId: lamp.id, fromLocationId: store.id, toLocationId: main, quantity: 1 });
    expect(none.body.error.message).toBe(`${store.name} holds no Sun Lamp. Nothing was changed.`);
    expect(await stockFigures(app.ctx.db, lamp.id)).toEqual({ stock: 3, reserved: 0, at: { [main]: 3 } });
    expect((await api().get(`/api/admin/stock/products/${lamp.id}/moves`)).body.items).toEqual([]);
    await expectStockInvariant(app.ctx.db);
  });

  it('answers 4xx for bad input and changes nothing', async () => {
    const main = await mainWarehouseId(app.ctx.db);
    const lamp = await insertProduct(app.ctx.db, { stock: 5 });
    const ok = { productId: lamp.id, fromLocationId: main, toLocationId: (await warehouse()).id, quantity: 1 };
    for (const body of [
      {},
      { ...ok, quantity: 0 },
      { ...ok, quantity: -2 },
      { ...ok, quantity: 1.5 },
      { ...ok, quantity: 100_001 },
      { ...ok, toLocationId: main },
      { ...ok, productId: 'nope' },
      { ...ok, serials: ['A', 'B'] },
      { ...ok, note: 'x'.repeat(301) },
      { ...ok, extra: true },
    ]) {
      const answer = await transfer(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await transfer({ ...ok, productId: randomUUID() })).status).toBe(404);
    expect((await transfer({ ...ok, toLocationId: randomUUID() })).status).toBe(404);
    expect(await stockFigures(app.ctx.db, lamp.id)).toEqual({ stock: 5, reserved: 0, at: { [main]: 5 } });
  });

  it('moves named devices with the units, and refuses serials that are not there', async () => {
    const main = await mainWarehouseId(app.ctx.db);
    const store = await warehouse();
    const shs = await insertProduct(app.ctx.db, { name: 'Home System', stock: 2 });
    const serial = `SHS${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
    await app.ctx.db.execute(sql`
      insert into devices (serial_number, product_id, starting_code, secret_key_encrypted, location_id)
      values (${serial}, ${shs.id}, 123, 'sealed', ${main})`);
    const wrong = await transfer({
      productId: shs.id,
      fromLocationId: main,
      toLocationId: store.id,
      quantity: 1,
      serials: ['NOPE0001'],
    });
    expect([wrong.status, wrong.body.error.code]).toEqual([422, 'device_not_in_stock']);
    expect(await stockFigures(app.ctx.db, shs.id)).toEqual({ stock: 2, reserved: 0, at: { [main]: 2 } });
    const moved = await transfer({
      productId: shs.id,
      fromLocationId: main,
      toLocationId: store.id,
      quantity: 1,
      serials: [serial],
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    expect(moved.body.serials).toEqual([serial]);
    const devices = await api().get(`/api/admin/devices?serial=${serial}`);
    expect(devices.body.items[0]).toMatchObject({ locationId: store.id, locationName: store.name });
    await expectStockInvariant(app.ctx.db);
  });
});

describe('an agent’s stock', () => {
  it('shows an agent the units they hold, and nothing to a customer', async () => {
    const main = await mainWarehouseId(app.ctx.db);
    const agent = await approvedAgent(app.ctx, api());
    expect((await agent.api.get('/api/agent/stock')).body).toEqual({ items: [] });
    const held = await api().post('/api/admin/stock/locations', { kind: 'agent', agentId: agent.id });
    const lamp = await insertProduct(app.ctx.db, { name: 'Carried Lamp', stock: 4 });
    expect(
      (await transfer({ productId: lamp.id, fromLocationId: main, toLocationId: held.body.id, quantity: 3 })).status,
    ).toBe(201);
    expect((await agent.api.get('/api/agent/stock')).body).toEqual({
      items: [{ productId: lamp.id, name: 'Carried Lamp', quantity: 3 }],
    });
    const customer = await signedInCustomer(app.ctx);
    expect((await customer.api.get('/api/agent/stock')).status).toBe(403);
    await expectStockInvariant(app.ctx.db);
  });
});

describe('a credit order to a shop', () => {
  it('tells staff a transfer is needed when the shop does not hold the unit', async () => {
    const far = await shop('Credit pickup shop');
    const { product, plan } = await systemOnCredit(app.ctx, api());
    const customer = await creditCustomer(app.ctx, { wallet: 400_000 });
    const applied = await applyFor(
      customer,
      product.id,
      plan.id,
      { method: 'wallet' },
      { fulfilment: 'pickup', pickupPointId: far.pickupPointId, address: undefined },
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const notices = (await app.ctx.db.execute(
      sql`select message from notifications where user_id = ${app.admin.id} and title = 'Stock transfer needed'`,
    )) as unknown as { rows: { message: string }[] };
    expect(notices.rows.map((r) => r.message)).toContainEqual(
      expect.stringContaining(`is to be collected at Credit pickup shop, which does not hold ${product.name} now.`),
    );
    await expectStockInvariant(app.ctx.db);
  });
});

describe('adjustments at a location', () => {
  it('receives new stock at the chosen location and removes units only where they are', async () => {
    const main = await mainWarehouseId(app.ctx.db);
    const store = await warehouse('Gulu store');
    const lamp = await insertProduct(app.ctx.db, { name: 'Gulu Lamp', stock: 2 });
    const adjust = (body: unknown) => api().post(`/api/admin/catalog/products/${lamp.id}/stock-adjustments`, body);
    const received = await adjust({ change: 5, reason: 'Delivery from Mombasa', locationId: store.id });
    expect([received.status, received.body.product.stock]).toEqual([200, 7]);
    expect(await stockFigures(app.ctx.db, lamp.id)).toEqual({
      stock: 7,
      reserved: 0,
      at: { [main]: 2, [store.id]: 5 },
    });
    await expectStockInvariant(app.ctx.db);

    const tooMany = await adjust({ change: -3, reason: 'Stock count', locationId: main });
    expect([tooMany.status, tooMany.body.error.code]).toEqual([422, 'stock_not_at_location']);
    expect(await stockFigures(app.ctx.db, lamp.id)).toEqual({
      stock: 7,
      reserved: 0,
      at: { [main]: 2, [store.id]: 5 },
    });

    expect((await adjust({ change: -3, reason: 'Broken', locationId: store.id })).status).toBe(200);
    expect((await adjust({ change: -1, reason: 'Stock count' })).status).toBe(200);
    expect(await stockFigures(app.ctx.db, lamp.id)).toEqual({
      stock: 3,
      reserved: 0,
      at: { [main]: 1, [store.id]: 2 },
    });
    const moves = (await api().get(`/api/admin/stock/locations/${store.id}/moves`)).body.items;
    expect(moves.map((m: { kind: string; quantity: number; note: string }) => [m.kind, m.quantity, m.note])).toEqual([
      ['removed', 3, 'Broken'],
      ['received', 5, 'Delivery from Mombasa'],
    ]);
    expect((await adjust({ change: 1, reason: 'Found', locationId: randomUUID() })).status).toBe(404);
    await expectStockInvariant(app.ctx.db);
  });

  it('puts a new product’s opening stock at the main warehouse', async () => {
    const main = await mainWarehouseId(app.ctx.db);
    const { newProduct } = await import('../../../test/catalog-admin.ts');
    const made = await api().post('/api/admin/catalog/products', newProduct({ stock: 6 }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await stockFigures(app.ctx.db, made.body.id)).toEqual({ stock: 6, reserved: 0, at: { [main]: 6 } });
    await expectStockInvariant(app.ctx.db);
  });
});
