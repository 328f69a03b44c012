import type { BusinessSummary, PeriodFigures, Total } from '@ecogrid/core/business';
import { addDays, kampalaDate } from '@ecogrid/core/credit';
import type { Database } from '#src/db/client.ts';
import { DEAD_LETTER_QUEUE, type Jobs } from '#src/platform/jobs.ts';
import { identityChecksWaiting } from '#src/features/kyc/kyc.service.ts';
import {
  latestPar,
  loanBusinessByDay,
  loansWaitingApproval,
  type DayTotal,
} from '#src/features/loans/loans.service.ts';
import { cashSalesByDay } from '#src/features/orders/orders.service.ts';
import { agentsCashHeld } from '#src/features/wallet/ledger.service.ts';

/** The days the admin home charts, ending today. */
export const SUMMARY_DAYS = 30;

const kampalaStart = (day: string) => new Date(`${day}T00:00:00+03:00`);

/** The Monday of a day's week (Kampala calendar). */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The totals of the days from `from` on (inclusive), out of one measure's rows by day. */
function totalFrom(rows: DayTotal[], from: string): Total {
  return rows
    .filter((r) => r.day >= from)
    .reduce((sum, r) => ({ amount: sum.amount + Number(r.amount), count: sum.count + Number(r.count) }), {
      amount: 0,
      count: 0,
    });
}

/**
 * GET /api/admin/business-summary: today, this week (from Monday) and this month in Kampala
 * time, what waits for staff, PAR from the daily run's newest day, the cash agents hold, and 30
 * days of sales and collections. Each measure is one grouped query over the days since the
 * earliest of the three periods and the chart's first day, through a time index; the waiting
 * counts read small indexed sets; PAR is read from portfolio_days, not the loan book.
 */
export async function businessSummary(
  db: Database,
  jobs: Pick<Jobs, 'queues'>,
  now = new Date(),
): Promise<BusinessSummary> {
  const today = kampalaDate(now);
  const week = mondayOf(today);
  const month = `${today.slice(0, 8)}01`;
  const chartFrom = addDays(today, -(SUMMARY_DAYS - 1));
  const first = [week, month, chartFrom].sort()[0]!;
  const start = kampalaStart(first);
  const end = kampalaStart(addDays(today, 1));
  const [cash, loans, loanApprovals, identityChecks, par, agentCash, queues] = await Promise.all([
    cashSalesByDay(db, start, end),
    loanBusinessByDay(db, start, end),
    loansWaitingApproval(db),
    identityChecksWaiting(db),
    latestPar(db, today),
    agentsCashHeld(db),
    jobs.queues(),
  ]);
  const period = (from: string): PeriodFigures => ({
    from,
    cashSales: totalFrom(cash, from),
    creditSales: totalFrom(loans.credit, from),
    collections: totalFrom(loans.collected, from),
    applications: totalFrom(loans.applied, from).count,
  });
  const onDay = (rows: DayTotal[], day: string) => Number(rows.find((r) => r.day === day)?.amount ?? 0);
  return {
    today: period(today),
    week: period(week),
    month: period(month),
    waiting: {
      loanApprovals,
      identityChecks,
      failedJobs: queues.find((q) => q.name === DEAD_LETTER_QUEUE)?.total ?? 0,
    },
    par: par ? { day: par.day, par1: par.par1, par30: par.par30 } : null,
    agentCash,
    days: Array.from({ length: SUMMARY_DAYS }, (_, i) => {
      const day = addDays(chartFrom, i);
      return { day, sales: onDay(cash, day) + onDay(loans.credit, day), collections: onDay(loans.collected, day) };
    }),
  };
}
