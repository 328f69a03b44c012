import { randomUUID } from 'node:crypto';
import type { Payment } from '@ecogrid/core/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { paymentEvents, payments } from '#src/db/schema/payments.ts';
import { signUpByPhoneAndVerify, userIdOfPhone } from '../../../test/auth-helpers.ts';
import { waitFor } from '../../../test/server-process.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';

/** A JSON answer, loosely typed: the tests check its shape. */
export type Json = {
  id: string;
  items: { kind: string; amount: number; balanceAfter: number; [key: string]: unknown }[];
  error: { code: string; message: string };
  [key: string]: unknown;
};

/**
 * The app the payment tests run against, made before and closed after the file's tests. The
 * sandbox settles at once, calls back late after 2 seconds when asked to, and a network that
 * does not answer times out within half a second.
 */
export function paymentTestApp() {
  const app = { ctx: undefined as unknown as TestContext };
  beforeAll(async () => {
    app.ctx = await createTestContext({
      settings: { SANDBOX_SETTLE_SECONDS: 0, SANDBOX_LATE_CALLBACK_SECONDS: 2, MOBILE_MONEY_TIMEOUT_SECONDS: 0.5 },
    });
  });
  afterAll(async () => app.ctx.close());

  /** A money-moving request, with its Idempotency-Key. */
  function pay(path: string, body: unknown, cookie: string, key: string | null = randomUUID()) {
    return app.ctx.request(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: TEST_ORIGIN,
        cookie,
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: JSON.stringify(body),
    });
  }

  const json = async (response: Response | Promise<Response>) => (await (await response).json()) as Json;

  async function customer() {
    const account = await signUpByPhoneAndVerify(app.ctx);
    return { ...account, id: await userIdOfPhone(app.ctx.db, account.e164) };
  }

  const deps = () => ({
    db: app.ctx.db,
    mobileMoney: app.ctx.mobileMoney,
    logger: app.ctx.logger,
    realtime: app.ctx.realtime,
    messages: app.ctx.messages,
    publicUrl: TEST_ORIGIN,
  });

  async function paymentRow(id: string) {
    const [row] = await app.ctx.db.select().from(payments).where(eq(payments.id, id));
    return row!;
  }

  async function settled(id: string, ms = 10_000) {
    let row = await paymentRow(id);
    await waitFor(
      () => row.status !== 'pending',
      `payment ${id} to settle`,
      ms,
      async () => {
        row = await paymentRow(id);
      },
    );
    return row;
  }

  async function events(id: string) {
    return app.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, id)).orderBy(paymentEvents.id);
  }

  async function topUp(cookie: string, amount: number, phone: string, network: 'mtn' | 'airtel' = 'mtn') {
    const response = await pay('/api/wallet/top-ups', { amount, phone, network }, cookie);
    expect(response.status).toBe(202);
    return (await response.json()) as Payment;
  }

  return { app, pay, json, customer, deps, paymentRow, settled, events, topUp };
}
