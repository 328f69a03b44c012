import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentCommissions } from '#src/db/schema/agents.ts';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import { lastSmsCode } from '../../../test/auth-helpers.ts';
import {
  agentMoneyTestApp,
  agentPaidOnAnOrder,
  agentSoldLoan,
  approvedAgent,
  cashAccount,
  cashRequest,
  drainWallet,
  loanRow,
  setCashLimit,
  setCommissionRate,
  type Agent,
} from '../../../test/agent-money-helpers.ts';
import type { Client } from '../../../test/catalog-admin.ts';
import type { TestContext } from '../../../test/test-app.ts';
import '../../../test/ledger-check.ts';

const app = agentMoneyTestApp();
let ctx: TestContext;
let admin: { id: string; api: Client };
beforeAll(async () => {
  ({ ctx, admin } = app);
});

const commissionsOf = (agentId: string) =>
  ctx.db.select().from(agentCommissions).where(eq(agentCommissions.agentId, agentId));

async function statement(agent: Agent) {
  const answer = await agent.api.get('/api/wallet/statement');
  expect(answer.status).toBe(200);
  return answer.body.items as { kind: string; description: string; amount: number }[];
}

describe('commission on what an agent sold', () => {
  it('is paid on the deposit and each repayment at the rate of the sale, naming the payment', async () => {
    const agent = await approvedAgent(ctx, admin.api, 250);
    await setCashLimit(ctx, agent.id, 5_000_000);
    const { customer, loan } = await agentSoldLoan(ctx, admin.api, agent);
    expect(loan).toMatchObject({ agentId: agent.id, commissionBp: 250, status: 'active' });
    // 2.5 % of the 300,000 deposit paid from the customer's wallet.
    expect(await walletBalance(ctx.db, agent.id)).toBe(7_500);

    // The agent's rate goes up after the sale: the loan keeps the rate it was sold at.
    await setCommissionRate(ctx, agent.id, 1_000);
    const cash = await agent.api.post(
      '/api/agent/collections',
      cashRequest(agent, { customerId: customer.id, loanId: loan.id, amount: 40_001 }),
    );
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
    // 40,001 × 2.5 % = 1,000.025: rounded down.
    expect(await walletBalance(ctx.db, agent.id)).toBe(8_500);

    const rows = await commissionsOf(agent.id);
    expect(rows.map((r) => [r.base, r.rateBp, r.amount]).sort()).toEqual([
      [300_000, 250, 7_500],
      [40_001, 250, 1_000],
    ]);
    const lines = await statement(agent);
    expect(lines[0]).toMatchObject({ kind: 'commission', amount: 1_000 });
    expect(lines[0]!.description).toContain(cash.body.collection.receiptNumber);
    expect(lines[0]!.description).toContain(cash.body.collection.customerName);
    expect((await loanRow(ctx, loan.id)).paid).toBe(340_001);
  });

  it('is taken back once when a paid order is cancelled, the shortfall owed with the cash', async () => {
    const { agent, order, collection } = await agentPaidOnAnOrder(ctx, admin.api);
    expect(collection.orderNumber).toBe(order.number);
    // 7,500 on the loan's deposit and 4,000 on the order.
    expect(await walletBalance(ctx.db, agent.id)).toBe(11_500);
    const held = await cashAccount(ctx, agent.id);
    expect(held).toBe(160_000);

    // The agent spent all but 1,000 of the wallet meanwhile.
    await drainWallet(ctx, agent.id, 10_500);
    const cancelled = await admin.api.post(`/api/admin/orders/${order.id}/status`, {
      status: 'cancelled',
      note: 'Customer changed their mind',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await walletBalance(ctx.db, agent.id)).toBe(0);
    expect(await cashAccount(ctx, agent.id)).toBe(held + 3_000);
    const [reversed] = (await commissionsOf(agent.id)).filter((r) => r.orderId === order.id);
    expect(reversed!.reversedAt).not.toBeNull();
    const lines = await statement(agent);
    expect(lines[0]).toMatchObject({ kind: 'commission_reversal', amount: -1_000 });
    expect(lines[0]!.description).toContain(order.number);
  });

  it('posts nothing when the rate comes to nothing', async () => {
    const agent = await approvedAgent(ctx, admin.api, 0);
    await agentSoldLoan(ctx, admin.api, agent);
    expect(await commissionsOf(agent.id)).toEqual([]);
    expect(await walletBalance(ctx.db, agent.id)).toBe(0);
  });
});

describe('an agent’s wallet', () => {
  it('is withdrawn to mobile money as a customer’s is, confirmed by an SMS code', async () => {
    const agent = await approvedAgent(ctx, admin.api, 250);
    await agentSoldLoan(ctx, admin.api, agent);
    expect(await walletBalance(ctx.db, agent.id)).toBe(7_500);
    expect((await agent.api.post('/api/wallet/withdrawals/code', {})).status).toBe(200);
    const code = await lastSmsCode(ctx.db, agent.e164);
    const out = await agent.api.post('/api/wallet/withdrawals', {
      amount: 7_000,
      phone: agent.local,
      network: 'mtn',
      code,
    });
    expect(out.status, JSON.stringify(out.body)).toBe(202);
    expect(out.body).toMatchObject({ purpose: 'payout', amount: 7_000 });
    expect(await walletBalance(ctx.db, agent.id)).toBe(500);
  });
});
