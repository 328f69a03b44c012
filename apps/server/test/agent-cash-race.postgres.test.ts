import { beforeAll, describe, expect, it } from 'vitest';
import { serveCustomer } from './agent-helpers.ts';
import {
  agentMoneyTestApp,
  agentSoldLoan,
  approvedAgent,
  cashAccount,
  cashRequest,
  loanRow,
  paymentRows,
  setCashLimit,
} from './agent-money-helpers.ts';
import type { Client } from './catalog-admin.ts';
import type { TestContext } from './test-app.ts';
import './ledger-check.ts';

// Real concurrency: cash collections on a PostgreSQL server's pool, all at once.
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
