import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentCommissions } from '#src/db/schema/agents.ts';
import { HOUSE_ACCOUNTS, postJournal, walletBalance } from '#src/features/wallet/ledger.service.ts';
import { serveCustomer } from './agent-helpers.ts';
import {
  agentMoneyTestApp,
  agentPaidOnAnOrder,
  agentSoldLoan,
  approvedAgent,
  cashAccount,
  cashRequest,
  loanRow,
  paymentRows,
  setCashLimit,
  type Agent,
} from './agent-money-helpers.ts';
import { lastSmsCode } from './auth-helpers.ts';
import type { Client } from './catalog-admin.ts';
import { withChangeAtTheWorstMoment } from './held-change.ts';
import type { TestContext } from './test-app.ts';
import './ledger-check.ts';

// Real concurrency: an agent's cash and commission on a PostgreSQL server's pool, all at once.
const app = agentMoneyTestApp();
let ctx: TestContext;
let admin: { id: string; api: Client };
beforeAll(async () => {
  ({ ctx, admin } = app);
});

describe('cash collected at once', () => {
  it('by two agents for one loan: each applied in turn, never more than owed, the ledger balanced', async () => {
    const first = await approvedAgent(ctx, admin.api, 250);
    const second = await approvedAgent(ctx, admin.api, 250);
    for (const agent of [first, second]) await setCashLimit(ctx, agent.id, 5_000_000);
    const { customer, loan } = await agentSoldLoan(ctx, admin.api, first);
    await serveCustomer(ctx.db, { agentId: second.id, customerId: customer.id, consentExpiresAt: new Date(0) });

    // 900,000 owed: 600,000 from each at once; one fits, the other is refused.
    const answers = await Promise.all(
      [first, second].map((agent) =>
        agent.api.post(
          '/api/agent/collections',
          cashRequest(agent, { customerId: customer.id, loanId: loan.id, amount: 600_000 }),
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    expect(answers.find((a) => a.status === 422)!.body.error.code).toBe('overpayment');
    // Then 150,000 each at once: both fit, paying the loan off exactly.
    const rest = await Promise.all(
      [first, second].map((agent) =>
        agent.api.post(
          '/api/agent/collections',
          cashRequest(agent, { customerId: customer.id, loanId: loan.id, amount: 150_000 }),
        ),
      ),
    );
    expect(rest.map((a) => a.status)).toEqual([201, 201]);
    expect(await loanRow(ctx, loan.id)).toMatchObject({ paid: 1_200_000, status: 'completed' });
    const held = (await cashAccount(ctx, first.id)) + (await cashAccount(ctx, second.id));
    expect(held).toBe(900_000);
  });

  it('by one agent with the same key, sent again before the first answer: applied once', async () => {
    const agent = await approvedAgent(ctx, admin.api, 250);
    await setCashLimit(ctx, agent.id, 5_000_000);
    const { customer, loan } = await agentSoldLoan(ctx, admin.api, agent);
    const request = cashRequest(agent, { customerId: customer.id, loanId: loan.id, amount: 20_000 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => agent.api.post('/api/agent/collections', request)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.collection.paymentId)).size).toBe(1);
    expect((await paymentRows(ctx, { loanId: loan.id })).filter((p) => p.method === 'cash')).toHaveLength(1);
    expect((await loanRow(ctx, loan.id)).paid).toBe(320_000);
  });

  it('by one agent past the cash limit from many customers at once: the limit holds', async () => {
    const agent = await approvedAgent(ctx, admin.api, 250);
    await setCashLimit(ctx, agent.id, 100_000);
    const sales = [];
    for (let i = 0; i < 3; i++) sales.push(await agentSoldLoan(ctx, admin.api, agent));
    const answers = await Promise.all(
      sales.map(({ customer, loan }) =>
        agent.api.post(
          '/api/agent/collections',
          cashRequest(agent, { customerId: customer.id, loanId: loan.id, amount: 40_000 }),
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 422]);
    expect(await cashAccount(ctx, agent.id)).toBe(80_000);
  });
});

const cancel = (orderId: string) =>
  admin.api.post(`/api/admin/orders/${orderId}/status`, { status: 'cancelled', note: 'Customer changed their mind' });

/** How the reversal of the order's commission split its 4,000: from the wallet, and added to the cash owed. */
async function reversalOf(agent: Agent, orderId: string) {
  const [row] = await ctx.db.select().from(agentCommissions).where(eq(agentCommissions.orderId, orderId));
  expect(row!.reversedAt).not.toBeNull();
  const result = (await ctx.db.execute(
    sql`select a.code, p.amount from ledger_postings p join ledger_accounts a on a.id = p.account_id
        where p.transaction_id = ${row!.reversalJournalId}`,
  )) as unknown as { rows: { code: string; amount: string | number }[] };
  const by = new Map(result.rows.map((r) => [r.code, Number(r.amount)]));
  expect(by.get(HOUSE_ACCOUNTS.commissionExpense)).toBe(4_000);
  const fromWallet = 0 - (by.get(`wallet:${agent.id}`) ?? 0);
  const owed = 0 - (by.get(`cash:${agent.id}`) ?? 0);
  expect(fromWallet + owed).toBe(4_000);
  return { fromWallet, owed };
}

describe('a commission reversed while the agent’s wallet moves', () => {
  it('takes what the wallet holds once a debit waiting on it commits, the rest owed with the cash', async () => {
    const { agent, order } = await agentPaidOnAnOrder(ctx, admin.api);
    // 10,000 leaves the wallet in a transaction still open when the cancellation reads the wallet.
    const cancelled = await withChangeAtTheWorstMoment(
      ctx.db,
      (tx) =>
        postJournal(tx, {
          idempotencyKey: `spent:${randomUUID()}`,
          kind: 'payout',
          description: 'Withdrawn',
          postings: [
            { wallet: agent.id, amount: -10_000 },
            { account: HOUSE_ACCOUNTS.payouts.mtn, amount: 10_000 },
          ],
        }),
      () => cancel(order.id),
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await reversalOf(agent, order.id)).toEqual({ fromWallet: 1_500, owed: 2_500 });
    expect(await walletBalance(ctx.db, agent.id)).toBe(0);
    expect(await cashAccount(ctx, agent.id)).toBe(162_500);
  });

  it('never fails when the agent withdraws at the same moment, many times over', async () => {
    for (let round = 0; round < 8; round++) {
      const { agent, order } = await agentPaidOnAnOrder(ctx, admin.api);
      expect((await agent.api.post('/api/wallet/withdrawals/code', {})).status).toBe(200);
      const code = await lastSmsCode(ctx.db, agent.e164);
      const [cancelled, withdrawn] = await Promise.all([
        cancel(order.id),
        agent.api.post('/api/wallet/withdrawals', { amount: 10_000, phone: agent.local, network: 'mtn', code }),
      ]);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      const { fromWallet, owed } = await reversalOf(agent, order.id);
      if (withdrawn.status === 202) {
        // The withdrawal went first: the reversal took the 1,500 left and the rest is owed.
        expect({ fromWallet, owed }).toEqual({ fromWallet: 1_500, owed: 2_500 });
      } else {
        // The reversal went first: 7,500 was left, too little for the withdrawal, which changed nothing.
        expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(422);
        expect(withdrawn.body.error.code).toBe('insufficient_funds');
        expect({ fromWallet, owed }).toEqual({ fromWallet: 4_000, owed: 0 });
        expect(await walletBalance(ctx.db, agent.id)).toBe(7_500);
      }
      expect(await cashAccount(ctx, agent.id)).toBe(160_000 + owed);
    }
  });
});
