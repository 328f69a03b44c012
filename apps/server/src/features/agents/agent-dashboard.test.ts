import { describe, expect, it } from 'vitest';
import {
  agentMoneyTestApp,
  agentSoldLoan,
  agentWhoCollected,
  approvedAgent,
} from '../../../test/agent-money-helpers.ts';
import { kampalaPeriods } from './agent-figures.ts';

const app = agentMoneyTestApp();

describe('the agent’s dashboard', () => {
  it('counts today’s and this month’s sales, cash and commission, the float, and customers in arrears', async () => {
    const { ctx, admin } = app;
    const { agent, sales } = await agentWhoCollected(ctx, admin.api, { cashLimit: 900_000, cash: 100_000, loans: 2 });
    const second = sales[1]!;
    // The second customer's loan falls 12 days behind.
    await ctx.db.execute(`update loans set days_past_due = 12 where id = '${second.loan.id}'`);

    const answer = await agent.api.get('/api/agent/dashboard');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // Two credit orders at their credit price; two deposits and one repayment earning 2.5 %.
    const figures = { sales: 2_400_000, salesCount: 2, collections: 100_000, collectionsCount: 1, commission: 17_500 };
    expect(answer.body).toMatchObject({
      agent: { agentCode: agent.code, commissionRateBp: 250 },
      today: figures,
      month: figures,
      target: null,
      cashOnHand: 100_000,
      cashLimit: 900_000,
      walletBalance: 17_500,
      customersToVisit: 1,
    });
  });

  it('starts the day and the month at midnight in Kampala (UTC+3)', () => {
    const periods = kampalaPeriods(new Date('2026-03-31T22:30:00Z'));
    expect(periods.today.toISOString()).toBe('2026-03-31T21:00:00.000Z');
    expect(periods.month.toISOString()).toBe('2026-03-31T21:00:00.000Z');
    expect(periods.monthDay).toBe('2026-04-01');
  });

  it('is for approved agents only', async () => {
    const { ctx, admin } = app;
    const customer = (await agentSoldLoan(ctx, admin.api, await approvedAgent(ctx, admin.api))).customer;
    expect((await customer.api.get('/api/agent/dashboard')).status).toBe(403);
  });
});
