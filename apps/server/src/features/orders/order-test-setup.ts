import { sql } from 'drizzle-orm';
import type { Order } from '@ecogrid/core/orders';
import { afterAll, beforeAll, expect } from 'vitest';
import { HOUSE_ACCOUNTS, postJournal } from '#src/features/wallet/ledger.service.ts';
import { enrolTotp, promoteToAdmin, signUpByPhoneAndVerify, userIdOfPhone } from '../../../test/auth-helpers.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';

/** What the checkout and order routes answer, loosely typed: the tests check its shape. */
export type OrderAnswer = { order: Order; payment: { id: string; status: string } | null } & Order & {
    items: (Order & { customer: { name: string } })[];
    error: { code: string; message: string };
  };

export const delivery = {
  fulfilment: 'delivery',
  address: { district: 'Kampala', subCounty: 'Kampala Central', village: 'Church Zone', directions: 'Near the mosque' },
};
export const byWallet = { ...delivery, payment: { method: 'wallet' } };

/**
 * The app the order tests run against, made before and closed after the file's tests. The
 * sandbox settles at once, and a network that does not answer times out within half a second.
 */
export function orderTestApp<Answer>() {
  const app = { ctx: undefined as unknown as TestContext };
  beforeAll(async () => {
    app.ctx = await createTestContext({
      settings: { SANDBOX_SETTLE_SECONDS: 0, MOBILE_MONEY_TIMEOUT_SECONDS: 0.5, PAYBILL_NUMBER: '246810' },
    });
  });
  afterAll(async () => app.ctx.close());

  /** An API call as the signed-in user of `cookie`; the answer's body is read when it is JSON. */
  async function call(path: string, cookie: string, method = 'GET', body?: unknown, key?: string) {
    const response = await app.ctx.request(path, {
      method,
      headers: {
        'content-type': 'application/json',
        origin: TEST_ORIGIN,
        cookie,
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = response.headers.get('content-type')?.includes('json') ? await response.json() : null;
    return { status: response.status, headers: response.headers, body: text as Answer };
  }

  /** A customer signed in by phone, with `wallet` shillings in the wallet (and `extra` at sign-up, a language for one). */
  async function customer(wallet = 0, extra: Record<string, unknown> = {}) {
    const account = await signUpByPhoneAndVerify(app.ctx, extra);
    const id = await userIdOfPhone(app.ctx.db, account.e164);
    if (wallet > 0) {
      await app.ctx.db.transaction((tx) =>
        postJournal(tx, {
          idempotencyKey: `fund:${id}`,
          kind: 'wallet_topup',
          description: 'Test funding',
          postings: [
            { account: HOUSE_ACCOUNTS.clearing.mtn, amount: -wallet },
            { wallet: id, amount: wallet },
          ],
        }),
      );
    }
    return { ...account, id };
  }

  /** A product's units in stock now. */
  const stockOf = async (id: string) =>
    (
      (await app.ctx.db.execute(sql`select stock from products where id = ${id}`)) as unknown as {
        rows: { stock: number }[];
      }
    ).rows[0]!.stock;

  /** An admin signed in with the second factor admins need. */
  async function admin() {
    const account = await customer();
    await promoteToAdmin(app.ctx.db, account.id);
    return { ...account, cookie: (await enrolTotp(app.ctx, account.cookie)).cookie };
  }

  async function cartWith(cookie: string, items: { productId: string; quantity?: number; paymentMode?: string }[]) {
    for (const item of items) expect((await call('/api/cart/items', cookie, 'POST', item)).status).toBe(201);
  }

  return { app, call, customer, stockOf, admin, cartWith };
}
