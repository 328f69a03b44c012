import { z } from 'zod';
import { ARREARS_BUCKETS } from './collections.ts';

/**
 * The portfolio over time, as the daily run recorded it (portfolio_days, loan_month_ends) and as
 * loans were paid (loan_payments). Shares are basis points; null when there is nothing to divide by.
 */

/** A bucket of the recorded portfolio: the arrears buckets, and defaulted loans. */
export const PORTFOLIO_BUCKETS = [...ARREARS_BUCKETS, 'defaulted'] as const;
export type PortfolioBucket = (typeof PORTFOLIO_BUCKETS)[number];

/**
 * One day's portfolio at risk: the balance of loans at least N days past due over all that is
 * outstanding. Buckets are exclusive (par30 holds 30 to 59 days), so PAR 30 adds par30, par60,
 * par90 and defaulted; defaulted loans count in every PAR, being past due by the policy's days.
 */
export const parDaySchema = z.object({
  day: z.string(),
  loans: z.number().int(),
  outstanding: z.number().int(),
  par1: z.number().int().nullable(),
  par30: z.number().int().nullable(),
  par60: z.number().int().nullable(),
  par90: z.number().int().nullable(),
});
export type ParDay = z.infer<typeof parDaySchema>;

/** A vintage: loans activated in one month, and the share of their credit price repaid by each month on book. */
export const vintageSchema = z.object({
  month: z.string(),
  loans: z.number().int(),
  creditPrice: z.number().int(),
  points: z.array(z.object({ monthOnBook: z.number().int(), repaid: z.number().int(), share: z.number().int() })),
});
export type Vintage = z.infer<typeof vintageSchema>;

/** Where the loans in one bucket at a month's end were at the next month's end ("closed": no longer open). */
export const ROLL_TARGETS = [...PORTFOLIO_BUCKETS, 'closed'] as const;
export type RollTarget = (typeof ROLL_TARGETS)[number];

export const rollRatesSchema = z.object({
  month: z.string(),
  next: z.string(),
  rows: z.array(
    z.object({
      from: z.enum(PORTFOLIO_BUCKETS),
      loans: z.number().int(),
      to: z.array(
        z.object({ bucket: z.enum(ROLL_TARGETS), loans: z.number().int(), share: z.number().int().nullable() }),
      ),
    }),
  ),
});
export type RollRates = z.infer<typeof rollRatesSchema>;

/** A share in basis points, rounded half up; null over nothing. */
export const shareBp = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part * 10_000) / whole);

/** The PAR figures of one day's bucket totals. */
export function parOfDay(
  day: string,
  buckets: Partial<Record<PortfolioBucket, { loans: number; outstanding: number }>>,
): ParDay {
  const owed = (b: PortfolioBucket) => buckets[b]?.outstanding ?? 0;
  const outstanding = PORTFOLIO_BUCKETS.reduce((sum, b) => sum + owed(b), 0);
  const loans = PORTFOLIO_BUCKETS.reduce((sum, b) => sum + (buckets[b]?.loans ?? 0), 0);
  const atLeast = (from: PortfolioBucket) =>
    shareBp(
      PORTFOLIO_BUCKETS.slice(PORTFOLIO_BUCKETS.indexOf(from)).reduce((sum, b) => sum + owed(b), 0),
      outstanding,
    );
  return {
    day,
    loans,
    outstanding,
    par1: atLeast('par1'),
    par30: atLeast('par30'),
    par60: atLeast('par60'),
    par90: atLeast('par90'),
  };
}
