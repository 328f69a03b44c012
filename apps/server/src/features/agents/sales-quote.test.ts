import { DEFAULT_CREDIT_POLICY } from '@ecogrid/core/credit-policy';
import { describe, expect, it } from 'vitest';
import { systemOnCredit } from '../../../test/loan-helpers.ts';
import { DELIVERY, saleTestApp } from './sales-test-setup.ts';

const { app, agentWithCustomer, termsCode } = saleTestApp();

/** Quotes three units of a system (225,000 a month each, 300,000 deposit), then sells them for cash. */
async function quoteThenSell(declaredIncome?: number) {
  const { agent, customer, sales } = await agentWithCustomer();
  const { product, plan } = await systemOnCredit(app.ctx, app.admin.api, 5);
  const request = {
    lines: [{ productId: product.id, quantity: 3, planId: plan.id }],
    ...DELIVERY,
    ...(declaredIncome === undefined ? {} : { declaredIncome }),
  };
  const quote = await agent.api.post(`${sales}/quote`, request);
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  const { code } = await termsCode(agent, sales, customer.e164, request);
  const sold = await agent.api.post(sales, { ...request, code, payment: { method: 'cash' } });
  expect(sold.status, JSON.stringify(sold.body)).toBe(201);
  const statuses = sold.body.loans.map((l: { status: string }) => l.status);
  return { quote: quote.body, statuses };
}

describe('the quote of a sale on credit', () => {
  it('says a unit waits exactly when the credit policy will hold it: the open-loan limit', async () => {
    const { quote, statuses } = await quoteThenSell();
    expect(statuses).toEqual(['approved', 'approved', 'pending_approval']);
    expect(quote).toMatchObject({ waitingForApproval: 1, payNow: 600_000, deposits: 900_000 });
  });

  it('judges the instalments against the income declared with the quote, as the sale does', async () => {
    // 30 % of 1,000,000 a month covers one instalment of 225,000, not two.
    const { quote, statuses } = await quoteThenSell(1_000_000);
    expect(statuses).toEqual(['approved', 'pending_approval', 'pending_approval']);
    expect(quote).toMatchObject({ waitingForApproval: 2, payNow: 300_000 });
  });

  it('counts a unit the policy refuses neither as waiting nor as due now', async () => {
    const saved = await app.admin.api.put('/api/admin/credit-policy', {
      rules: { ...DEFAULT_CREDIT_POLICY, outcomes: { ...DEFAULT_CREDIT_POLICY.outcomes, unaffordable: 'refuse' } },
      note: 'Unaffordable instalments are refused',
    });
    expect(saved.status).toBe(200);
    const { quote, statuses } = await quoteThenSell(1_000_000);
    expect(statuses).toEqual(['approved', 'cancelled', 'cancelled']);
    expect(quote).toMatchObject({ waitingForApproval: 0, payNow: 300_000 });
  });
});
