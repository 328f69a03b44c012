import { randomUUID } from 'node:crypto';
import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/factories.ts';
import { byWallet, orderTestApp, type OrderAnswer } from './order-test-setup.ts';

const { app, call, customer, admin, cartWith } = orderTestApp<
  OrderAnswer & { expectedOn: string | null; courier: { name: string; phone: string } | null }
>();

async function paidOrder(language?: string) {
  const me = await customer(100_000, language ? { preferredLanguage: language } : {});
  await cartWith(me.cookie, [{ productId: (await insertProduct(app.ctx.db, { price: 20_000 })).id }]);
  const order = (await call('/api/orders', me.cookie, 'POST', byWallet, randomUUID())).body.order;
  return { me, order };
}

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await app.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('the delivery day and who brings the order', () => {
  it('lets an admin set the day and the rider; the customer reads them on the order and by SMS', async () => {
    const { me, order } = await paidOrder();
    const boss = await admin();
    const day = addDays(kampalaDate(new Date()), 2);
    const plan = `/api/admin/orders/${order.id}/delivery-plan`;
    const set = await call(plan, boss.cookie, 'PUT', {
      expectedOn: day,
      courier: { name: '  Okello John ', phone: '0772 123456' },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ expectedOn: day, courier: { name: 'Okello John', phone: '+256772123456' } });
    const mine = await call(`/api/orders/${order.id}`, me.cookie);
    expect(mine.body).toMatchObject({ expectedOn: day, courier: { name: 'Okello John', phone: '+256772123456' } });

    const sms = await rows<{ body: string }>(
      sql`select body from outbox_messages where channel = 'sms' and recipient = ${me.e164} order by created_at`,
    );
    expect(sms.at(-1)?.body).toMatch(
      new RegExp(
        `^EcoGrid: Delivery day\\. Your order ${order.number} should reach you on .+\\. Okello John brings it, phone \\+256772123456\\.$`,
      ),
    );
    const audit = await rows<{ action: string }>(
      sql`select action from audit_log where entity_id = ${order.id} and action = 'order.delivery_plan'`,
    );
    expect(audit).toHaveLength(1);

    // Changed later without a rider: the rider is gone, and the customer is told the new day.
    const later = addDays(day, 3);
    const changed = await call(plan, boss.cookie, 'PUT', { expectedOn: later });
    expect(changed.body).toMatchObject({ expectedOn: later, courier: null });
  });

  it('tells a Luganda reader in Luganda', async () => {
    const { me, order } = await paidOrder('luganda');
    const boss = await admin();
    await call(`/api/admin/orders/${order.id}/delivery-plan`, boss.cookie, 'PUT', {
      expectedOn: kampalaDate(new Date()),
    });
    const [note] = await rows<{ title: string; message: string }>(
      sql`select title, message from notifications where user_id = ${me.id} and title = 'Olunaku lw''okutuusa'`,
    );
    expect(note?.message).toMatch(new RegExp(`^Oda yo ${order.number} esuubirwa okukutuukako ku `));
  });

  it('refuses a day past or too far, a bad rider, an order not paid or delivered, and a non-admin', async () => {
    const { me, order } = await paidOrder();
    const boss = await admin();
    const plan = `/api/admin/orders/${order.id}/delivery-plan`;
    const today = kampalaDate(new Date());
    const put = (body: unknown, cookie = boss.cookie) => call(plan, cookie, 'PUT', body);
    expect((await put({ expectedOn: addDays(today, -1) })).status).toBe(422);
    expect((await put({ expectedOn: addDays(today, 61) })).status).toBe(422);
    for (const bad of [
      { expectedOn: '2026-02-30' },
      { expectedOn: 'tomorrow' },
      {},
      { expectedOn: today, courier: { name: 'Okello', phone: '0312 000000' } },
      { expectedOn: today, courier: { name: '', phone: '0772123456' } },
      { expectedOn: today, extra: true },
    ]) {
      expect((await put(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await put({ expectedOn: today }, me.cookie)).status).toBe(403);
    expect(
      (await call(`/api/admin/orders/${randomUUID()}/delivery-plan`, boss.cookie, 'PUT', { expectedOn: today })).status,
    ).toBe(404);
    const [row] = await rows<{ expected_on: string | null }>(
      sql`select expected_on from orders where id = ${order.id}`,
    );
    expect(row?.expected_on).toBeNull();

    for (const status of ['processing', 'shipped', 'delivered']) {
      await call(`/api/admin/orders/${order.id}/status`, boss.cookie, 'POST', { status });
    }
    const late = await put({ expectedOn: today });
    expect([late.status, late.body.error.code]).toEqual([409, 'order_status_not_allowed']);
  });
});
