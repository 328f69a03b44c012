import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { agentCustomers } from '#src/db/schema/agents.ts';
import { users } from '#src/db/schema/auth.ts';
import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { loanRepayments, type loans } from '#src/db/schema/loans.ts';
import { orderLines, orders } from '#src/db/schema/orders.ts';
import type { BulkOutcome, SmsSender } from '#src/platform/sms.ts';
import { insertLoan, insertProduct } from './factories.ts';
import { signedInAdmin, type Client } from './catalog-admin.ts';
import { createTestContext, type TestContext } from './test-app.ts';

/** A bulk SMS provider of the test's own: it records each request and can refuse or fail. */
export function fakeBulkSms() {
  const requests: { to: string[]; message: string }[] = [];
  const state = { failNext: 0, refuse: new Set<string>(), seq: 0 };
  const sender: SmsSender = {
    provider: 'africastalking',
    deliver: () => Promise.reject(new Error('Only bulk sends in this test.')),
    async deliverMany(to, message) {
      if (state.failNext > 0) {
        state.failNext -= 1;
        throw new Error("Africa's Talking could not be reached: test");
      }
      requests.push({ to, message });
      return new Map(
        to.map((n): [string, BulkOutcome] =>
          state.refuse.has(n)
            ? [n, { ok: false, error: 'Refused: InvalidPhoneNumber' }]
            : [n, { ok: true, messageId: `ATXid_${++state.seq}` }],
        ),
      );
    },
  };
  return { sender, requests, state };
}

/** The app with a signed-in admin (and, when given, this SMS provider) for a file's tests. */
export function campaignApp(sms?: SmsSender) {
  const app = {
    ctx: undefined as unknown as TestContext,
    admin: undefined as unknown as { id: string; api: Client },
  };
  beforeAll(async () => {
    app.ctx = await createTestContext(sms ? { sms } : {});
    app.admin = await signedInAdmin(app.ctx);
  });
  afterAll(async () => app.ctx.close());
  return app;
}

let phones = 0;

/** A customer made straight in the database, with a confirmed phone unless told otherwise. */
export async function person(
  db: Database,
  p: {
    name: string;
    district?: string | null;
    language?: 'english' | 'luganda' | 'swahili';
    phone?: boolean;
    notifyBySms?: boolean;
    userType?: 'customer' | 'agent';
    isActive?: boolean;
  },
) {
  phones += 1;
  const [row] = await db
    .insert(users)
    .values({
      name: p.name,
      fullName: p.name,
      email: `${randomUUID()}@example.ug`,
      phoneNumber: `+2567${String(Date.now() % 1e4).padStart(4, '0')}${String(phones).padStart(4, '0')}`,
      phoneNumberVerified: p.phone !== false,
      district: p.district === undefined ? 'Kampala' : p.district,
      preferredLanguage: p.language ?? 'english',
      notifyBySms: p.notifyBySms ?? true,
      userType: p.userType ?? 'customer',
      agentStatus: p.userType === 'agent' ? 'approved' : null,
      isActive: p.isActive ?? true,
    })
    .returning({ id: users.id, phone: users.phoneNumber });
  return { id: row!.id, phone: row!.phone!, name: p.name };
}

/** The customer agreed that this agent may act for them, `daysAgo` days ago. */
export async function served(db: Database, customerId: string, agentId: string, daysAgo = 0) {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  await db
    .insert(agentCustomers)
    .values({ agentId, customerId, consentedAt: at, consentExpiresAt: new Date(at.getTime() + 86_400_000) });
}

/** An order of the customer for one unit of the product, in this status. */
export async function bought(
  db: Database,
  customerId: string,
  product: { id: string; name: string; sku: string },
  status: 'paid' | 'delivered' | 'pending_payment' | 'cancelled' = 'delivered',
) {
  const [order] = await db
    .insert(orders)
    .values({
      userId: customerId,
      status,
      fulfilment: 'delivery',
      district: 'Kampala',
      subCounty: 'Kampala Central',
      village: 'Church Zone',
      subtotal: 50_000,
      deliveryFee: 0,
      total: 50_000,
      paymentMethod: 'mtn',
      payBy: new Date(Date.now() + 30 * 60_000),
      idempotencyKey: randomUUID(),
    })
    .returning({ id: orders.id });
  await db.insert(orderLines).values({
    orderId: order!.id,
    productId: product.id,
    name: product.name,
    sku: product.sku,
    unitPrice: 50_000,
    quantity: 1,
    lineTotal: 50_000,
    taxClass: 'exempt',
  });
}

/**
 * A loan of the customer in this status, this many days past due, with a schedule that says the
 * same (its first instalment that many days ago, unpaid), so the daily loan run leaves it so.
 */
export async function loan(
  db: Database,
  customerId: string,
  status: (typeof loans.$inferInsert)['status'],
  daysPastDue = 0,
) {
  const row = await insertLoan(db, customerId, { status, daysPastDue, idempotencyKey: `campaign:${randomUUID()}` });
  const firstDue = addDays(kampalaDate(new Date()), daysPastDue > 0 ? -daysPastDue : 30);
  await db.insert(loanRepayments).values(
    [0, 1, 2, 3].map((i) => ({
      loanId: row.id,
      userId: customerId,
      number: i + 1,
      dueDate: addDays(firstDue, 30 * i),
      amountDue: 10_000,
    })),
  );
}

export { insertProduct };

/** The customer switches SMS updates off, as on My account. */
export async function switchSmsOff(db: Database, userId: string) {
  await db.update(users).set({ notifyBySms: false }).where(eq(users.id, userId));
}

/** `n` customers of one district with confirmed phones, in one statement. */
export async function manyCustomers(db: Database, n: number, district: string) {
  await db.insert(users).values(
    Array.from({ length: n }, (_, i) => ({
      name: `Bulk ${i}`,
      fullName: `Bulk ${i}`,
      email: `bulk-${i}-${randomUUID()}@example.ug`,
      phoneNumber: `+256700${String(i).padStart(6, '0')}`,
      phoneNumberVerified: true,
      district,
    })),
  );
}

/** Reads until `done` holds (a campaign sent by the job queue), at most 20 s. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('Timed out');
}
