/**
 * Pay-as-you-go loans as the API shows them and takes them: plans, applications, repayments,
 * the tracker's view and the admin portfolio. The arithmetic is in credit.ts.
 */
import { z } from 'zod';
import { declaredIncomeSchema } from './credit-policy.ts';
import { LOAN_FREQUENCIES, LOAN_STATUSES, PLAN_LIMITS, REPAYMENT_STATUSES } from './credit.ts';

export {
  LOAN_STATUS_LABELS,
  LOAN_STATUSES,
  OPEN_LOAN_STATUSES,
  REPAYMENT_STATUSES,
  type LoanStatus,
  type RepaymentStatus,
} from './credit.ts';
import { uuidSchema } from './ids.ts';
import { checkoutSchema } from './orders.ts';
import { mobileNumberSchema, networkSchema } from './payments.ts';

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** A plan as an admin writes it; percentages in basis points (2,500 = 25 %). */
export const loanPlanInputSchema = z.strictObject({
  name: z
    .string({ error: 'Name the plan' })
    .trim()
    .min(1, 'Name the plan')
    .max(80, 'The name is limited to 80 characters'),
  depositBp: whole('The deposit', PLAN_LIMITS.depositBp.min, PLAN_LIMITS.depositBp.max),
  instalments: whole('The number of instalments', PLAN_LIMITS.instalments.min, PLAN_LIMITS.instalments.max),
  frequency: z.enum(LOAN_FREQUENCIES, { error: 'The frequency must be daily, weekly or monthly' }),
  markupBp: whole('The markup', PLAN_LIMITS.markupBp.min, PLAN_LIMITS.markupBp.max),
  active: z.boolean().default(true),
});
export type LoanPlanInput = z.input<typeof loanPlanInputSchema>;

export const loanPlanSchema = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  name: z.string(),
  depositBp: z.number().int(),
  instalments: z.number().int(),
  frequency: z.enum(LOAN_FREQUENCIES),
  markupBp: z.number().int(),
  active: z.boolean(),
});
export type LoanPlan = z.infer<typeof loanPlanSchema>;

export const paymentChoiceSchema = z.discriminatedUnion(
  'method',
  [
    z.strictObject({ method: z.literal('wallet') }),
    z.strictObject({ method: z.literal('mobile_money'), phone: mobileNumberSchema, network: networkSchema }),
  ],
  { error: 'Choose how to pay: wallet or mobile money' },
);
export type PaymentChoice = z.infer<typeof paymentChoiceSchema>;

/**
 * The credit part of the checkout: each credit line of the cart with the plan chosen for it, and
 * the customer's acceptance of the terms shown. Where the goods go, and how an approved loan's
 * deposit is paid, as for a cash order.
 */
export const loanApplicationSchema = checkoutSchema.safeExtend({
  // An approved loan's deposit is paid now: never on delivery.
  payment: paymentChoiceSchema,
  plans: z
    .array(z.strictObject({ cartItemId: uuidSchema('cart line'), planId: uuidSchema('plan') }), {
      error: 'Choose a plan for each credit line',
    })
    .min(1, 'Choose a plan for each credit line')
    .max(30, 'Too many credit lines'),
  acceptTerms: z.literal(true, { error: 'Read and accept the credit terms first' }),
  declaredIncome: declaredIncomeSchema,
});
export type LoanApplication = z.input<typeof loanApplicationSchema>;

export const loanRepaymentSchema = z.object({
  id: z.uuid(),
  userId: z.string(),
  number: z.number().int(),
  dueDate: z.string(),
  amountDue: z.number().int(),
  amountPaid: z.number().int(),
  /** The late fee charged on this instalment, part of its amount due, paid before the rest. */
  lateFee: z.number().int(),
  status: z.enum(REPAYMENT_STATUSES),
});
export type LoanRepayment = z.infer<typeof loanRepaymentSchema>;

export const loanPaymentSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  kind: z.enum(['deposit', 'repayment', 'recovery']),
  method: z.string(),
  amount: z.number().int(),
  /** The part of a repayment that paid fees: it bought no days of use. */
  feesPaid: z.number().int(),
  status: z.string(),
  createdAt: z.string(),
});
export type LoanPayment = z.infer<typeof loanPaymentSchema>;

export const loanTokenSchema = z.object({
  token: z.string(),
  type: z.string(),
  days: z.number().int().nullable(),
  count: z.number().int(),
  createdAt: z.string(),
});
export type LoanToken = z.infer<typeof loanTokenSchema>;

export const loanSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.enum(LOAN_STATUSES),
  productId: z.uuid(),
  productName: z.string(),
  imageUrl: z.string().nullable(),
  planName: z.string(),
  cashPrice: z.number().int(),
  creditPrice: z.number().int(),
  deposit: z.number().int(),
  instalment: z.number().int(),
  lastInstalment: z.number().int(),
  instalments: z.number().int(),
  frequency: z.enum(LOAN_FREQUENCIES),
  costOfCredit: z.number().int(),
  dailyRate: z.number().int(),
  /**
   * The days of use the deposit buys: to the first instalment's due date, from the loan's start
   * (from today while the deposit is still to pay).
   */
  depositDays: z.number().int(),
  /** Everything paid so far, deposit included. */
  paid: z.number().int(),
  /** What is left to pay: the credit price and fees added since, less what was paid and forgiven. */
  outstanding: z.number().int(),
  nextDue: z.object({ dueDate: z.string(), amount: z.number().int() }).nullable(),
  daysPastDue: z.number().int(),
  startDate: z.string().nullable(),
  deviceSerial: z.string().nullable(),
  /** The last day (in Kampala) of the device's warranty, from its delivery; null before delivery. */
  warrantyUntil: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** An approved loan's last day (in Kampala) to pay the deposit; after it the application is closed. */
  depositDueBy: z.string().nullable(),
  createdAt: z.string(),
});
export type LoanSummary = z.infer<typeof loanSummarySchema>;

export const loanSchema = loanSummarySchema.extend({
  schedule: z.array(loanRepaymentSchema),
  payments: z.array(loanPaymentSchema),
  tokens: z.array(loanTokenSchema),
});
export type Loan = z.infer<typeof loanSchema>;

/** A repayment of any amount from 1 shilling to what is still owed. */
export const repaySchema = z.strictObject({
  amount: z
    .number({ error: 'Enter the amount as a whole number of UGX' })
    .int('Enter the amount as a whole number of UGX')
    .min(1, 'Enter an amount above 0')
    .max(100_000_000, 'The amount is too large'),
  payment: paymentChoiceSchema,
});
export type Repay = z.infer<typeof repaySchema>;

export const loanDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    z.strictObject({ decision: z.literal('approve'), note: z.string().trim().max(300).optional() }),
    z.strictObject({
      decision: z.literal('reject'),
      note: z
        .string({ error: 'Say why the application is refused' })
        .trim()
        .min(3, 'Say why the application is refused')
        .max(300, 'The reason is limited to 300 characters'),
    }),
  ],
  { error: 'Approve or reject' },
);
export type LoanDecision = z.infer<typeof loanDecisionSchema>;

/** A loan in the admin portfolio list. */
export const portfolioLoanSchema = loanSummarySchema.extend({
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  district: z.string().nullable(),
  agentCode: z.string().nullable(),
});
export type PortfolioLoan = z.infer<typeof portfolioLoanSchema>;

/**
 * Portfolio at risk: the outstanding balance of loans more than N days past due over all that is
 * outstanding, in basis points.
 *
 * Collection rate: of the instalments that have fallen due (due date on or before today, in
 * Kampala), the share paid (`collectedToDate` over `dueToDate`), in basis points. Money paid
 * ahead of a due date counts once that instalment falls due, so the rate never passes 100 % and
 * one customer's early payments cannot hide another's arrears; until then it is `paidAhead`.
 * Deposits are not instalments and count in neither. Null while nothing has fallen due yet: a
 * rate of nothing over nothing is no rate at all.
 */
export const portfolioFiguresSchema = z.object({
  outstanding: z.number().int(),
  par1: z.number().int(),
  par30: z.number().int(),
  par60: z.number().int(),
  par90: z.number().int(),
  collectionRate: z.number().int().nullable(),
  dueToDate: z.number().int(),
  collectedToDate: z.number().int(),
  paidAhead: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  pendingApproval: z.number().int(),
  inArrears: z.number().int(),
});
export type PortfolioFigures = z.infer<typeof portfolioFiguresSchema>;

export const portfolioFiltersSchema = z.object({
  status: z.enum(LOAN_STATUSES).optional(),
  district: z.string().trim().max(100).optional(),
  agent: z.string().trim().max(40).optional(),
  minDaysPastDue: z.coerce.number().int().min(0).max(100_000).optional(),
  maxDaysPastDue: z.coerce.number().int().min(0).max(100_000).optional(),
});
export type PortfolioFilters = z.infer<typeof portfolioFiltersSchema>;

/** A loan's number for the customer and the call centre: LN- and its running number. */
export const loanNumber = (seq: number) => `LN-${String(seq).padStart(6, '0')}`;

/** Basis points as a percentage with one decimal: 1234 → "12.3 %". */
export const formatBp = (bp: number) => `${(bp / 100).toFixed(1)} %`;
