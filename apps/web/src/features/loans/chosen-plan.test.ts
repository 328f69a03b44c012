// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { aMonthlyPlan, aPlan, PRODUCT_ID } from '@/test/loan-fixtures.ts';
import { rememberPlan, startingPlan } from './chosen-plan.ts';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('the plan chosen on the product page', () => {
  it('is where checkout starts, also in another tab or after the browser was closed', () => {
    rememberPlan(PRODUCT_ID, aMonthlyPlan().id);
    // A new tab (the sign-in link opened from the mail) starts with empty session storage.
    sessionStorage.clear();
    expect(startingPlan(PRODUCT_ID, [aPlan(), aMonthlyPlan()])).toBe(aMonthlyPlan().id);
  });

  it('is dropped when no longer offered: then only a single plan is chosen for the customer', () => {
    rememberPlan(PRODUCT_ID, aMonthlyPlan().id);
    expect(startingPlan(PRODUCT_ID, [aPlan()])).toBe(aPlan().id);
    expect(startingPlan(PRODUCT_ID, [aPlan(), { ...aMonthlyPlan(), id: '5f4e3d2c-1b0a-4f9e-8d7c-6b5a4f3e2d1c' }])).toBe(
      null,
    );
  });
});
