import { shareBp } from '@ecogrid/core/portfolio-reports';
import type { ReportTable } from '@ecogrid/core/reports';
import type { Database } from '#src/db/client.ts';
import type { DateRange } from '#src/platform/date-range.ts';
import {
  lossesByMonth,
  parHistory,
  portfolioOn,
  rollRatesOver,
  startVintages,
} from '#src/features/loans/loans.service.ts';
import { table } from './report-table.ts';

/**
 * Credit: the portfolio by bucket on the range's last recorded day, PAR over the range (the
 * loans page's portfolio reports, read from the daily run), loans started in each month with
 * what they repaid and what is late, roll rates month to month, defaults and write-offs.
 */
export async function creditReport(db: Database, range: DateRange): Promise<ReportTable[]> {
  const [portfolio, par, vintages, rolls, losses] = await Promise.all([
    portfolioOn(db, range.to),
    parHistory(db, range),
    startVintages(db, range),
    rollRatesOver(db, range),
    lossesByMonth(db, range),
  ]);
  return [
    table(
      'portfolio',
      'bar',
      ['bucket:code', 'outstanding:money', 'loans:count', 'day:day'],
      (portfolio?.buckets ?? []).map((b) => [b.bucket, b.outstanding, b.loans, portfolio!.day]),
    ),
    table(
      'par_history',
      'line',
      ['day:day', 'par1:bp', 'par30:bp', 'par60:bp', 'par90:bp'],
      par.map((d) => [d.day, d.par1, d.par30, d.par60, d.par90]),
    ),
    table(
      'vintages',
      'bar',
      ['month:month', 'loans:count', 'credit:money', 'paid:money', 'repaid_share:bp', 'owed:money', 'late_share:bp'],
      vintages.map((v) => [
        v.month,
        v.loans,
        v.credit,
        v.paid,
        shareBp(v.paid, v.credit),
        v.owed,
        shareBp(v.late, v.owed),
      ]),
    ),
    table(
      'roll_rates',
      'none',
      ['month:month', 'from:code', 'loans:count', ...rolls.targets.map((t) => `to_${t}:bp`)],
      rolls.months.flatMap((m) => m.rows.map((r) => [m.month, r.from, r.loans, ...r.to.map((t) => t.share)])),
    ),
    table(
      'defaults',
      'bar',
      ['month:month', 'defaulted:money', 'defaults:count', 'written_off:money', 'write_offs:count'],
      losses.map((l) => [l.month, l.defaulted, l.defaults, l.writtenOff, l.writeOffs]),
    ),
  ];
}
