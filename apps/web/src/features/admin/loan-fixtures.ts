import type { AdminLoan, LoanPlan, PortfolioFigures, PortfolioLoan } from './loans-api.ts';

export const LOAN_ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
export const PLAN_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const PRODUCT_ID = '0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b';

/** A plan as the admin API answers it: 25 % down, 12 monthly instalments, 20 % markup. */
export const aPlan = (changes: Partial<LoanPlan> = {}): LoanPlan => ({
  id: PLAN_ID,
  productId: PRODUCT_ID,
  name: 'Pay monthly for a year',
  depositBp: 2_500,
  instalments: 12,
  frequency: 'monthly',
  markupBp: 2_000,
  active: true,
  ...changes,
});

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
  paid: 375_000,
  outstanding: 825_000,
  nextDue: { dueDate: '2026-04-02', amount: 75_000 },
  daysPastDue: 12,
  startDate: '2026-02-02',
  deviceSerial: 'SK60-000123',
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
      status: 'paid',
    },
    {
      id: 'r2',
      userId: 'u1',
      number: 2,
      dueDate: '2026-04-02',
      amountDue: 75_000,
      amountPaid: 20_000,
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
      status: 'successful',
      createdAt: '2026-03-01T09:00:00.000Z',
    },
    {
      id: 'p1',
      reference: 'EG-DEPOSIT1',
      kind: 'deposit',
      method: 'mtn',
      amount: 300_000,
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
