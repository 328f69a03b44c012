import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Visit } from '@ecogrid/core/agent-field';
import type { AgentDashboard } from '@ecogrid/core/agent-money';
import { quoteLoan } from '@ecogrid/core/credit';
import { cookiesFrom, send } from '../../../test/auth-helpers.ts';
import { loanDeps } from '../../../test/loan-helpers.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import '../../../test/ledger-check.ts';
import { listAgents } from '../../features/agents/admin-agents.ts';
import { runLoanDay } from '../../features/loans/portfolio.service.ts';
import { checkLedger } from '../../features/wallet/ledger.service.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from './demo-accounts.ts';
import { DEMO_RATE_BP } from './demo-agent-book.ts';
import { demoStock } from './demo-agent-customers.ts';
import { seedDemoAgentBook } from './demo-agent.ts';
import { seedDemoCredit } from './demo-credit.ts';
import { seedDemoData } from './seed.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe("the demo agent's book", () => {
  it('is loaded once, balanced, and read by the agent app and the admins’ list', async () => {
    await seedDemoData(ctx.db);
    await seedDemoCredit(ctx.db, ctx.settings.AUTH_SECRET);
    await seedDemoAccounts(ctx.db);
    expect(await seedDemoAgentBook(ctx.db)).toEqual({ customers: 16 });
    expect(await seedDemoAgentBook(ctx.db)).toEqual({ customers: 0 });
    expect(await checkLedger(ctx.db)).toEqual({
      unbalancedTransactions: 0,
      accountsOffTheirPostings: 0,
      negativeWallets: 0,
      total: 0,
    });

    const stock = (await ctx.db.transaction((tx) => demoStock(tx)))!;
    const quote = quoteLoan(stock.onCredit.price, stock.plan);
    // Three repayments and two cash sales taken in cash today, 100,000 of it handed over.
    const cashTaken = 3 * quote.instalment + 2 * stock.forCash.price;
    const signIn = await send(ctx, '/api/auth/sign-in/phone-number', {
      phoneNumber: '0772000002',
      password: DEMO_PASSWORD,
    });
    const cookie = cookiesFrom(signIn);

    // The day's run (which the app's jobs also start) defaults the loans 90 days behind; they
    // still count among the customers to visit.
    await runLoanDay(loanDeps(ctx));
    const dashboard = await send(ctx, '/api/agent/dashboard', undefined, { cookie });
    expect(dashboard.status).toBe(200);
    const board = (await dashboard.json()) as AgentDashboard;
    expect(board).toMatchObject({
      agent: { agentCode: 'EG-DEMO-01', commissionRateBp: DEMO_RATE_BP },
      today: { salesCount: 3, sales: 3 * stock.forCash.price, collections: cashTaken, collectionsCount: 5 },
      target: { salesTarget: 6_000_000, collectionsTarget: 1_500_000 },
      cashOnHand: cashTaken - 100_000,
      cashLimit: 1_500_000,
      customersToVisit: 8,
    });
    expect(board.cashOnHand).toBeLessThan(board.cashLimit);
    expect(board.walletBalance).toBeGreaterThan(0);

    const { items: visits } = (await (await send(ctx, '/api/agent/visits', undefined, { cookie })).json()) as {
      items: Visit[];
    };
    expect(visits.map((v) => v.daysPastDue)).toEqual([200, 130, 120, 95, 75, 45, 15, 3]);
    const agnes = visits[3]!;
    expect(agnes).toMatchObject({ customerName: 'Nabirye Agnes', village: 'Bugamba' });
    expect(visits[7]!.lastNote).toMatchObject({ promiseAmount: 50_000 });
    expect(visits[7]!.amountOverdue).toBe(quote.instalment);

    // Defaulted by the day's run, by the policy's rule.
    const detail = await send(ctx, `/api/agent/customers/${agnes.customerId}`, undefined, { cookie });
    expect(detail.status).toBe(200);
    expect(await detail.json()).toMatchObject({
      customer: { kycStatus: 'verified', district: 'Buikwe', subCounty: 'Kawolo Division' },
      loans: [{ status: 'defaulted', daysPastDue: 95 }],
    });
    const customers = await (await send(ctx, '/api/agent/customers', undefined, { cookie })).json();
    expect(JSON.stringify(customers)).toContain('Tumusiime Brian');
    const leads = await (await send(ctx, '/api/agent/leads', undefined, { cookie })).json();
    expect(JSON.stringify(leads)).toContain('Lubega Moses');

    const [agent] = (await listAgents(ctx.db, { q: 'EG-DEMO-01' }, { limit: 5 })).items;
    expect(agent).toMatchObject({ customers: 16, cashOnHand: cashTaken - 100_000, month: board.month });
    expect(agent!.par30).toBeGreaterThan(0);
    const applicants = await listAgents(ctx.db, { status: 'applicant' }, { limit: 5 });
    expect(applicants.items.map((a) => a.name)).toContain('Nassali Prossy');
  });
});
