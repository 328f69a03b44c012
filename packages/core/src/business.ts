import { z } from 'zod';

/** An amount and how many made it (UGX, whole shillings). */
export const totalSchema = z.object({ amount: z.number().int(), count: z.number().int() });
export type Total = z.infer<typeof totalSchema>;

/** One period's business (Kampala time): sales in cash and on credit, money collected on loans, applications. */
export const periodFiguresSchema = z.object({
  from: z.string().describe('First day (YYYY-MM-DD), Kampala time'),
  cashSales: totalSchema.describe('Orders paid in the period, not on credit, not cancelled: their totals'),
  creditSales: totalSchema.describe('Loans activated in the period: their credit prices'),
  collections: totalSchema.describe('Deposits and repayments applied to loans in the period'),
  applications: z.number().int().describe('Loan applications made in the period'),
});
export type PeriodFigures = z.infer<typeof periodFiguresSchema>;

/** The admin home's figures: today, this week (from Monday) and this month, what waits, and 30 days of sales and collections. */
export const businessSummarySchema = z.object({
  today: periodFiguresSchema,
  week: periodFiguresSchema,
  month: periodFiguresSchema,
  waiting: z.object({
    loanApprovals: z.number().int().describe('Applications the credit policy left for a person'),
    identityChecks: z.number().int().describe('Identity checks submitted and not yet decided'),
    failedJobs: z.number().int().describe('Jobs that failed every try (dead letters)'),
  }),
  par: z
    .object({ day: z.string(), par1: z.number().int().nullable(), par30: z.number().int().nullable() })
    .nullable()
    .describe('Portfolio at risk in basis points, from the newest day the daily run recorded; null before the first'),
  agentCash: z.number().int().describe('Cash agents hold and have not handed over (UGX)'),
  days: z
    .array(z.object({ day: z.string(), sales: z.number().int(), collections: z.number().int() }))
    .describe('The last 30 days, oldest first: sales (cash and credit) and collections per day'),
});
export type BusinessSummary = z.infer<typeof businessSummarySchema>;
