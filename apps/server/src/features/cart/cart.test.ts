import { randomUUID } from 'node:crypto';
import type { Cart } from '@ecogrid/core/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, signUpAndVerify } from '../../../test/auth-helpers.ts';
import { insertProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

type Answer = Cart & { error: { code: string; message: string } };
async function call(path: string, cookie: string, method = 'GET', body?: unknown) {
  const response = await send(ctx, path, body, { cookie, method });
  return { status: response.status, body: (await response.json()) as Answer };
}

describe('the cart', () => {
  it('needs a signed-in user: User not authenticated', async () => {
    const product = await insertProduct(ctx.db);
    const response = await send(ctx, '/api/cart/items', { productId: product.id });
    expect(response.status).toBe(401);
    expect(((await response.json()) as Answer).error.message).toBe('User not authenticated');
  });

  it("shows each line with the product's name, price and picture, cash by default", async () => {
    const me = await signUpAndVerify(ctx);
    const product = await insertProduct(ctx.db, { name: 'Sun King Pro 400', price: 89_000, images: ['/img/a.webp'] });
    const added = await call('/api/cart/items', me.cookie, 'POST', { productId: product.id });
    expect(added.status).toBe(201);
    expect(added.body.lines).toEqual([
      expect.objectContaining({
        productId: product.id,
        quantity: 1,
        paymentMode: 'cash',
        lineTotal: 89_000,
        problem: null,
        product: expect.objectContaining({ name: 'Sun King Pro 400', price: 89_000, imageUrl: '/img/a.webp' }),
      }),
    ]);
    expect((await call('/api/cart', me.cookie)).body).toMatchObject({ count: 1, cashTotal: 89_000, loanTotal: 0 });
  });

  it('adds the same product in the same payment mode to its line, and another mode as a new line', async () => {
    const me = await signUpAndVerify(ctx);
    const product = await insertProduct(ctx.db, { loanEligible: true, price: 100_000 });
    await call('/api/cart/items', me.cookie, 'POST', { productId: product.id, quantity: 2 });
    await call('/api/cart/items', me.cookie, 'POST', { productId: product.id, quantity: 3, paymentMode: 'cash' });
    const cart = (await call('/api/cart/items', me.cookie, 'POST', { productId: product.id, paymentMode: 'loan' }))
      .body;
    expect(cart.lines.map((l) => [l.paymentMode, l.quantity])).toEqual([
      ['cash', 5],
      ['loan', 1],
    ]);
    expect(cart).toMatchObject({ count: 6, cashTotal: 500_000, loanTotal: 100_000 });
  });

  it('deletes a line whose quantity is set to 0 or less, and sets others', async () => {
    const me = await signUpAndVerify(ctx);
    const a = await insertProduct(ctx.db);
    const b = await insertProduct(ctx.db);
    await call('/api/cart/items', me.cookie, 'POST', { productId: a.id });
    const cart = (await call('/api/cart/items', me.cookie, 'POST', { productId: b.id })).body;
    const [lineA, lineB] = cart.lines;
    const set = await call(`/api/cart/items/${lineA!.id}`, me.cookie, 'PATCH', { quantity: 4 });
    expect(set.body.lines.find((l) => l.id === lineA!.id)?.quantity).toBe(4);
    expect((await call(`/api/cart/items/${lineA!.id}`, me.cookie, 'PATCH', { quantity: 0 })).body.lines).toHaveLength(
      1,
    );
    expect((await call(`/api/cart/items/${lineB!.id}`, me.cookie, 'PATCH', { quantity: -3 })).body.lines).toHaveLength(
      0,
    );
  });

  it('removes one line, and clears the cart', async () => {
    const me = await signUpAndVerify(ctx);
    const [a, b] = [await insertProduct(ctx.db), await insertProduct(ctx.db)];
    await call('/api/cart/items', me.cookie, 'POST', { productId: a.id });
    const cart = (await call('/api/cart/items', me.cookie, 'POST', { productId: b.id })).body;
    const removed = await call(`/api/cart/items/${cart.lines[0]!.id}`, me.cookie, 'DELETE');
    expect(removed.status).toBe(200);
    expect(removed.body.lines.map((l) => l.productId)).toEqual([b.id]);
    const cleared = await call('/api/cart', me.cookie, 'DELETE');
    expect(cleared.body).toMatchObject({ lines: [], count: 0, cashTotal: 0 });
  });

  it('refuses inactive and out-of-stock products, credit for cash-only ones and absurd quantities, changing nothing', async () => {
    const me = await signUpAndVerify(ctx);
    const gone = await insertProduct(ctx.db, { active: false });
    const none = await insertProduct(ctx.db, { name: 'Lantern X', stock: 0 });
    const few = await insertProduct(ctx.db, { name: 'Lantern Y', stock: 3 });
    const cashOnly = await insertProduct(ctx.db, { loanEligible: false });
    const cases: [unknown, number, string][] = [
      [{ productId: gone.id }, 422, 'This product is no longer sold.'],
      [{ productId: none.id }, 422, 'Lantern X is out of stock.'],
      [{ productId: few.id, quantity: 4 }, 422, 'Only 3 of Lantern Y left in stock.'],
      [
        { productId: cashOnly.id, paymentMode: 'loan' },
        422,
        'This product is not sold on credit. Add it to the cart as a cash purchase.',
      ],
      [{ productId: few.id, quantity: 0 }, 400, 'quantity: Quantity must be at least 1'],
      [{ productId: few.id, quantity: 51 }, 400, 'quantity: At most 50 of one product per order'],
      [{ productId: few.id, quantity: 1.5 }, 400, 'quantity: Quantity must be a whole number'],
      [{ productId: few.id, paymentMode: 'barter' }, 400, 'paymentMode: Payment mode must be cash or loan'],
      [{ productId: 'undefined' }, 400, 'productId: Invalid product id. Please ensure you are properly authenticated.'],
      [{ productId: randomUUID() }, 422, 'This product is no longer sold.'],
    ];
    for (const [body, status, message] of cases) {
      const answer = await call('/api/cart/items', me.cookie, 'POST', body);
      expect([answer.status, answer.body.error?.message], JSON.stringify(body)).toEqual([status, message]);
    }
    await call('/api/cart/items', me.cookie, 'POST', { productId: few.id, quantity: 3 });
    const more = await call('/api/cart/items', me.cookie, 'POST', { productId: few.id });
    expect(more.status).toBe(422);
    expect(more.body.error.message).toBe('Only 3 of Lantern Y left in stock. Your cart already holds what is left.');
    expect((await call('/api/cart', me.cookie)).body.lines.map((l) => l.quantity)).toEqual([3]);
  });

  it("keeps each customer's cart to themselves", async () => {
    const [me, other] = [await signUpAndVerify(ctx), await signUpAndVerify(ctx)];
    const product = await insertProduct(ctx.db);
    const mine = (await call('/api/cart/items', me.cookie, 'POST', { productId: product.id })).body.lines[0]!;
    expect((await call('/api/cart', other.cookie)).body.lines).toEqual([]);
    expect((await call(`/api/cart/items/${mine.id}`, other.cookie, 'PATCH', { quantity: 5 })).status).toBe(404);
    expect((await call(`/api/cart/items/${mine.id}`, other.cookie, 'DELETE')).status).toBe(404);
    await call('/api/cart', other.cookie, 'DELETE');
    expect((await call('/api/cart', me.cookie)).body.lines.map((l) => l.quantity)).toEqual([1]);
  });

  it('marks a line that can no longer be bought as it is', async () => {
    const me = await signUpAndVerify(ctx);
    const product = await insertProduct(ctx.db, { name: 'Lantern Z', stock: 5 });
    await call('/api/cart/items', me.cookie, 'POST', { productId: product.id, quantity: 4 });
    await ctx.db.execute(sql`update products set stock = 2 where id = ${product.id}`);
    expect((await call('/api/cart', me.cookie)).body.lines[0]!.problem).toBe('Only 2 of Lantern Z left in stock.');
  });
});
