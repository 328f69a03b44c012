import { addDays } from '@ecogrid/core/credit';
import type { Loan, LoanPlan, LoanSummary } from '@ecogrid/core/loans';
import type { Payment } from '@ecogrid/core/payments';

/** Loans, plans and payments as the API answers them, for page tests. */
export const LOAN_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const PRODUCT_ID = '0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b';

/** 25 % deposit, 20 % markup, 12 weekly instalments: on UGX 600,000 that is 180,000 then 12 × 45,000. */
export const aPlan = (changes: Partial<LoanPlan> = {}): LoanPlan => ({
  id: '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a',
  productId: PRODUCT_ID,
  name: 'Weekly, 12 weeks',
  depositBp: 2_500,
  instalments: 12,
  frequency: 'weekly',
  markupBp: 2_000,
  active: true,
  ...changes,
});

/** 10 % deposit, 15 % markup, 7 monthly instalments: the last absorbs the rounding. */
export const aMonthlyPlan = (changes: Partial<LoanPlan> = {}): LoanPlan =>
  aPlan({
    id: '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b',
    name: 'Monthly, 7 months',
    depositBp: 1_000,
    instalments: 7,
    frequency: 'monthly',
    markupBp: 1_500,
    ...changes,
  });

export const aSummary = (changes: Partial<LoanSummary> = {}): LoanSummary => ({
  id: LOAN_ID,
  number: 'LN-000007',
  status: 'active',
  productId: PRODUCT_ID,
  productName: 'SunKing Home 60 kit',
  imageUrl: null,
  planName: 'Weekly, 12 weeks',
  cashPrice: 600_000,
  creditPrice: 720_000,
  deposit: 180_000,
  instalment: 45_000,
  lastInstalment: 45_000,
  instalments: 12,
  frequency: 'weekly',
  costOfCredit: 120_000,
  dailyRate: 6_429,
  paid: 225_000,
  outstanding: 495_000,
  nextDue: { dueDate: '2026-03-09', amount: 45_000 },
  daysPastDue: 0,
  startDate: '2026-02-23',
  deviceSerial: 'SK60-00042',
  decisionNote: 'Approved automatically',
  depositDueBy: null,
  createdAt: '2026-02-23T08:00:00.000Z',
  ...changes,
});

/** An active loan: the deposit and the first instalment paid, a token for each. */
export const aLoan = (changes: Partial<Loan> = {}): Loan => ({
  ...aSummary(),
  schedule: Array.from({ length: 12 }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    userId: 'u1',
    number: i + 1,
    dueDate: addDays('2026-02-23', 7 * (i + 1)),
    amountDue: 45_000,
    amountPaid: i === 0 ? 45_000 : 0,
    status: i === 0 ? ('paid' as const) : ('due' as const),
  })),
  payments: [
    {
      id: '3f4a5b6c-7d8e-4f9a-8b1c-2d3e4f5a6b7c',
      reference: 'EG-R1PAYMNT',
      kind: 'repayment',
      method: 'wallet',
      amount: 45_000,
      status: 'successful',
      createdAt: '2026-03-02T06:00:00.000Z',
    },
    {
      id: '4a5b6c7d-8e9f-4a0b-9c2d-3e4f5a6b7c8d',
      reference: 'EG-DEPOSIT1',
      kind: 'deposit',
      method: 'mtn',
      amount: 180_000,
      status: 'successful',
      createdAt: '2026-02-23T08:01:00.000Z',
    },
  ],
  tokens: [
    { token: '482913075', type: 'ADD_TIME', days: 7, count: 3, createdAt: '2026-03-02T06:00:01.000Z' },
    { token: '130582746', type: 'ADD_TIME', days: 14, count: 1, createdAt: '2026-02-23T08:01:01.000Z' },
  ],
  ...changes,
});

export const aPayment = (changes: Partial<Payment> = {}): Payment => ({
  id: '5b6c7d8e-9f0a-4b1c-8d3e-4f5a6b7c8d9e',
  reference: 'EG-R2PAYMNT',
  purpose: 'loan_repayment',
  status: 'successful',
  method: 'wallet',
  amount: 45_000,
  phone: null,
  failureReason: null,
  failureMessage: null,
  orderId: null,
  createdAt: '2026-03-02T07:15:00.000Z',
  updatedAt: '2026-03-02T07:15:00.000Z',
  settledAt: '2026-03-02T07:15:00.000Z',
  expiresAt: null,
  ...changes,
});
