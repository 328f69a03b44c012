import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { agentProfiles } from '#src/db/schema/agents.ts';
import { users } from '#src/db/schema/auth.ts';
import { loans } from '#src/db/schema/loans.ts';
import { orders } from '#src/db/schema/orders.ts';
import { payments } from '#src/db/schema/payments.ts';
import { HOUSE_ACCOUNTS, postJournal } from '#src/features/wallet/ledger.service.ts';
import { serveCustomer } from './agent-helpers.ts';
import { signUpByPhoneAndVerify, userIdOfPhone } from './auth-helpers.ts';
import { appWithAdmin } from './catalog-admin.ts';
import { client, type Client } from './catalog-admin.ts';
import { applyFor, creditCustomer, systemOnCredit } from './loan-helpers.ts';
import type { TestContext } from './test-app.ts';

export type Agent = { id: string; code: string; api: Client; e164: string; local: string };

/** Someone signed up by phone whom an admin turned into an approved agent at this commission rate, through the admin API. */
export async function approvedAgent(ctx: TestContext, admin: Client, commissionRateBp = 250): Promise<Agent> {
  const account = await signUpByPhoneAndVerify(ctx);
  const agent = { id: await userIdOfPhone(ctx.db, account.e164), api: client(ctx, account.cookie) };
  const role = await admin.patch(`/api/admin/users/${agent.id}/role`, { userType: 'agent' });
  if (role.status !== 200) throw new Error(`role: ${JSON.stringify(role.body)}`);
  const code = `EG-${agent.id.slice(0, 6)}`.toUpperCase().replace(/[^A-Z0-9-]/g, 'X');
  const approved = await admin.post(`/api/admin/users/${agent.id}/approve-agent`, {
    agentCode: code,
    commissionRateBp,
  });
  if (approved.status !== 200) throw new Error(`approve: ${JSON.stringify(approved.body)}`);
  return { id: agent.id, code, api: agent.api, e164: account.e164, local: account.local };
}

/** The agent's cash limit, set as an admin would. */
export async function setCashLimit(ctx: TestContext, agentId: string, cashLimit: number) {
  await ctx.db.insert(agentProfiles).values({ agentId, cashLimit }).onConflictDoUpdate({
    target: agentProfiles.agentId,
    set: { cashLimit },
  });
}

/**
 * A customer the agent serves, who bought a solar home system on credit through them (1,200,000
 * on credit; the 300,000 deposit paid from the wallet unless `deposit` is 'later'): the loan
 * names the agent and their rate.
 */
export async function agentSoldLoan(
  ctx: TestContext,
  admin: Client,
  agent: Agent,
  options: { deposit?: 'wallet' | 'later'; stock?: number } = {},
) {
  const { product, plan } = await systemOnCredit(ctx, admin, options.stock ?? 5);
  const customer = await creditCustomer(ctx, { wallet: options.deposit === 'later' ? 0 : 300_000 });
  await serveCustomer(ctx.db, {
    agentId: agent.id,
    customerId: customer.id,
    consentExpiresAt: new Date(Date.now() + 86_400_000),
  });
  const payment =
    // The sandbox refuses this number's payment (not enough money): the loan waits for its deposit.
    options.deposit === 'later'
      ? { method: 'mobile_money', network: 'mtn', phone: '0772000101' }
      : { method: 'wallet' };
  const applied = await applyFor(customer, product.id, plan.id, payment);
  if (applied.status >= 300) throw new Error(`apply: ${JSON.stringify(applied.body)}`);
  const loanId = applied.body.loans[0].id as string;
  for (let i = 0; options.deposit === 'later' && i < 50; i++) {
    const result = (await ctx.db.execute(
      sql`select p.status from loans l join payments p on p.id = l.deposit_payment_id where l.id = ${loanId}`,
    )) as unknown as { rows: { status: string }[] };
    if (result.rows[0]?.status !== 'pending') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const [loan] = await ctx.db.select().from(loans).where(eq(loans.id, loanId));
  return { customer, product, loan: loan! };
}

/**
 * An agent at this rate and cash limit who sold `loans` solar home systems on credit (deposits
 * paid) and took `cash` in cash for a repayment of the first, as their phone records it.
 */
export async function agentWhoCollected(
  ctx: TestContext,
  admin: Client,
  options: { rateBp?: number; cashLimit: number; cash: number; loans?: number },
) {
  const agent = await approvedAgent(ctx, admin, options.rateBp ?? 250);
  await setCashLimit(ctx, agent.id, options.cashLimit);
  const sales = [];
  for (let i = 0; i < (options.loans ?? 1); i++) sales.push(await agentSoldLoan(ctx, admin, agent));
  const { customer, loan } = sales[0]!;
  const cash = await agent.api.post(
    '/api/agent/collections',
    cashRequest(agent, { customerId: customer.id, loanId: loan.id, amount: options.cash }),
  );
  if (cash.status !== 201) throw new Error(`collect: ${JSON.stringify(cash.body)}`);
  return { agent, sales };
}

/** An order of the customer waiting for payment, sold by the agent at their rate (as the agent's sale makes it). */
export async function pendingOrder(ctx: TestContext, customerId: string, agent: Agent | null, total = 150_000) {
  const [order] = await ctx.db
    .insert(orders)
    .values({
      userId: customerId,
      fulfilment: 'delivery',
      district: 'Kampala',
      subCounty: 'Kampala Central',
      village: 'Church Zone',
      subtotal: total,
      deliveryFee: 0,
      total,
      paymentMethod: 'mtn',
      soldBy: agent?.id ?? null,
      commissionBp: agent ? 250 : null,
      payBy: new Date(Date.now() + 30 * 60_000),
      idempotencyKey: randomUUID(),
    })
    .returning();
  return order!;
}

/**
 * An agent (cash limit 5,000,000) whose wallet holds 11,500 of commission at 2.5 %: 7,500 on the
 * deposit of a loan they sold and 4,000 on an order of 160,000 they sold and collected in cash
 * (so 160,000 cash on hand), the order now paid.
 */
export async function agentPaidOnAnOrder(ctx: TestContext, admin: Client) {
  const agent = await approvedAgent(ctx, admin, 250);
  await setCashLimit(ctx, agent.id, 5_000_000);
  const { customer } = await agentSoldLoan(ctx, admin, agent);
  const order = await pendingOrder(ctx, customer.id, agent, 160_000);
  const paid = await agent.api.post(
    '/api/agent/collections',
    cashRequest(agent, { purpose: 'order', customerId: customer.id, orderId: order.id, amount: 160_000 }),
  );
  if (paid.status !== 201) throw new Error(`collection: ${JSON.stringify(paid.body)}`);
  return { agent, customer, order, collection: paid.body.collection };
}

/** A cash collection as the agent's phone sends it. */
export function cashRequest(agent: Agent, body: Record<string, unknown>) {
  return {
    clientKey: randomUUID(),
    receiptNumber: `${agent.code}-${randomUUID().slice(0, 6).toUpperCase()}`,
    recordedAt: new Date().toISOString(),
    purpose: 'loan_repayment',
    ...body,
  };
}

/** Cash on hand as the ledger holds it (minus the agent's cash account's balance). */
export async function cashAccount(ctx: TestContext, agentId: string): Promise<number> {
  const result = (await ctx.db.execute(
    sql`select balance from ledger_accounts where code = ${`cash:${agentId}`}`,
  )) as unknown as { rows: { balance: string | number }[] };
  return 0 - Number(result.rows[0]?.balance ?? 0);
}

/** A loan's row as it is now. */
export async function loanRow(ctx: TestContext, id: string) {
  const [row] = await ctx.db.select().from(loans).where(eq(loans.id, id));
  return row!;
}

/** The payments of a loan, or the one with a reference. */
export async function paymentRows(ctx: TestContext, where: { loanId?: string; reference?: string }) {
  return ctx.db
    .select()
    .from(payments)
    .where(where.loanId ? eq(payments.loanId, where.loanId) : eq(payments.reference, where.reference!));
}

/** The agent's commission rate changed, as an admin would. */
export async function setCommissionRate(ctx: TestContext, agentId: string, rateBp: number) {
  await ctx.db.update(users).set({ commissionRateBp: rateBp }).where(eq(users.id, agentId));
}

/** Money leaves the agent's wallet (spent or withdrawn) without a trace elsewhere in these tests. */
export async function drainWallet(ctx: TestContext, agentId: string, amount: number) {
  await ctx.db.transaction((tx) =>
    postJournal(tx, {
      idempotencyKey: `drain:${randomUUID()}`,
      kind: 'payout',
      description: 'Spent',
      postings: [
        { wallet: agentId, amount: -amount },
        { account: HOUSE_ACCOUNTS.payouts.mtn, amount },
      ],
    }),
  );
}

/** The app an agents' money test file runs against, with a signed-in admin. */
export const agentMoneyTestApp = appWithAdmin;
