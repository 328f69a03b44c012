import { addDays } from '@ecogrid/core/credit';
import type { Loan, LoanPlan, LoanSummary } from '@ecogrid/core/loans';
import type { Payment } from '@ecogrid/core/payments';
import type { AdminLoan, PortfolioFigures, PortfolioLoan } from '@/features/loans/admin/api.ts';

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
  depositDays: 7,
  paid: 225_000,
  outstanding: 495_000,
  nextDue: { dueDate: '2026-03-09', amount: 45_000 },
  daysPastDue: 0,
  startDate: '2026-02-23',
  deviceSerial: 'SK60-00042',
  warrantyUntil: '2028-03-12',
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
    lateFee: 0,
    status: i === 0 ? ('paid' as const) : ('due' as const),
  })),
  payments: [
    {
      id: '3f4a5b6c-7d8e-4f9a-8b1c-2d3e4f5a6b7c',
      reference: 'EG-R1PAYMNT',
      kind: 'repayment',
      method: 'wallet',
      amount: 45_000,
      feesPaid: 0,
      status: 'successful',
      createdAt: '2026-03-02T06:00:00.000Z',
    },
    {
      id: '4a5b6c7d-8e9f-4a0b-9c2d-3e4f5a6b7c8d',
      reference: 'EG-DEPOSIT1',
      kind: 'deposit',
      method: 'mtn',
      amount: 180_000,
      feesPaid: 0,
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

export const PLAN_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

/** A plan as the admin API answers it: 25 % down, 12 monthly instalments, 20 % markup. */
export const aYearlyPlan = (changes: Partial<LoanPlan> = {}): LoanPlan =>
  aPlan({ id: PLAN_ID, name: 'Pay monthly for a year', frequency: 'monthly', ...changes });

/** A loan in the portfolio list; each test changes what it is about. */
export const aPortfolioLoan = (changes: Partial<PortfolioLoan> = {}): PortfolioLoan => ({
  id: LOAN_ID,
  number: 'LN-100042',
  status: 'active',
  productId: PRODUCT_ID,
  productName: 'Sun King Home 60',
  imageUrl: null,
  planName: 'Pay monthly for a year',
  cashPrice: 1_000_000,
  creditPrice: 1_200_000,
  deposit: 300_000,
  instalment: 75_000,
  lastInstalment: 75_000,
  instalments: 12,
  frequency: 'monthly',
  costOfCredit: 200_000,
  dailyRate: 2_466,
  depositDays: 31,
  paid: 375_000,
  outstanding: 825_000,
  nextDue: { dueDate: '2026-04-02', amount: 75_000 },
  daysPastDue: 12,
  startDate: '2026-02-02',
  deviceSerial: 'SK60-000123',
  warrantyUntil: '2028-03-12',
  decisionNote: null,
  depositDueBy: null,
  createdAt: '2026-02-01T07:15:00.000Z',
  customerName: 'Nakato Sarah',
  customerPhone: '+256772123456',
  district: 'Mukono',
  agentCode: 'AG-001',
  ...changes,
});

/** One loan as the admin detail answers it, with its schedule, payments and tokens. */
export const anAdminLoan = (changes: Partial<AdminLoan> = {}): AdminLoan => ({
  ...aPortfolioLoan(),
  schedule: [
    {
      id: 'r1',
      userId: 'u1',
      number: 1,
      dueDate: '2026-03-02',
      amountDue: 75_000,
      amountPaid: 75_000,
      lateFee: 0,
      status: 'paid',
    },
    {
      id: 'r2',
      userId: 'u1',
      number: 2,
      dueDate: '2026-04-02',
      amountDue: 75_000,
      amountPaid: 20_000,
      lateFee: 0,
      status: 'partly_paid',
    },
  ],
  payments: [
    {
      id: 'p2',
      reference: 'EG-REPAY002',
      kind: 'repayment',
      method: 'wallet',
      amount: 75_000,
      feesPaid: 0,
      status: 'successful',
      createdAt: '2026-03-01T09:00:00.000Z',
    },
    {
      id: 'p1',
      reference: 'EG-DEPOSIT1',
      kind: 'deposit',
      method: 'mtn',
      amount: 300_000,
      feesPaid: 0,
      status: 'successful',
      createdAt: '2026-02-02T09:00:00.000Z',
    },
  ],
  tokens: [{ token: '123 456 789', type: 'ADD_TIME', days: 30, count: 2, createdAt: '2026-03-01T09:00:01.000Z' }],
  ...changes,
});

export const FIGURES: PortfolioFigures = {
  outstanding: 12_500_000,
  par1: 2_150,
  par30: 1_234,
  par60: 500,
  par90: 0,
  collectionRate: 9_125,
  dueToDate: 8_000_000,
  collectedToDate: 7_300_000,
  paidAhead: 0,
  active: 40,
  completed: 12,
  pendingApproval: 3,
  inArrears: 7,
};
