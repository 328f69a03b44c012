import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpByPhoneAndVerify, userIdOfPhone } from './auth-helpers.ts';
import { insertProduct } from './factories.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from './test-app.ts';
import { HOUSE_ACCOUNTS, postJournal, walletBalance } from '#src/features/wallet/ledger.service.ts';

// Real concurrency: the app's checkouts on a PostgreSQL server's pool, all at once.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const request = (path: string, cookie: string, body: unknown, key?: string) =>
  ctx.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: TEST_ORIGIN,
      cookie,
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });

describe('the last units of a product', () => {
  it('go to exactly as many of 20 racing customers as there are units', async () => {
    const lamp = await insertProduct(ctx.db, { name: 'Last Lantern', price: 30_000, stock: 3 });
    const customers = [];
    for (let i = 0; i < 20; i++) {
      const account = await signUpByPhoneAndVerify(ctx);
      const id = await userIdOfPhone(ctx.db, account.e164);
      await ctx.db.transaction((tx) =>
        postJournal(tx, {
          idempotencyKey: `fund:${id}`,
          kind: 'wallet_topup',
          description: 'Funding for the race',
          postings: [
            { account: HOUSE_ACCOUNTS.clearing.mtn, amount: -100_000 },
            { wallet: id, amount: 100_000 },
          ],
        }),
      );
      expect((await request('/api/cart/items', account.cookie, { productId: lamp.id })).status).toBe(201);
      customers.push({ ...account, id });
    }
    const checkout = {
      fulfilment: 'delivery',
      address: { district: 'Kampala', subCounty: 'Kampala Central', village: 'Church Zone', directions: '' },
      payment: { method: 'wallet' },
    };
    const answers = await Promise.all(
      customers.map(async (c) => {
        const response = await request('/api/orders', c.cookie, checkout, randomUUID());
        return { status: response.status, body: (await response.json()) as { error?: { code: string } } };
      }),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(17);
    for (const r of refused) expect([r.status, r.body.error?.code]).toEqual([409, 'out_of_stock']);
    const stock = (await ctx.db.execute(sql`select stock from products where id = ${lamp.id}`)) as unknown as {
      rows: { stock: number }[];
    };
    expect(stock.rows[0]!.stock).toBe(0);
    const balances = await Promise.all(customers.map((c) => walletBalance(ctx.db, c.id)));
    expect(balances.filter((b) => b === 70_000)).toHaveLength(3);
    expect(balances.filter((b) => b === 100_000)).toHaveLength(17);
  });
});
