import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { africasTalkingCallbackPath, africasTalkingToken } from '#src/platform/africastalking-callbacks.ts';
import { lastSmsCode } from '../../../test/auth-helpers.ts';
import { signedInAdmin, type Client } from '../../../test/catalog-admin.ts';
import { applyFor, creditCustomer, deliver, importDevices, systemOnCredit } from '../../../test/loan-helpers.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { SCREEN_LIMIT } from './ussd-screen.ts';

/** Posts one step of a USSD session as Africa's Talking does (a form), to the given token's address. */
export function postUssd(ctx: TestContext, fields: Record<string, string>, token = africasTalkingToken(ctx.settings)) {
  return ctx.request(africasTalkingCallbackPath(token, 'ussd'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

/**
 * The app the USSD tests run against (the sandbox network settles at once), with a signed-in
 * admin, made before and closed after the file's tests.
 */
export function ussdTestApp() {
  const app = { ctx: undefined as unknown as TestContext, admin: undefined as unknown as { id: string; api: Client } };
  beforeAll(async () => {
    app.ctx = await createTestContext({ settings: { SANDBOX_SETTLE_SECONDS: 0, SANDBOX_LATE_CALLBACK_SECONDS: 0 } });
    app.admin = await signedInAdmin(app.ctx);
  });
  afterAll(async () => app.ctx.close());

  /**
   * A phone dialling the menu: each `answer` posts the session's answers so far, as the gateway
   * does, and checks the screen is CON or END with at most 182 characters to show.
   */
  function dial(phone: string) {
    const sessionId = `ATUid_${randomUUID()}`;
    const answers: string[] = [];
    const post = async (text: string) => {
      const response = await postUssd(app.ctx, {
        sessionId,
        serviceCode: '*384*21478#',
        phoneNumber: phone,
        networkCode: '64110',
        text,
      });
      const body = await response.text();
      expect(response.status, body).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(body).toMatch(/^(CON|END) /);
      expect(body.slice(4).length, body).toBeLessThanOrEqual(SCREEN_LIMIT);
      return body;
    };
    return {
      sessionId,
      start: () => post(''),
      answer: (value: string) => {
        answers.push(value);
        return post(answers.join('*'));
      },
      /** The same last step again, as a gateway that retries does. */
      again: () => post(answers.join('*')),
    };
  }

  /** A customer with a running loan on a delivered device (so a token), and money in the wallet. */
  async function customerWithLoan() {
    const { product, plan } = await systemOnCredit(app.ctx, app.admin.api);
    const customer = await creditCustomer(app.ctx, { wallet: 1_200_000 });
    const loanId = (await applyFor(customer, product.id, plan.id)).body.loans[0].id as string;
    const orderId = await one<{ order_id: string }>(sql`select order_id from loans where id = ${loanId}`);
    const [serial] = await importDevices(app.ctx, app.admin.api, product.sku);
    expect((await deliver(app.admin.api, orderId.order_id, serial)).status).toBe(200);
    return { ...customer, loanId, serial: serial! };
  }

  /** The first row of a query (tests read other features' tables in SQL, as they may). */
  async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
    const result = (await app.ctx.db.execute(query)) as unknown as { rows: T[] };
    return result.rows[0]!;
  }

  /** The rows of a query. */
  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return ((await app.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  /** Sets the customer's PIN through the menu (7), reading the code from the outbox. */
  async function setPin(phone: string, pin: string, languageChoice?: string) {
    const session = dial(phone);
    if (languageChoice) await session.answer(languageChoice);
    await session.answer('7');
    await session.answer(await lastSmsCode(app.ctx.db, phone));
    await session.answer(pin);
    return session.answer(pin);
  }

  return { app, dial, customerWithLoan, setPin, one, rows };
}
