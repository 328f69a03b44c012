/**
 * The credit policy admins set: when an application is approved at once, queued for a person or
 * refused, and what happens to a loan after arrears (reminders, default, repossession, write-off,
 * restructuring, follow-on loans). Each saved policy is a new version; every decision records the
 * version it used. Amounts are whole Uganda shillings, shares in basis points (2,500 = 25 %).
 */
import { z } from 'zod';

export const CREDIT_OUTCOMES = ['approve', 'review', 'refuse'] as const;
export type CreditOutcome = (typeof CREDIT_OUTCOMES)[number];

/** The checks an application goes through, each of which the policy maps to an outcome. */
export const CREDIT_CHECKS = ['open_loan_limit', 'in_arrears', 'unaffordable', 'no_income', 'low_score'] as const;
export type CreditCheck = (typeof CREDIT_CHECKS)[number];

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

const outcome = z.enum(CREDIT_OUTCOMES, { error: 'Choose approve, review or refuse' });

export const creditPolicyRulesSchema = z.strictObject({
  /** The most loans one customer may have open (waiting, approved or active). */
  openLoanLimit: whole('The open-loan limit', 1, 20),
  /** The largest share of the declared monthly income the instalments may take, per month. */
  maxInstalmentShareBp: whole('The affordability ceiling', 100, 10_000),
  /** A returning customer's repayment score (0–100) below which the low-score outcome applies. */
  minScore: whole('The lowest score', 0, 100),
  /** What each check failing leads to; every check passing approves at once. */
  outcomes: z.strictObject({
    open_loan_limit: outcome,
    in_arrears: outcome,
    unaffordable: outcome,
    no_income: outcome,
    low_score: outcome,
  }),
  /** Reminder days relative to each instalment's due date: -3 is three days before, 7 a week after. */
  reminderDays: z
    .array(whole('A reminder day', -30, 90), { error: 'List the reminder days' })
    .max(10, 'At most 10 reminders')
    .refine((days) => new Set(days).size === days.length, 'A reminder day is listed twice'),
  /** Days past due after which a loan is defaulted. */
  defaultAfterDays: whole('The days before default', 7, 365),
  /** Days since default before a loan may be written off. */
  writeOffAfterDays: whole('The days before write-off', 0, 730),
  /** The fee for extending a loan's term, per added instalment (0: none). */
  extensionFeePerInstalment: whole('The extension fee', 0, 1_000_000),
  /** The most instalments an extension may add. */
  maxExtensionInstalments: whole('The longest extension', 0, 365),
  /** A one-off late fee charged once per instalment this many days late (null: no late fee). */
  lateFee: z
    .strictObject({ amount: whole('The late fee', 1, 1_000_000), afterDays: whole('The late-fee days', 1, 90) })
    .nullable(),
  /** The share of the credit charge still ahead that paying off early takes away. */
  earlyPayoffDiscountBp: whole('The early-payoff discount', 0, 10_000),
  /** The deposit a follow-on loan asks of a customer who paid a loan off on time. */
  followOnDepositBp: whole('The follow-on deposit', 0, 9_000),
  /** The on-time share of instalments that makes a paid-off customer eligible for a follow-on loan. */
  followOnMinOnTimeBp: whole('The follow-on on-time share', 0, 10_000),
});
export type CreditPolicyRules = z.infer<typeof creditPolicyRulesSchema>;

/** The policy before any admin has saved one (version 0). */
export const DEFAULT_CREDIT_POLICY: CreditPolicyRules = {
  openLoanLimit: 2,
  maxInstalmentShareBp: 3_000,
  minScore: 60,
  outcomes: {
    open_loan_limit: 'review',
    in_arrears: 'review',
    unaffordable: 'review',
    no_income: 'approve',
    low_score: 'review',
  },
  reminderDays: [-3, 0, 3, 7, 14],
  defaultAfterDays: 90,
  writeOffAfterDays: 90,
  extensionFeePerInstalment: 0,
  maxExtensionInstalments: 12,
  lateFee: null,
  earlyPayoffDiscountBp: 5_000,
  followOnDepositBp: 1_000,
  followOnMinOnTimeBp: 9_000,
};

/** The follow-on offer: the policy's lower deposit for a customer who paid their loans off on time. */
export const followOnOfferSchema = z.object({ eligible: z.boolean(), depositBp: z.number().int().nullable() });
export type FollowOnOffer = z.infer<typeof followOnOfferSchema>;

/** A plan's terms with the follow-on deposit, when the customer has the offer and it is lower. */
export function withFollowOn<T extends { depositBp: number }>(plan: T, offer: FollowOnOffer): T {
  return offer.depositBp !== null && offer.depositBp < plan.depositBp ? { ...plan, depositBp: offer.depositBp } : plan;
}

/** The monthly income a customer declares when applying for credit, in whole UGX (optional). */
export const declaredIncomeSchema = z
  .number({ error: 'The monthly income must be a whole number of shillings' })
  .int('The monthly income must be a whole number of shillings')
  .min(1, 'The monthly income must be more than 0')
  .max(1_000_000_000, 'The monthly income is limited to 1,000,000,000 UGX')
  .optional();

export const creditPolicySchema = z.object({
  version: z.number().int(),
  rules: creditPolicyRulesSchema,
  note: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type CreditPolicy = z.infer<typeof creditPolicySchema>;

/** A version as admins read it: with the name of the admin who saved it (null for version 0). */
export const adminCreditPolicySchema = creditPolicySchema.extend({ createdByName: z.string().nullable() });
export type AdminCreditPolicy = z.infer<typeof adminCreditPolicySchema>;

export const creditPolicyInputSchema = z.strictObject({
  rules: creditPolicyRulesSchema,
  note: z.string().trim().min(1, 'Say why the policy changes').max(500, 'The note is limited to 500 characters'),
});

/** One instalment of a past or current loan, as the score reads it. */
export type InstalmentRecord = {
  dueDate: string;
  amountDue: number;
  /** When it was paid in full (yyyy-mm-dd, Kampala), or null while anything is owed. */
  paidOn: string | null;
};

export type RepaymentScore = {
  /** 0–100; null for a customer with no instalment due yet (a new customer). */
  score: number | null;
  /** Instalments due by today. */
  due: number;
  /** Of those, paid in full by their due date. */
  onTime: number;
  /** The most days any instalment was (or is) late. */
  worstDaysLate: number;
};

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/**
 * A returning customer's repayment score from their instalments due by `today`: the share paid on
 * time, less 1 point per 3 days of the worst arrears (at most 40), never below 0. Instalments not
 * yet due do not count; an instalment still unpaid is late until today.
 */
export function repaymentScore(instalments: readonly InstalmentRecord[], today: string): RepaymentScore {
  const due = instalments.filter((i) => i.dueDate <= today);
  if (due.length === 0) return { score: null, due: 0, onTime: 0, worstDaysLate: 0 };
  let onTime = 0;
  let worst = 0;
  for (const instalment of due) {
    const settled = instalment.paidOn ?? today;
    const late = Math.max(0, dayNumber(settled) - dayNumber(instalment.dueDate));
    if (instalment.paidOn !== null && late === 0) onTime++;
    worst = Math.max(worst, late);
  }
  const share = (onTime * 100) / due.length;
  const penalty = Math.min(40, Math.floor(worst / 3));
  return { score: Math.max(0, Math.round(share) - penalty), due: due.length, onTime, worstDaysLate: worst };
}

/** A recurring instalment as a monthly amount: 30.4375 days a month, 4.348 weeks. */
export function monthlyEquivalent(instalment: number, frequency: 'daily' | 'weekly' | 'monthly'): number {
  if (frequency === 'monthly') return instalment;
  return Math.ceil(frequency === 'weekly' ? (instalment * 365.25) / 12 / 7 : (instalment * 365.25) / 12);
}

export type ApplicationFacts = {
  /** Open loans, this application and the others of the same checkout included. */
  openLoans: number;
  /** Of the customer's open loans, those in arrears. */
  loansInArrears: number;
  /** What the customer's open loans and this one ask a month, together. */
  monthlyInstalments: number;
  /** The monthly income declared when applying, or null. */
  declaredMonthlyIncome: number | null;
  score: number | null;
};

export type CreditReason = { check: CreditCheck; outcome: CreditOutcome };
export type CreditSuggestion = { outcome: CreditOutcome; reasons: CreditReason[] };

const severity: Record<CreditOutcome, number> = { approve: 0, review: 1, refuse: 2 };

/**
 * What the policy suggests for an application, and why: every check that fails, with the outcome
 * the policy gives it; the strictest of those outcomes wins, and none failing approves at once.
 */
export function suggestCredit(rules: CreditPolicyRules, facts: ApplicationFacts): CreditSuggestion {
  const failed: CreditCheck[] = [];
  if (facts.openLoans > rules.openLoanLimit) failed.push('open_loan_limit');
  if (facts.loansInArrears > 0) failed.push('in_arrears');
  if (facts.declaredMonthlyIncome === null || facts.declaredMonthlyIncome <= 0) failed.push('no_income');
  else if (facts.monthlyInstalments * 10_000 > facts.declaredMonthlyIncome * rules.maxInstalmentShareBp)
    failed.push('unaffordable');
  if (facts.score !== null && facts.score < rules.minScore) failed.push('low_score');
  const reasons = failed.map((check) => ({ check, outcome: rules.outcomes[check] }));
  const outcome = reasons.reduce<CreditOutcome>(
    (worst, r) => (severity[r.outcome] > severity[worst] ? r.outcome : worst),
    'approve',
  );
  return { outcome, reasons };
}
