import { randomUUID } from 'node:crypto';
import type { Order } from '@ecogrid/core/orders';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/factories.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { byWallet, delivery, orderTestApp, type OrderAnswer } from './order-test-setup.ts';

const { app, call, customer, admin, cartWith } = orderTestApp<OrderAnswer>();
let ctx: TestContext;
beforeAll(() => {
  ctx = app.ctx;
});

const notes = (order: Pick<Order, 'timeline'>) => order.timeline.map((t) => t.note);

/** What the order_events rows keep: the note column and whether a catalogue text is kept beside it. */
async function keptNotes(orderId: string) {
  const { rows } = (await ctx.db.execute(
    sql`select note, note_text is not null as "byCatalogue" from order_events where order_id = ${orderId} order by id`,
  )) as unknown as { rows: { note: string | null; byCatalogue: boolean }[] };
  return rows;
}

describe('order timeline notes in the reader’s language', () => {
  it('shows a Luganda customer the system’s notes in Luganda and an English admin in English, an admin’s own words as written', async () => {
    const [me, boss] = [await customer(100_000, { preferredLanguage: 'luganda' }), await admin()];
    await cartWith(me.cookie, [{ productId: (await insertProduct(ctx.db, { price: 40_000 })).id }]);
    const placed = await call('/api/orders', me.cookie, 'POST', byWallet, randomUUID());
    expect(notes(placed.body.order)).toEqual(['Oda eteekeddwawo', 'Esasuddwa okuva mu waleti']);
    const orderId = placed.body.order.id;
    const moved = await call(`/api/admin/orders/${orderId}/status`, boss.cookie, 'POST', {
      status: 'processing',
      note: 'Packed with a spare bulb',
    });
    expect(notes(moved.body)).toEqual(['Order placed', 'Paid from the wallet', 'Packed with a spare bulb']);

    const mine = (await call(`/api/orders/${orderId}`, me.cookie)).body;
    expect(notes(mine)).toEqual(['Oda eteekeddwawo', 'Esasuddwa okuva mu waleti', 'Packed with a spare bulb']);
    const theirs = (await call(`/api/admin/orders/${orderId}`, boss.cookie)).body;
    expect(notes(theirs)).toEqual(['Order placed', 'Paid from the wallet', 'Packed with a spare bulb']);
    // The column keeps the English copy of what the system wrote, and the admin's words alone.
    expect(await keptNotes(orderId)).toEqual([
      { note: 'Order placed', byCatalogue: true },
      { note: 'Paid from the wallet', byCatalogue: true },
      { note: 'Packed with a spare bulb', byCatalogue: false },
    ]);
  });

  it('gives the reason the system cancelled an order in the reader’s language, and a customer’s own reason as written', async () => {
    const [me, boss] = [await customer(200_000, { preferredLanguage: 'swahili' }), await admin()];
    const lamp = await insertProduct(ctx.db, { price: 40_000, stock: 5 });
    await cartWith(me.cookie, [{ productId: lamp.id }]);
    const first = (await call('/api/orders', me.cookie, 'POST', byWallet, randomUUID())).body.order;
    const cancelled = (await call(`/api/orders/${first.id}/cancel`, me.cookie, 'POST', {})).body;
    expect(cancelled.cancelReason).toBe('Imefutwa na mteja');
    expect(notes(cancelled).at(-1)).toBe('Imefutwa na mteja. UGX 40,000 zimerudishwa kwenye pochi.');
    const seen = (await call(`/api/admin/orders/${first.id}`, boss.cookie)).body;
    expect([seen.cancelReason, notes(seen).at(-1)]).toEqual([
      'Cancelled by the customer',
      'Cancelled by the customer. UGX 40,000 returned to the wallet.',
    ]);

    await cartWith(me.cookie, [{ productId: lamp.id }]);
    const second = (await call('/api/orders', me.cookie, 'POST', byWallet, randomUUID())).body.order;
    const own = (await call(`/api/orders/${second.id}/cancel`, me.cookie, 'POST', { reason: 'Nimenunua sokoni' })).body;
    expect([own.cancelReason, notes(own).at(-1)]).toEqual([
      'Nimenunua sokoni',
      'Nimenunua sokoni. UGX 40,000 zimerudishwa kwenye pochi.',
    ]);
  });

  it('writes why a mobile-money payment failed, and the network’s name, in the reader’s language', async () => {
    const me = await customer(0, { preferredLanguage: 'luganda' });
    await cartWith(me.cookie, [{ productId: (await insertProduct(ctx.db, { price: 45_000 })).id }]);
    // 0772 000101: the sandbox refuses for NOT_ENOUGH_FUNDS.
    const checkout = { ...delivery, payment: { method: 'mobile_money', phone: '0772000101', network: 'mtn' } };
    const placed = (await call('/api/orders', me.cookie, 'POST', checkout, randomUUID())).body.order;
    let order = placed;
    for (let i = 0; i < 100 && order.timeline.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      order = (await call(`/api/orders/${placed.id}`, me.cookie)).body;
    }
    expect(notes(order).at(-1)).toBe(
      'Okusasula kwalemye: ku akawunti ya mobile money tekwali ssente zimala. Oda erindiridde okusasulwa omulundi omulala.',
    );
    const tried = await call(
      `/api/orders/${placed.id}/payments`,
      me.cookie,
      'POST',
      { method: 'airtel', phone: '0752 000106' },
      randomUUID(),
    );
    expect(tried.status).toBe(200);
    expect(notes(tried.body.order).at(-1)).toBe('Okugezaako nate: UGX 45,000 ku Airtel Money okuva ku +256752000106');
  });
});
