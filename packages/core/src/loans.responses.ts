import { z } from 'zod';
import { CREDIT_CHECKS, CREDIT_OUTCOMES } from './credit-policy.ts';
import { loanSchema, loanSummarySchema, portfolioLoanSchema } from './loans.ts';

/**
 * What the admin loan routes answer beyond the shapes in loans.ts, declared once: the server
 * documents and checks its answers with these schemas, and the web app takes its types from them.
 */

/** One loan as an admin sees it: the customer's loan, whose it is, where they live and who serves them. */
export const adminLoanSchema = loanSchema.extend(
  portfolioLoanSchema.pick({ customerName: true, customerPhone: true, district: true, agentCode: true }).shape,
);
export type AdminLoan = z.infer<typeof adminLoanSchema>;

const creditReasonSchema = z.object({ check: z.enum(CREDIT_CHECKS), outcome: z.enum(CREDIT_OUTCOMES) });

/**
 * What an admin reads before deciding an application: what the policy suggested and why (with
 * the facts and the version it used), the customer's score now and how it was made, their other
 * loans and their recent payments.
 */
export const creditHistorySchema = z.object({
  policyVersion: z.number().int().nullable(),
  declaredIncome: z.number().int().nullable(),
  suggestion: z
    .object({
      outcome: z.enum(CREDIT_OUTCOMES),
      reasons: z.array(creditReasonSchema),
      score: z.number().int().nullable(),
      facts: z.object({
        openLoans: z.number().int(),
        loansInArrears: z.number().int(),
        monthlyInstalments: z.number().int(),
        declaredMonthlyIncome: z.number().int().nullable(),
        score: z.number().int().nullable(),
      }),
    })
    .nullable(),
  score: z.object({
    score: z.number().int().nullable(),
    due: z.number().int(),
    onTime: z.number().int(),
    worstDaysLate: z.number().int(),
  }),
  otherLoans: z.array(loanSummarySchema),
  recentPayments: z.array(
    z.object({
      loanNumber: z.string(),
      kind: z.enum(['deposit', 'repayment', 'recovery']),
      amount: z.number().int(),
      createdAt: z.string(),
    }),
  ),
});
export type CreditHistory = z.infer<typeof creditHistorySchema>;
