import { randomBytes, randomInt } from 'node:crypto';
import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { DEFAULT_CREDIT_POLICY, type CreditPolicyRules } from '@ecogrid/core/credit-policy';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach } from 'vitest';
import { loanRepayments, loans } from '#src/db/schema/loans.ts';
import { paymentDeps } from '#src/features/payments/payments.service.ts';
import { HOUSE_ACCOUNTS, postJournal } from '#src/features/wallet/ledger.service.ts';
import { signUpByPhoneAndVerify, userIdOfPhone } from './auth-helpers.ts';
import { client, type Client } from './catalog-admin.ts';
import { insertProduct } from './factories.ts';
import { TEST_ORIGIN, type TestContext } from './test-app.ts';

export const DELIVERY = {
  fulfilment: 'delivery',
  address: { district: 'Kampala', subCounty: 'Kampala Central', village: 'Church Zone', directions: '' },
} as const;

/** A signed-in customer with money in the wallet and, unless told otherwise, a verified identity check. */
export async function creditCustomer(ctx: TestContext, options: { wallet?: number; verified?: boolean } = {}) {
  const account = await signUpByPhoneAndVerify(ctx);
  const id = await userIdOfPhone(ctx.db, account.e164);
  if (options.verified !== false) {
    await ctx.db.execute(
      sql`insert into kyc_records (user_id, status, district) values (${id}, 'verified', 'Kampala')`,
    );
  }
  if (options.wallet) {
    await ctx.db.transaction((tx) =>
      postJournal(tx, {
        idempotencyKey: `fund:${id}`,
        kind: 'wallet_topup',
        description: 'Test funding',
        postings: [
          { account: HOUSE_ACCOUNTS.clearing.mtn, amount: -options.wallet! },
          { wallet: id, amount: options.wallet! },
        ],
      }),
    );
  }
  return { id, local: account.local, e164: account.e164, api: client(ctx, account.cookie) };
}

/** A solar home system sold on credit, with one plan: 1,000,000 cash, 20 % markup, 25 % deposit, 4 monthly instalments. */
export async function systemOnCredit(ctx: TestContext, admin: Client, stock = 5) {
  const product = await insertProduct(ctx.db, {
    price: 1_000_000,
    stock,
    loanEligible: true,
    category: 'solar-home-systems',
  });
  const plan = await admin.post(`/api/admin/products/${product.id}/loan-plans`, {
    name: '4 months',
    depositBp: 2_500,
    instalments: 4,
    frequency: 'monthly',
    markupBp: 2_000,
  });
  if (plan.status !== 201) throw new Error(`plan: ${JSON.stringify(plan.body)}`);
  return { product, plan: plan.body as { id: string } };
}

/** Puts one unit on credit in the customer's cart and applies for it. */
export async function applyFor(
  customer: { api: Client },
  productId: string,
  planId: string,
  payment: Record<string, unknown> = { method: 'wallet' },
  extra: Record<string, unknown> = {},
) {
  const added = await customer.api.post('/api/cart/items', { productId, quantity: 1, paymentMode: 'loan' });
  if (added.status >= 300) throw new Error(`cart: ${JSON.stringify(added.body)}`);
  const cart = await customer.api.get('/api/cart');
  const line = cart.body.lines.find((l: { productId: string; paymentMode: string }) => l.productId === productId);
  return customer.api.post('/api/loans/applications', {
    ...DELIVERY,
    payment,
    plans: [{ cartItemId: line.id, planId }],
    acceptTerms: true,
    ...extra,
  });
}

/** Imports pay-as-you-go devices of the product with this SKU, with fresh keys; returns their serial numbers. */
export async function importDevices(ctx: TestContext, admin: Client, sku: string, count = 1) {
  const serials = Array.from({ length: count }, () => `SHS${randomInt(1e9, 9e9)}`);
  await importDeviceRows(
    ctx,
    admin,
    serials.map((s) => `${s},${sku},${randomInt(1, 999_999_999)},${randomBytes(16).toString('hex')},1,false,1`),
  );
  return serials;
}

/** The first official OpenPAYGO test device: its key and starting code, as the vectors give them. */
export const VECTOR_DEVICE = { key: 'bc41ec9530f6dac86b1a29ab82edc5fb', startingCode: 516959010 };

/** Imports one unit of the product with the official test device's key, at count 1. */
export async function importVectorDevice(ctx: TestContext, admin: Client, sku: string) {
  const serial = `VEC${Date.now()}${randomInt(0, 1000)}`;
  await importDeviceRows(ctx, admin, [`${serial},${sku},${VECTOR_DEVICE.startingCode},${VECTOR_DEVICE.key},1,false,1`]);
  return serial;
}

async function importDeviceRows(ctx: TestContext, admin: Client, rows: string[]) {
  const csv = [
    'serial_number,product_sku,starting_code,secret_key,time_divider,restricted_digit_set,token_count',
    ...rows,
  ].join('\n');
  const response = await ctx.request('/api/admin/devices/import', {
    method: 'POST',
    headers: { 'content-type': 'text/csv', origin: TEST_ORIGIN, cookie: admin.cookie! },
    body: csv,
  });
  if (response.status !== 201) throw new Error(`devices: ${await response.text()}`);
}

/** Moves a credit order through to delivered, which assigns its device. */
export async function deliver(admin: Client, orderId: string, deviceSerial?: string) {
  let last;
  for (const status of ['processing', 'shipped', 'delivered']) {
    const body = status === 'delivered' && deviceSerial ? { status, deviceSerial } : { status };
    last = await admin.post(`/api/admin/orders/${orderId}/status`, body);
    if (last.status !== 200) return last;
  }
  return last!;
}

/** What the loans and payments services need, from a test's app. */
export const loanDeps = (ctx: TestContext) =>
  paymentDeps({
    db: ctx.db,
    mobileMoney: ctx.mobileMoney,
    log: ctx.logger,
    realtime: ctx.realtime,
    messages: ctx.messages,
    publicUrl: ctx.settings.PUBLIC_URL,
    authSecret: ctx.settings.AUTH_SECRET,
  });

/** Moves a loan's first instalment into the past and marks the loan that many days past due. */
export async function overdue(ctx: TestContext, id: string, days: number) {
  const today = kampalaDate(new Date());
  await ctx.db
    .update(loanRepayments)
    .set({ dueDate: addDays(today, -days) })
    .where(and(eq(loanRepayments.loanId, id), eq(loanRepayments.number, 1)));
  await ctx.db.update(loans).set({ daysPastDue: days }).where(eq(loans.id, id));
}

/** An active loan (deposit 300,000 of 1,200,000 paid) put in default this many days ago. */
export async function defaultedLoan(ctx: TestContext, admin: Client, daysAgo: number) {
  const { product, plan } = await systemOnCredit(ctx, admin);
  const customer = await creditCustomer(ctx, { wallet: 300_000 });
  const id: string = (await applyFor(customer, product.id, plan.id)).body.loans[0].id;
  await ctx.db
    .update(loans)
    .set({ status: 'defaulted', defaultedAt: new Date(Date.now() - daysAgo * 86_400_000) })
    .where(eq(loans.id, id));
  return { id, customer };
}

/** `count` copies of a loan (new ids, numbers and orders) in this status, for tests of a large book. */
export async function copiesOfLoan(ctx: TestContext, id: string, count: number, status: 'active' | 'cancelled') {
  const result = (await ctx.db.execute(sql`
    insert into loans (user_id, product_id, plan_id, plan_name, product_name, order_id, status, cash_price,
      credit_price, deposit, instalment, last_instalment, instalments, frequency, markup_bp, deposit_bp,
      fulfilment, idempotency_key)
    select user_id, product_id, plan_id, plan_name, product_name, gen_random_uuid(), ${status}, cash_price,
      credit_price, deposit, instalment, last_instalment, instalments, frequency, markup_bp, deposit_bp,
      fulfilment, 'copy-' || gen_random_uuid()
    from loans, generate_series(1, ${count}) g where id = ${id}
    returning id`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

/**
 * Puts a credit policy (the default with these rules changed) in force as version 1, and takes it
 * away after each test of the file, so each test starts from the default policy.
 */
export function policyPerTest(ctx: () => TestContext) {
  afterEach(async () => {
    await ctx().db.execute(sql`delete from credit_policies`);
  });
  return async (rules: Partial<CreditPolicyRules>) => {
    await ctx().db.execute(
      sql`insert into credit_policies (version, rules) values (1, ${JSON.stringify({ ...DEFAULT_CREDIT_POLICY, ...rules })}::jsonb)`,
    );
  };
}

/** Moves every token of the loan's unit this many days back, as if it were issued then. */
export async function backdateTokens(ctx: TestContext, loanId: string, days: number) {
  await ctx.db.execute(
    sql`update device_tokens set created_at = created_at - make_interval(days => ${days})
        where device_id = (select device_id from loans where id = ${loanId})`,
  );
}
