import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insertProduct } from './factories.ts';
import { byWallet, orderTestApp } from '../src/features/orders/order-test-setup.ts';

type Answer = Record<string, unknown> & {
  order: { id: string };
  error: { code: string; message: string };
  items: { rating: number; body: string; reviewer: string }[];
  summary: { average: number | null; count: number; stars: number[] };
  canReview: boolean;
  review: { rating: number; body: string; reviewer: string } | null;
  nextCursor: string | null;
};
const { app, call, customer, admin, cartWith } = orderTestApp<Answer>();

/** A customer with the product on an order of theirs, moved by an admin as far as `until`. */
async function buyer(productId: string, fullName: string, until: 'paid' | 'shipped' | 'delivered' = 'delivered') {
  const me = await customer(100_000, { fullName });
  await cartWith(me.cookie, [{ productId }]);
  const order = (await call('/api/orders', me.cookie, 'POST', byWallet, randomUUID())).body.order;
  const boss = await admin();
  const steps = { paid: [], shipped: ['processing', 'shipped'], delivered: ['processing', 'shipped', 'delivered'] };
  for (const status of steps[until]) {
    expect((await call(`/api/admin/orders/${order.id}/status`, boss.cookie, 'POST', { status })).status).toBe(200);
  }
  return me;
}

const reviewsOf = (productId: string, query = '') => call(`/api/catalog/products/${productId}/reviews${query}`, '');
const mine = (productId: string) => `/api/catalog/products/${productId}/reviews/mine`;

describe('product reviews', () => {
  it('lets a customer who received the product rate it, change it and take it back; anyone reads them', async () => {
    const lamp = await insertProduct(app.ctx.db, { price: 20_000 });
    const brenda = await buyer(lamp.id, 'Akello Brenda Nankya');
    expect((await call(mine(lamp.id), brenda.cookie)).body).toEqual({ canReview: true, review: null });

    const written = await call(mine(lamp.id), brenda.cookie, 'PUT', { rating: 4, body: '  Bright all night  ' });
    expect(written.status).toBe(201);
    expect(written.body.review).toMatchObject({ rating: 4, body: 'Bright all night', reviewer: 'Akello N.' });
    const changed = await call(mine(lamp.id), brenda.cookie, 'PUT', { rating: 5, body: 'Still bright after a month' });
    expect([changed.status, changed.body.review?.rating]).toEqual([200, 5]);

    const john = await buyer(lamp.id, 'Okello John');
    await call(mine(lamp.id), john.cookie, 'PUT', { rating: 2 });
    const list = await reviewsOf(lamp.id);
    expect(list.status).toBe(200);
    expect(list.body.summary).toEqual({ average: 3.5, count: 2, stars: [0, 1, 0, 0, 1] });
    expect(list.body.items.map((r) => [r.reviewer, r.rating, r.body])).toEqual([
      ['Okello J.', 2, ''],
      ['Akello N.', 5, 'Still bright after a month'],
    ]);
    // Nobody's full name or id is shown.
    expect(JSON.stringify(list.body)).not.toContain('Brenda');
    expect(JSON.stringify(list.body)).not.toContain(brenda.id);

    const page = await reviewsOf(lamp.id, '?limit=1');
    expect(page.body.items).toHaveLength(1);
    const next = await reviewsOf(lamp.id, `?limit=1&cursor=${page.body.nextCursor}`);
    expect([next.body.items[0]?.reviewer, next.body.nextCursor]).toEqual(['Akello N.', null]);

    const taken = await call(mine(lamp.id), brenda.cookie, 'DELETE');
    expect([taken.status, taken.body.review]).toEqual([200, null]);
    expect((await reviewsOf(lamp.id)).body.summary).toMatchObject({ average: 2, count: 1 });
    expect((await call(mine(lamp.id), brenda.cookie, 'DELETE')).status).toBe(404);
  });

  it('refuses a review from someone whose order has not been delivered, and changes nothing', async () => {
    const radio = await insertProduct(app.ctx.db, { price: 15_000 });
    const waiting = await buyer(radio.id, 'Nakato Sarah', 'shipped');
    expect((await call(mine(radio.id), waiting.cookie)).body).toEqual({ canReview: false, review: null });
    const refused = await call(mine(radio.id), waiting.cookie, 'PUT', { rating: 5 });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'not_a_buyer']);
    const stranger = await customer();
    expect((await call(mine(radio.id), stranger.cookie, 'PUT', { rating: 1 })).status).toBe(403);
    expect((await reviewsOf(radio.id)).body).toMatchObject({ items: [], summary: { average: null, count: 0 } });
  });

  it('answers bad input with a 4xx: stars, words, ids, cursor, no session', async () => {
    const fan = await insertProduct(app.ctx.db, { price: 30_000 });
    const me = await buyer(fan.id, 'Mukasa Peter');
    for (const bad of [{ rating: 0 }, { rating: 6 }, { rating: 3.5 }, { rating: '4' }, {}, { rating: 3, id: 'x' }]) {
      expect((await call(mine(fan.id), me.cookie, 'PUT', bad)).status).toBe(400);
    }
    expect((await call(mine(fan.id), me.cookie, 'PUT', { rating: 3, body: 'x'.repeat(501) })).status).toBe(400);
    expect((await call('/api/catalog/products/not-a-uuid/reviews', '')).status).toBe(400);
    expect((await reviewsOf(randomUUID())).status).toBe(404);
    expect((await call(mine(randomUUID()), me.cookie, 'PUT', { rating: 4 })).status).toBe(404);
    expect((await reviewsOf(fan.id, '?cursor=nonsense')).status).toBe(400);
    expect((await reviewsOf(fan.id, '?limit=500')).status).toBe(400);
    const anonymous = await call(mine(fan.id), '', 'PUT', { rating: 0 });
    expect([anonymous.status, anonymous.body.error.code]).toEqual([401, 'not_authenticated']);
    expect((await reviewsOf(fan.id)).body.summary.count).toBe(0);
  });
});
