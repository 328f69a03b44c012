import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database } from '#src/db/client.ts';
import * as schema from '#src/db/schema/index.ts';
import { agentTargets } from '#src/db/schema/agents.ts';
import { users } from '#src/db/schema/auth.ts';
import { orders } from '#src/db/schema/orders.ts';
import { kampalaPeriods } from '#src/features/agents/agent-figures.ts';
import { agentCashCode, HOUSE_ACCOUNTS, openAccounts, postJournal } from '#src/features/wallet/ledger.service.ts';
import { pendingOrder } from './agent-money-helpers.ts';
import type { TestContext } from './test-app.ts';

/** The test's database again, counting every statement sent through it. */
export function countingDb(ctx: TestContext): { db: Database; count: () => number } {
  let statements = 0;
  const logger = { logQuery: () => void statements++ };
  const handle = ctx.database;
  const db = (handle.kind === 'pglite'
    ? drizzlePglite(handle.client, { schema, logger })
    : drizzlePg(handle.client, { schema, logger })) as unknown as Database;
  return { db, count: () => statements };
}

/**
 * Approved agent number `n` made straight in the database (code `<prefix>-NN`, rate 100 + n bp),
 * holding (n + 1) × 1,000 in cash, with this month's sales target of n × 10,000.
 */
export async function numberedAgent(ctx: TestContext, n: number, prefix: string): Promise<string> {
  const [row] = await ctx.db
    .insert(users)
    .values({
      name: `Page Agent ${n}`,
      fullName: `Page Agent ${n}`,
      email: `${prefix}-${n}@example.com`,
      userType: 'agent',
      agentStatus: 'approved',
      agentCode: `${prefix}-${String(n).padStart(2, '0')}`.toUpperCase(),
      commissionRateBp: 100 + n,
    })
    .returning({ id: users.id });
  const id = row!.id;
  await ctx.db.transaction(async (tx) => {
    await openAccounts(tx, [{ code: agentCashCode(id), kind: 'agent_cash' }]);
    await postJournal(tx, {
      idempotencyKey: `test:${id}:cash`,
      kind: 'cash_collection',
      description: 'Cash taken in for the test',
      postings: [
        { account: agentCashCode(id), amount: -(n + 1) * 1_000 },
        { account: HOUSE_ACCOUNTS.salesRevenue, amount: (n + 1) * 1_000 },
      ],
    });
  });
  await ctx.db
    .insert(agentTargets)
    .values({ agentId: id, month: kampalaPeriods().monthDay, salesTarget: n * 10_000, collectionsTarget: 0 });
  return id;
}

/** A paid order of the customer, sold by the agent. */
export async function paidOrderSoldBy(ctx: TestContext, customerId: string, agentId: string, total: number) {
  const order = await pendingOrder(ctx, customerId, null, total);
  await ctx.db.update(orders).set({ soldBy: agentId, status: 'paid' }).where(eq(orders.id, order.id));
}
