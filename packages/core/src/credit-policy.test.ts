import { describe, expect, it } from 'vitest';
import {
  creditPolicyRulesSchema,
  DEFAULT_CREDIT_POLICY,
  monthlyEquivalent,
  repaymentScore,
  suggestCredit,
  type ApplicationFacts,
} from './credit-policy.ts';

const good: ApplicationFacts = {
  openLoans: 1,
  loansInArrears: 0,
  monthlyInstalments: 60_000,
  declaredMonthlyIncome: 400_000,
  score: null,
};

describe('the repayment score', () => {
  it('is null for a customer with nothing due yet', () => {
    expect(repaymentScore([{ dueDate: '2026-12-01', amountDue: 10_000, paidOn: null }], '2026-11-25')).toEqual({
      score: null,
      due: 0,
      onTime: 0,
      worstDaysLate: 0,
    });
  });

  it('is the share paid on time less a point for every three days of the worst arrears', () => {
    // Ten weekly instalments: eight on time, one 9 days late, one still unpaid 4 days after its date.
    const history = [
      ...Array.from({ length: 8 }, (_, i) => ({
        dueDate: `2026-09-${String(i + 1).padStart(2, '0')}`,
        amountDue: 10_000,
        paidOn: `2026-09-${String(i + 1).padStart(2, '0')}`,
      })),
      { dueDate: '2026-10-01', amountDue: 10_000, paidOn: '2026-10-10' },
      { dueDate: '2026-11-21', amountDue: 10_000, paidOn: null },
      { dueDate: '2026-12-21', amountDue: 10_000, paidOn: null },
    ];
    // 8 of 10 due on time: 80, less floor(9 / 3) = 3.
    expect(repaymentScore(history, '2026-11-25')).toEqual({ score: 77, due: 10, onTime: 8, worstDaysLate: 9 });
  });

  it('takes at most 40 points for arrears and never goes below 0', () => {
    const late = [{ dueDate: '2025-01-01', amountDue: 10_000, paidOn: null }];
    expect(repaymentScore(late, '2026-01-01').score).toBe(0);
    const mostlyOnTime = [
      ...Array.from({ length: 9 }, () => ({ dueDate: '2025-01-01', amountDue: 1, paidOn: '2025-01-01' })),
      { dueDate: '2025-01-01', amountDue: 1, paidOn: '2025-12-31' },
    ];
    expect(repaymentScore(mostlyOnTime, '2026-01-01').score).toBe(50);
  });
});

describe('the policy suggestion', () => {
  it('approves at once when every check passes', () => {
    expect(suggestCredit(DEFAULT_CREDIT_POLICY, good)).toEqual({ outcome: 'approve', reasons: [] });
  });

  it('gives each failing check with its outcome, the strictest winning', () => {
    const rules = {
      ...DEFAULT_CREDIT_POLICY,
      outcomes: { ...DEFAULT_CREDIT_POLICY.outcomes, in_arrears: 'refuse' as const },
    };
    expect(
      suggestCredit(rules, { ...good, openLoans: 3, loansInArrears: 1, monthlyInstalments: 200_000, score: 40 }),
    ).toEqual({
      outcome: 'refuse',
      reasons: [
        { check: 'open_loan_limit', outcome: 'review' },
        { check: 'in_arrears', outcome: 'refuse' },
        { check: 'unaffordable', outcome: 'review' },
        { check: 'low_score', outcome: 'review' },
      ],
    });
  });

  it('holds the affordability line exactly at the ceiling', () => {
    // 30 % of 400,000 is 120,000: at it passes, a shilling over fails.
    expect(suggestCredit(DEFAULT_CREDIT_POLICY, { ...good, monthlyInstalments: 120_000 }).outcome).toBe('approve');
    expect(suggestCredit(DEFAULT_CREDIT_POLICY, { ...good, monthlyInstalments: 120_001 }).reasons).toEqual([
      { check: 'unaffordable', outcome: 'review' },
    ]);
  });

  it('applies the no-income outcome when no income was declared', () => {
    const rules = {
      ...DEFAULT_CREDIT_POLICY,
      outcomes: { ...DEFAULT_CREDIT_POLICY.outcomes, no_income: 'review' as const },
    };
    expect(suggestCredit(rules, { ...good, declaredMonthlyIncome: null })).toEqual({
      outcome: 'review',
      reasons: [{ check: 'no_income', outcome: 'review' }],
    });
  });
});

describe('the policy as admins write it', () => {
  it('accepts the default policy', () => {
    expect(creditPolicyRulesSchema.parse(DEFAULT_CREDIT_POLICY)).toEqual(DEFAULT_CREDIT_POLICY);
  });

  it('refuses a reminder day listed twice and values out of range, with a message', () => {
    const result = creditPolicyRulesSchema.safeParse({
      ...DEFAULT_CREDIT_POLICY,
      reminderDays: [3, 3],
      defaultAfterDays: 2,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message).sort()).toEqual([
      'A reminder day is listed twice',
      'The days before default must be at least 7',
    ]);
  });
});

describe('a monthly equivalent of an instalment', () => {
  it('is the instalment itself for a monthly plan, and scaled up for weekly and daily plans', () => {
    expect(monthlyEquivalent(50_000, 'monthly')).toBe(50_000);
    expect(monthlyEquivalent(7_000, 'weekly')).toBe(30_438);
    expect(monthlyEquivalent(1_000, 'daily')).toBe(30_438);
  });
});
